import { tsr } from '@/lib/api-client';

/** One of the user's papers, for the preview page. */
export function usePaper(paperId: number) {
  return tsr.papers.detail.useQuery({
    queryKey: ['papers', 'detail', paperId],
    queryData: { params: { paperId } },
    enabled: Number.isInteger(paperId) && paperId > 0,
  });
}
