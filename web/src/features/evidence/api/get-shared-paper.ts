import { tsr } from '@/lib/api-client';

/** What a supervisor's link shows (no session): the version's title, author, report and expiry. */
export function useSharedPaper(token: string) {
  return tsr.shares.open.useQuery({
    queryKey: ['shared', token],
    queryData: { params: { token } },
    // A wrong, expired or revoked link answers 404: asking again changes nothing.
    retry: false,
    // Every opening is counted: one per visit, not one per focus of the window.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
