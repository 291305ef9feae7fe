import { z } from 'zod';

/** What the model returns for the plan (structured output). Limits are checked after parsing. */
export const PlanDraftSchema = z.object({
  annotation: z.string(),
  keywords: z.array(z.string()),
  chapters: z.array(z.object({ title: z.string(), subsections: z.array(z.string()) })),
  goal: z.string(),
  tasks: z.array(z.string()),
  object: z.string(),
  subject: z.string(),
  methods: z.array(z.string()),
  searchQueries: z.array(z.string()),
});
export type PlanDraft = z.infer<typeof PlanDraftSchema>;

/** The plan object a demo hands to its full version (`fromDemo`). */
export const PaperPlanSchema = z.object({
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
  introduction: z.string(),
});
