/** The order form's estimate of the sources its topic has, asked once the topic and the year have
 * not changed for a moment (issue 13: the user learns before paying whether the topic can have
 * the minimum of sources). */
import { fields } from '@app/contract';
import { useEffect, useState } from 'react';
import { SOURCES_ESTIMATE } from '@/config/ui';
import { useSourcesEstimateQuery } from '../api/get-sources-estimate';

export function useSourcesEstimate(topic: string, minYear: number, requiredVolume: number) {
  const clean = topic.replace(/\s+/g, ' ').trim();
  const [asked, setAsked] = useState({ topic: '', min_year: minYear, required_volume: requiredVolume });
  useEffect(() => {
    const timer = window.setTimeout(
      () => setAsked({ topic: clean, min_year: minYear, required_volume: requiredVolume }),
      SOURCES_ESTIMATE.debounceMs,
    );
    return () => window.clearTimeout(timer);
  }, [clean, minYear, requiredVolume]);
  const current = asked.topic === clean && asked.min_year === minYear && asked.required_volume === requiredVolume;
  const query = useSourcesEstimateQuery(asked, fields.topic.safeParse(asked.topic).success);
  // While the user types, the last answer is for another topic: not shown.
  return current ? query : { estimate: null, loading: query.loading || fields.topic.safeParse(clean).success };
}
