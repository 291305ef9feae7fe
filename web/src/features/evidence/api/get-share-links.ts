import { tsr } from '@/lib/api-client';

export const shareLinkKeys = { list: (paperId: number) => ['share-links', paperId] as const };

/** The paper's links for a supervisor, each with its expiry, openings and whether it was revoked. */
export function useShareLinks(paperId: number) {
  return tsr.shares.list.useQuery({
    queryKey: shareLinkKeys.list(paperId),
    queryData: { params: { paperId } },
    enabled: Number.isInteger(paperId) && paperId > 0,
  });
}
