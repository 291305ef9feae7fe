import { z } from 'zod';
import type { FoundWork } from '../bibliography/types.ts';

function isFoundWork(v: unknown): boolean {
  const w = v as FoundWork;
  return typeof w === 'object' && w !== null && typeof w.title === 'string' && typeof w.year === 'number' && Array.isArray(w.authors);
}

/** A demo's kept chapter (demo/kept-chapter.ts) as stored with its outline: checked when read back, the works only as far as they are used there. */
const KeptChapterSchema = z.object({
  subsections: z.array(z.array(z.string())),
  passages: z.array(
    z.object({
      id: z.string().regex(/^p\d+$/),
      page: z.string().nullable(),
      text: z.string(),
      source: z.union([z.object({ found: z.custom<FoundWork>(isFoundWork, 'not a found work') }), z.object({ attached: z.string() })]),
    }),
  ),
});

/** What the model returns for the outline (structured output). Limits are checked after parsing. */
export const OutlineDraftSchema = z.object({
  keywords: z.array(z.string()),
  chapters: z.array(z.object({ title: z.string(), subsections: z.array(z.string()) })),
  goal: z.string(),
  tasks: z.array(z.string()),
  object: z.string(),
  subject: z.string(),
  methods: z.array(z.string()),
  searchQueries: z.array(z.string()),
  searchQueriesEn: z.array(z.string()),
});

/**
 * A model's outline as read back: English queries may be missing (older stored answers, models that
 * skip them); an annotation, asked before it was written beside the texts (annotation/), is kept.
 */
export const OutlineDraftReadSchema = OutlineDraftSchema.extend({
  searchQueriesEn: z.array(z.string()).default([]),
  annotation: z.string().default(''),
});
export type OutlineDraft = z.infer<typeof OutlineDraftReadSchema>;

/** The outline a demo hands to its full version (`fromDemo`), checked wherever it is read back. */
export const OutlineSchema = z.object({
  version: z.literal(1),
  topic: z.string().min(1),
  title: z.string().min(1),
  annotation: z.string().min(1),
  keywords: z.array(z.string()).min(1),
  chapters: z.array(z.object({ title: z.string().min(1), subsections: z.array(z.string().min(1)).min(1).max(6) })).length(3),
  goal: z.string(),
  tasks: z.array(z.string()).min(1),
  object: z.string(),
  subject: z.string(),
  methods: z.array(z.string()),
  searchQueries: z.array(z.string()),
  /** Absent in outlines stored before English queries were asked for. */
  searchQueriesEn: z.array(z.string()).optional(),
  introduction: z.string(),
  keptChapter: KeptChapterSchema.optional(),
});
