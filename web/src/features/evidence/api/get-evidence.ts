import { tsr } from '@/lib/api-client';

/** «Отчёт об источниках» of the version the preview shows (a demo's: its citations only). */
export function useEvidence(paperId: number) {
  return tsr.evidence.report.useQuery({
    queryKey: ['evidence', paperId],
    queryData: { params: { paperId } },
    enabled: Number.isInteger(paperId) && paperId > 0,
    // No report (a paper made before reports were kept) is an answer, not a failure to retry.
    retry: false,
    staleTime: Infinity,
  });
}
