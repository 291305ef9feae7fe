/** The sources estimate of an order, asked once its topic, year, volume and files have not changed
 * for a moment (issue 13: the user learns before paying whether the topic can have the minimum of
 * sources; issue 21: an order the estimate finds too few sources for cannot be paid). */
import { fields, type PaperType, type SourcesEstimate } from '@app/contract';
import { useEffect, useState } from 'react';
import { SOURCES_ESTIMATE } from '@/config/ui';
import { useSourcesEstimateQuery } from '../api/get-sources-estimate';

export interface SourcesEstimateState {
  estimate: SourcesEstimate | null;
  loading: boolean;
}

export function useSourcesEstimate(topic: string, minYear: number, requiredVolume: number, attached: number): SourcesEstimateState {
  const clean = topic.replace(/\s+/g, ' ').trim();
  const [asked, setAsked] = useState({ topic: '', min_year: minYear, required_volume: requiredVolume, attached });
  useEffect(() => {
    const timer = window.setTimeout(
      () => setAsked({ topic: clean, min_year: minYear, required_volume: requiredVolume, attached }),
      SOURCES_ESTIMATE.debounceMs,
    );
    return () => window.clearTimeout(timer);
  }, [clean, minYear, requiredVolume, attached]);
  const current =
    asked.topic === clean && asked.min_year === minYear && asked.required_volume === requiredVolume && asked.attached === attached;
  const query = useSourcesEstimateQuery(asked, fields.topic.safeParse(asked.topic).success);
  // While the user types, the last answer is for another order: not shown.
  return current ? query : { estimate: null, loading: query.loading || fields.topic.safeParse(clean).success };
}

/** What the estimate says against paying for this paper: the advice when every database answered
 * and they have too few sources (the server refuses such an order too), otherwise null. */
export function sourcesShortfall(estimate: SourcesEstimate | null, paperType: PaperType): string | null {
  if (!estimate?.searched || !estimate.complete) return null;
  return estimate.advice[paperType];
}
