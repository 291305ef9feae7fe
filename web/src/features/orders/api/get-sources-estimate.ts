import { sourcesEstimateBody, type SourcesEstimateQuery } from '@app/contract';
import { tsr } from '@/lib/api-client';
import { SOURCES_ESTIMATE } from '@/config/ui';

/** GET sources/estimate for a topic the order form accepts; only a well-formed 200 counts (anything
 * else, such as 429, leaves the form without an estimate, which then blocks nothing). */
export function useSourcesEstimateQuery(query: SourcesEstimateQuery, enabled: boolean) {
  const result = tsr.sources.estimate.useQuery({
    queryKey: ['sources', 'estimate', query.topic.toLowerCase(), query.min_year, query.required_volume, query.attached],
    queryData: { query },
    enabled,
    staleTime: SOURCES_ESTIMATE.staleMs,
    retry: false,
  });
  const parsed = result.data?.status === 200 ? sourcesEstimateBody.safeParse(result.data.body) : null;
  return { estimate: enabled && parsed?.success ? parsed.data : null, loading: enabled && result.isFetching };
}
