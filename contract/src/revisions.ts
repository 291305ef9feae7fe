/**
 * Revisions until the defence: a purchased full paper revised by its supervisor's remarks, a new
 * version per round with its «Лист доработок». The limits of a round's remarks and the wire of
 * its form and of the cabinet (its price is in rules.ts, beside every other price).
 */
import { z } from 'zod';
import { paperIdParams } from './schemas.ts';

export const REVISION_LIMITS = {
  /** Remarks typed as text (one per paragraph or list item). */
  remarksChars: 10_000,
  /** Word comments read from one .docx. */
  comments: 100,
  /** A one-line instruction for a chosen section, and how many. */
  instructionChars: 300,
  instructions: 30,
  /** The supervisor's .docx. */
  docxBytes: 20 * 1024 * 1024,
} as const;

/** The multipart field of the supervisor's .docx. */
export const REVISION_DOCX_FIELD = 'docx';

/** A section of a paper: "introduction", "2" (a chapter), "2.1", "conclusion". */
export const sectionKey = z.string().regex(/^(introduction|conclusion|[1-9](\.[1-9]\d?)?)$/, 'Неизвестный раздел работы');

/** Which sections a round may change (null: the whole paper), and one-line instructions for chosen ones. */
export const revisionScope = z
  .object({
    sections: z.array(sectionKey).max(60).nullable().default(null),
    instructions: z
      .array(
        z
          .object({
            section: sectionKey,
            text: z
              .string()
              .trim()
              .min(3, 'Указание слишком короткое')
              .max(REVISION_LIMITS.instructionChars, `Указание — не длиннее ${REVISION_LIMITS.instructionChars} знаков`),
          })
          .strict(),
      )
      .max(REVISION_LIMITS.instructions)
      .default([]),
  })
  .strict();
export type RevisionScope = z.infer<typeof revisionScope>;

const json = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return Symbol('invalid JSON');
    }
  }, schema);

/** Text fields of the revision's multipart form (the .docx goes alongside as `docx`). */
export const createRevisionFields = z
  .object({
    /** Longer than REVISION_LIMITS.remarksChars is refused with its own code (remarks_too_long). */
    remarks: z.string().max(60_000).default(''),
    scope: json(revisionScope).optional(),
    /** The user agreed to pay for a round beyond the included ones. */
    pay: z.enum(['true', 'false']).optional(),
  })
  .strict();

/** What a client sends, before it becomes the multipart body. */
export interface CreateRevisionForm {
  remarks?: string;
  scope?: z.input<typeof revisionScope>;
  docx?: File | null;
  pay?: boolean;
}

export function createRevisionFormData(form: CreateRevisionForm): FormData {
  const body = new FormData();
  if (form.remarks) body.append('remarks', form.remarks);
  if (form.scope) body.append('scope', JSON.stringify(form.scope));
  if (form.docx) body.append(REVISION_DOCX_FIELD, form.docx, form.docx.name);
  if (form.pay !== undefined) body.append('pay', String(form.pay));
  return body;
}

export const revisionCreatedBody = z.object({
  ok: z.literal(true),
  data: z.object({
    task_id: z.string(),
    /** A paid round: where to pay (then the usual payment page); null for an included round. */
    confirmation_url: z.string().nullable(),
    payment_id: z.string().nullable(),
    amount: z.number().int(),
  }),
});

export const REMARK_CLASS_NAMES = { content: 'Содержание', sources: 'Источники', form: 'Оформление', author: 'Данные автора' } as const;
export const OUTCOME_NAMES = {
  done: 'Выполнено',
  partial: 'Выполнено частично',
  not_done: 'Не выполнено',
  author: 'Требует данных автора',
} as const;

export const remarkOutcome = z.object({
  n: z.number().int(),
  text: z.string(),
  origin: z.enum(['text', 'comment', 'instruction']),
  /** The text a Word comment was made on. */
  anchor: z.string().nullable(),
  class: z.enum(Object.keys(REMARK_CLASS_NAMES) as [keyof typeof REMARK_CLASS_NAMES]),
  kind: z.string(),
  status: z.enum(Object.keys(OUTCOME_NAMES) as [keyof typeof OUTCOME_NAMES]),
  detail: z.string(),
  /** «п. 2.1 «…», с. 34–36». */
  where: z.array(z.string()),
});
export type RemarkOutcomeItem = z.infer<typeof remarkOutcome>;

export const REVISION_STATUSES = ['pending_payment', 'queued', 'in_progress', 'completed', 'failed', 'canceled'] as const;
export const revisionItem = z.object({
  task_id: z.string(),
  status: z.enum(REVISION_STATUSES),
  /** Included in the purchase (free), or paid for. */
  included: z.boolean(),
  amount: z.number().int(),
  created_at: z.string(),
  from_version: z.number().int(),
  /** The version it made, once completed. */
  version: z.number().int().nullable(),
  stage: z.string().nullable(),
  progress: z.number().int(),
  error: z.string().nullable(),
  remarks: z.number().int(),
  outcomes: z.array(remarkOutcome),
});
export type RevisionItem = z.infer<typeof revisionItem>;

export const paperVersion = z.object({
  number: z.number().int(),
  created_at: z.string(),
  page_count: z.number().int().nullable(),
  download_url: z.string(),
  preview_url: z.string(),
  /** «Лист доработок» of the round that made it (null for the first version). */
  report_url: z.string().nullable(),
});
export type PaperVersion = z.infer<typeof paperVersion>;

export const revisionsBody = z.object({
  paper: z.object({
    id: z.number().int(),
    title: z.string(),
    /** The sections a round may choose: "introduction", "1.1", …, "conclusion", with their titles. */
    sections: z.array(z.object({ key: z.string(), title: z.string() })),
  }),
  versions: z.array(paperVersion),
  revisions: z.array(revisionItem),
  rounds: z.object({
    included: z.number().int(),
    used: z.number().int(),
    left: z.number().int(),
    /** The last day included rounds are free (ISO), null for a paper that cannot be revised. */
    free_until: z.string().nullable(),
    /** A round beyond the included ones. */
    price: z.number().int(),
    /** Why the paper cannot be revised now, in Russian (a round running, a paper made before revisions); null: it can. */
    blocked: z.string().nullable(),
  }),
});
export type RevisionsInfo = z.infer<typeof revisionsBody>;

export const paperVersionParams = paperIdParams.extend({ version: z.coerce.number().int().positive().max(1000) });
