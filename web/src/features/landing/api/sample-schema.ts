/** The shape of the samples manifest, checked when it arrives (loaded with the request, so zod is not
 * in the landing's first script). */
import { SAMPLE_TARIFF_LABELS } from '@app/contract';
import { z } from 'zod';

const sample = z.object({
  title: z.string(),
  type: z.enum(['Демо', 'Полный']),
  tariff: z.enum([SAMPLE_TARIFF_LABELS.basic, SAMPLE_TARIFF_LABELS.professional]),
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

export const parseSamples = (json: unknown): Sample[] => z.array(sample).parse(json);
