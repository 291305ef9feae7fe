import { tsr } from '@/lib/api-client';

/** The defence kit of one of the user's papers: its price, state, progress and files. */
export function useDefenceKit(paperId: number) {
  return tsr.defence.kit.useQuery({
    queryKey: ['defence', paperId],
    queryData: { params: { paperId } },
    enabled: Number.isInteger(paperId) && paperId > 0,
  });
}
