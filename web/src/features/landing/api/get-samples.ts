/** The sample works of the landing carousel, read from the manifest the server publishes next to
 * the sample files. Not part of the API contract: it is a static file. */
import { useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import type { Sample } from './sample-schema';

export type { Sample };

async function getSamples(): Promise<Sample[]> {
  const [response, { parseSamples }] = await Promise.all([
    fetch(`${env.apiUrl}/samples/manifest.json`, { credentials: 'include' }),
    import('./sample-schema'),
  ]);
  if (!response.ok) throw new Error(`samples manifest: HTTP ${response.status}`);
  return parseSamples(await response.json());
}

export function useSamples() {
  return useQuery({ queryKey: ['samples'], queryFn: getSamples, staleTime: Infinity });
}
