import { tsr } from '@/lib/api-client';

/** Seconds between looks at a paper's rounds while one is on its way (the progress itself has its socket). */
const RUNNING_REFRESH_MS = 5_000;

/** A paper's versions, revision rounds and the rounds left. */
export function useRevisions(paperId: number) {
  return tsr.revisions.list.useQuery({
    queryKey: ['revisions', paperId],
    queryData: { params: { paperId } },
    enabled: Number.isInteger(paperId) && paperId > 0,
    // Rounds finish in the worker while the user is on their progress screen: the page asks again
    // each time it is opened, rather than showing the versions it saw before the round.
    refetchOnMount: 'always',
    refetchInterval: (query) => {
      const body = query.state.data?.status === 200 ? query.state.data.body : null;
      return body?.revisions.some((r) => r.status === 'queued' || r.status === 'in_progress') ? RUNNING_REFRESH_MS : false;
    },
  });
}
