/** The sample works of the landing carousel, read from the manifest the server publishes next to
 * the sample files. Not part of the API contract: it is a static file. */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { env } from '@/config/env';

const sample = z.object({
  title: z.string(),
  type: z.enum(['Демо', 'Полный']),
  tariff: z.enum(['Базовый', 'Профессиональный']),
  price: z.number(),
  annotation: z.string(),
  downloadUrl: z.string().nullish(),
  hasBibliography: z.boolean(),
  hasFootnotes: z.boolean(),
  keywords: z.array(z.string()),
  /** The file's pages as laid out. */
  pages: z.number().int().positive().optional(),
  /** A full sample: the volume of the whole work it is taken from. */
  volume: z.number().int().positive().nullish(),
  /** The sources in its list. */
  sources: z.number().int().nonnegative().optional(),
  /** The model and databases that wrote it (a simulation when the samples were built without keys). */
  writtenBy: z.string().optional(),
});
export type Sample = z.infer<typeof sample>;

async function getSamples(): Promise<Sample[]> {
  const response = await fetch(`${env.apiUrl}/samples/manifest.json`, { credentials: 'include' });
  if (!response.ok) throw new Error(`samples manifest: HTTP ${response.status}`);
  return z.array(sample).parse(await response.json());
}

export function useSamples() {
  return useQuery({ queryKey: ['samples'], queryFn: getSamples, staleTime: Infinity });
}
