/** Request and response bodies of the API. Names follow the specification (section 3 and 7). */
import { z } from 'zod';
import * as f from './fields.ts';
import { errorCode } from './errors.ts';
import { V } from './messages.ts';
import { PAPER_SORTS, REVIEW_SORTS, LIMITS, DEFAULT_PAPER_SORT } from './rules.ts';

// ---------- shared shapes ----------

/** Every error is `{detail, code}` (code: see errors.ts); some carry extra fields named by the specification. */
export const errorBody = z.object({ detail: z.string(), code: errorCode });
export type ErrorBody = z.infer<typeof errorBody>;

export const validationErrorBody = z.object({
  detail: z.string(),
  code: errorCode,
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

export const okBody = z.object({ ok: z.literal(true), detail: z.string().optional() });

const bool = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

// ---------- registration ----------

export const registerBody = z.object({ username: f.username, email: f.email, password: f.password }).strict();
export const verificationTokenBody = z.object({ ok: z.literal(true), data: z.object({ verification_token: z.string() }) });
export const conflictField = z.enum(['username', 'email']);
export const registerConflictBody = z.object({
  detail: z.object({ message: z.string(), conflicts: z.array(conflictField) }),
  code: errorCode,
});
export const emailBody = z.object({ email: f.email }).strict();
export const codeBody = z.object({ code: f.code }).strict();
/** A wrong code: the attempts left. Without `data` the code has expired or attempts are spent. */
export const codeErrorBody = z.object({
  detail: z.string(),
  code: errorCode,
  data: z.object({ retries_left: z.number().int() }).optional(),
});

// ---------- auth and users ----------

export const loginBody = z.object({ username_or_email: f.loginName, password: f.loginPassword }).strict();
/** An unverified account with the right password: a fresh code is sent and the client goes to verify-email. */
export const unverifiedBody = z.object({
  detail: z.string(),
  code: errorCode,
  data: z.object({ email: z.string(), verification_token: z.string() }),
});
export const profileBody = z.object({ email: z.string(), username: z.string(), telegram_uid: z.string().nullable() });
export type Profile = z.infer<typeof profileBody>;
export const passwordBody = z.object({ password: f.password }).strict();

export const telegramTokenBody = z.object({ ok: z.literal(true), data: z.object({ token: z.string(), bot_url: z.string().nullable() }) });

// ---------- generation status ----------

export const generationStatusType = z.enum(['active_generation', 'pending_payment', 'no_active_generation']);
export const pendingPaymentData = z.object({
  confirmation_url: z.string(),
  topic: z.string(),
  task_id: z.string(),
  payment_id: z.string(),
  minutes_to_cancel: z.number().int(),
  seconds_to_cancel: z.number().int(),
});
export type PendingPaymentData = z.infer<typeof pendingPaymentData>;
export const activeGenerationBody = z.object({
  data: z.object({ type: z.literal('active_generation'), topic: z.string(), confirmation_url: z.null(), task_id: z.string() }),
});
export const pendingGenerationBody = z.object({
  data: pendingPaymentData.extend({ type: z.literal('pending_payment') }),
});
export const noGenerationBody = z.object({
  detail: z.string(),
  code: errorCode,
  data: z.object({ type: z.literal('no_active_generation'), topic: z.null(), confirmation_url: z.null(), task_id: z.null() }),
});

// ---------- papers ----------

export const paperListQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  search: z.string().trim().max(200).optional(),
  paper_type: f.paperType.default('demo'),
  order_by: z.enum(PAPER_SORTS).default(DEFAULT_PAPER_SORT),
});
export const paperListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  annotation: z.string(),
  download_url: z.string().nullable(),
});
export const paperListBody = z.object({ papers: z.array(paperListItem), total_count: z.number().int() });
export type PaperListItem = z.infer<typeof paperListItem>;

/** Filters that the purchase panel starts from. */
export const paperOptions = z.object({
  min_publication_year: z.number().int(),
  required_volume: z.number().int(),
  use_footnotes: z.boolean().optional(),
  separate_bibliography: z.boolean().optional(),
  references: z.array(z.string()),
});
export type PaperOptions = z.infer<typeof paperOptions>;

export const paperStructure = z.record(z.string(), z.array(z.string()));

/** Where a listed source was found to exist: its DOI, the repository that gave its record, the
 * user's own file, or our library of works; 'invented': nowhere, a record made up by the
 * development stand-in of the databases (an installation without them, never production). */
export const SOURCE_VERIFICATIONS = ['doi', 'repository', 'user_file', 'library', 'invented'] as const;
export type SourceVerification = (typeof SOURCE_VERIFICATIONS)[number];

/** A source of the paper's list, as the preview page shows it. */
export const paperSource = z.object({
  /** Its number in the list, as the references in the text cite it. */
  number: z.number().int().positive(),
  /** The GOST description, as printed. */
  text: z.string(),
  verified_by: z.enum(SOURCE_VERIFICATIONS),
  /** Where to open it: the DOI's URL, the landing page, or our download of the user's file
   * (/api/v1/papers/{id}/sources/{number}/file/); null when there is none. */
  url: z.string().nullable(),
});
export type PaperSource = z.infer<typeof paperSource>;
/** Which check gave the originality figure: the engine's own (5-grams against the paper's sources
 * and itself) or Text.ru's. */
export const ORIGINALITY_METHODS = ['internal', 'text.ru'] as const;
const percent = z.number().min(0).max(100);
/** The originality report of a paper, as the preview page shows it. */
export const paperOriginality = z.object({
  method: z.enum(ORIGINALITY_METHODS),
  /** 100 % less the share of the text that overlaps (by the method used). */
  originality_percent: percent,
  /** The internal check's shares of the words: overlapping the sources, repeating the paper
   * itself, and marked quotations (left out of the overlap). */
  source_percent: percent,
  self_percent: percent,
  quoted_percent: percent,
  words: z.number().int().nonnegative(),
  /** The longest overlapping fragments, longest first. */
  fragments: z.array(
    z.object({
      text: z.string(),
      words: z.number().int().positive(),
      /** "introduction", "1.2", "conclusion". */
      section: z.string(),
      kind: z.enum(['source', 'self']),
      /** The source's number in the list; null for a repetition or a source not in the list. */
      source_number: z.number().int().positive().nullable(),
      source_title: z.string().nullable(),
    }),
  ),
  /** Text.ru's matching pages (empty for the internal check). */
  matches: z.array(z.object({ url: z.string(), percent })),
  /** Why the configured Text.ru check was not used; null when there is nothing to say. */
  note: z.string().nullable(),
});
export type PaperOriginality = z.infer<typeof paperOriginality>;
export const paperDetailBody = z.object({
  id: z.number().int(),
  download_url: z.string().nullable(),
  structure: paperStructure,
  annotation: z.string(),
  title: z.string(),
  options: paperOptions,
  type: f.paperType.default('demo'),
  /** The paper's Tariff (fields.tariff), under the specification's name for it here. */
  generation_model: f.tariff.default('basic'),
  /** For a demo whose full version was bought: its .docx link, null while it is being written.
   * null when the full version was not bought (then the preview offers it for sale). */
  full_version: z.object({ download_url: z.string().nullable() }).nullable(),
  /** The list of sources in the order of their numbers (empty for papers made before it was kept). */
  sources: z.array(paperSource).default([]),
  /** The originality report; null for papers made before it was kept. */
  originality: paperOriginality.nullable().default(null),
});
export type PaperDetail = z.infer<typeof paperDetailBody>;
export const paperIdParams = z.object({ paperId: z.coerce.number().int().positive().max(2_147_483_647) });
export const paperSourceParams = paperIdParams.extend({ number: z.coerce.number().int().positive().max(1000) });

// ---------- payment ----------

export const promoParams = z.object({ code: z.string().min(1).max(LIMITS.promo.inputMax) });
export const promoBody = z.object({ ok: z.literal(true), data: z.object({ discount: z.number().int() }) });

const filters = {
  min_publication_year: f.publicationYear.default(LIMITS.publicationYear.default),
  required_volume: f.volume.default(LIMITS.volume.default),
  use_footnotes: z.boolean().default(false),
  separate_bibliography: z.boolean().default(false),
  gost_citations: z.array(f.gostCitation).max(LIMITS.files.max).default([]),
};

/** An order for a paper (a defence kit has no list of its own to split). */
const separateNeedsFootnotes = (v: { kind: string; use_footnotes?: boolean; separate_bibliography?: boolean }) =>
  !v.separate_bibliography || v.use_footnotes === true;

export type TitlePage = f.TitlePage;

export const newOrder = z
  .object({
    kind: z.literal('new'),
    title: f.topic,
    user_structure: f.userStructure.nullable().default(null),
    /** The Tariff (fields.tariff), under the specification's name for it in a purchase. */
    model_name: f.tariff,
    paper_type: f.paperType,
    ...filters,
    /** The title page's details; absent or null: lines the student fills in. */
    title_page: f.titlePage.nullable().default(null),
    /** The appendix that states how AI assisted (ticked by default in the form). */
    ai_appendix: z.boolean().default(true),
  })
  .strict();

export const fromDemoOrder = z
  .object({
    kind: z.literal('from_demo'),
    paper_id: z.number().int().positive(),
    /** The Tariff (fields.tariff); absent: the demo's. */
    model_name: f.tariff.optional(),
    paper_type: z.literal('full').default('full'),
    ...filters,
    /** Absent: the demo's own (the full version keeps its title page and its appendix). */
    title_page: f.titlePage.nullable().optional(),
    ai_appendix: z.boolean().optional(),
  })
  .strict();

/** The defence kit (slides, speech, questions) of the user's bought full paper. */
export const defenceOrder = z.object({ kind: z.literal('defence'), paper_id: z.number().int().positive().max(2_147_483_647) }).strict();

/** purchase_json of the payment/create multipart request. */
export const purchaseJson = z
  .discriminatedUnion('kind', [newOrder, fromDemoOrder, defenceOrder])
  .refine(separateNeedsFootnotes, { path: ['separate_bibliography'], message: V.separateNeedsFootnotes });
export type PurchaseJson = z.infer<typeof purchaseJson>;
export type PurchaseJsonInput = z.input<typeof purchaseJson>;

/** Text fields of the payment/create multipart form (files go alongside as `files`). */
export const createPaymentFields = z
  .object({
    purchase_json: z.string().max(20_000),
    promo_code: z.string().trim().max(LIMITS.promo.inputMax).optional(),
    from_telegram: bool.optional(),
  })
  .strict();
export const CREATE_PAYMENT_FILES_FIELD = 'files';

/** What a client sends to payment/create, before it becomes the multipart body. */
export interface CreatePaymentForm {
  purchase: PurchaseJsonInput;
  files?: readonly File[];
  promoCode?: string;
  fromTelegram?: boolean;
}

/** The payment/create multipart body, built in this one place: purchase_json as JSON text, each
 * file under `files`, the promo code and from_telegram as plain text. */
export function createPaymentFormData(form: CreatePaymentForm): FormData {
  const body = new FormData();
  body.append('purchase_json', JSON.stringify(form.purchase));
  for (const file of form.files ?? []) body.append(CREATE_PAYMENT_FILES_FIELD, file, file.name);
  if (form.promoCode) body.append('promo_code', form.promoCode);
  if (form.fromTelegram !== undefined) body.append('from_telegram', String(form.fromTelegram));
  return body;
}
export const createPaymentBody = z.object({
  ok: z.literal(true),
  data: z.object({ confirmation_url: z.string(), task_id: z.string(), payment_id: z.string(), amount: z.number() }),
});
/** Why captured money went back, as the cabinet says it. */
export const REFUND_REASONS = {
  generation_failed: 'Не удалось создать работу',
  order_canceled: 'Оплата пришла после отмены заказа',
  order_expired: 'Оплата пришла после истечения срока заказа',
  duplicate: 'Повторная оплата',
  account_deleted: 'Аккаунт удалён',
  support: 'Решение службы поддержки',
} as const;
export type RefundReason = keyof typeof REFUND_REASONS;
export const REFUND_STATUSES = ['pending', 'succeeded', 'canceled'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const refundItem = z.object({
  id: z.string(),
  task_id: z.string(),
  topic: z.string(),
  paper_type: f.paperType,
  amount: z.number().int(),
  /** pending: on its way back; succeeded: returned; canceled: declined by the provider (support acts). */
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  created_at: z.string(),
});
export type RefundItem = z.infer<typeof refundItem>;
export const refundListBody = z.object({ refunds: z.array(refundItem) });

export const pendingPurchaseBody = z.object({ detail: z.string(), code: errorCode, data: pendingPaymentData });
export const cancelPaymentBody = z.object({ payment_id: z.string().min(1).max(64) }).strict();

// ---------- the defence kit ----------

/** none: not bought; pending_payment: waiting for its payment; making: being made (progress on the
 * task's socket); ready: its files; failed: not made (the payment is refunded). */
export const DEFENCE_STATES = ['none', 'pending_payment', 'making', 'ready', 'failed'] as const;
export const DEFENCE_FILES = ['slides.pptx', 'speech.docx', 'questions.docx', 'preview.pdf'] as const;
export type DefenceFile = (typeof DEFENCE_FILES)[number];
export const defenceKitBody = z.object({
  state: z.enum(DEFENCE_STATES),
  /** The paper's full version is bought: its kit can be bought. */
  available: z.boolean(),
  /** The price of the kit for this paper's tariff. */
  price: z.number().int(),
  /** The order that makes (or made) it: its progress on /api/v1/users/ws/{task_id}. */
  task_id: z.string().nullable(),
  stage: z.string().nullable(),
  progress: z.number().min(0).max(100),
  /** Why it was not made (failed), in Russian. */
  error: z.string().nullable(),
  /** When ready: where each file is downloaded (the owner only). */
  files: z.object({ slides: z.string(), speech: z.string(), questions: z.string(), preview: z.string() }).nullable(),
  /** When ready: what it holds. */
  summary: z.object({ slides: z.number().int(), speech_words: z.number().int(), questions: z.number().int() }).nullable(),
});
export type DefenceKitStatus = z.infer<typeof defenceKitBody>;

// ---------- sources ----------

/** A number from the query string, checked by the order form's own rule (same Russian message). */
const queryNumber = <T extends z.ZodTypeAny>(rule: T) => z.preprocess((v) => (v === undefined || v === '' ? undefined : Number(v)), rule);

/** The order form's estimate: the topic and the years as the order will have them. */
export const sourcesEstimateQuery = z.object({
  topic: f.topic,
  min_year: queryNumber(f.publicationYear.default(LIMITS.publicationYear.default)),
  /** The full paper's volume: from 100 pages the minimum is higher. */
  required_volume: queryNumber(f.volume.default(LIMITS.volume.default)),
  /** Files the order attaches (a demo's purchase: the demo's): each counts toward the minimum. */
  attached: queryNumber(z.number().int().min(0).max(LIMITS.files.max).default(0)),
});
export type SourcesEstimateQuery = z.infer<typeof sourcesEstimateQuery>;

export const sourcesEstimateBody = z.object({
  /** false: no bibliographic database is configured (development); the counts are then 0. */
  searched: z.boolean(),
  /** Relevant works the databases have that a GOST list can describe (published in min_year or later). */
  found: z.number().int(),
  russian: z.number().int(),
  foreign: z.number().int(),
  /** Published in the last ten years. */
  recent: z.number().int(),
  minimum_demo: z.number().int(),
  minimum_full: z.number().int(),
  /** The works the paper's source plan will place, per paper type, the attached files among them
   * (only those when nothing was searched): the least its list will hold. Only works it can cite
   * count (an abstract read; a PDF not yet opened is not promised), up to the plan's size (a demo
   * about 12, a full paper 40 or 50). */
  planned: z.object({ demo: z.number().int(), full: z.number().int() }),
  enough_for_demo: z.boolean(),
  enough_for_full: z.boolean(),
  /** Every database answered in time: "not enough" is then final, and payment/create refuses such
   * an order (not_enough_sources); otherwise the order is taken and the paper's own search decides. */
  complete: z.boolean(),
  /** Up to 5 of the works found, best first. */
  sample: z
    .array(z.object({ title: z.string(), authors: z.array(z.string()), year: z.number().int(), container: z.string().nullable() }))
    .max(5),
  /** Russian: what to change (the topic, the year, the files) when there are too few for a demo
   * or a full paper; null when there are enough. */
  advice: z.object({ demo: z.string().nullable(), full: z.string().nullable() }),
});
export type SourcesEstimate = z.infer<typeof sourcesEstimateBody>;

// ---------- reviews ----------

export const reviewListQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(LIMITS.review.pageSize),
  order_by: z.enum(REVIEW_SORTS).default('date_desc'),
  only_user_reviews: bool.default(false),
});
export const review = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  comment: z.string(),
  username: z.string(),
  created_at: z.string(),
});
export type Review = z.infer<typeof review>;
export const reviewListBody = z.object({ reviews: z.array(review), total_count: z.number().int() });
export const reviewStatsBody = z.object({
  ok: z.literal(true),
  data: z.object({ total_reviews: z.number().int(), avg_rating: z.number() }),
});
export const reviewAvailableBody = z.object({ data: z.object({ count: z.number().int() }) });
export const reviewBody = z.object({ rating: f.reviewRating, comment: f.reviewComment }).strict();
export const reviewSavedBody = z.object({ ok: z.literal(true), data: review });
export const reviewIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

// ---------- system ----------

export const healthBody = z.object({ status: z.enum(['ok', 'degraded']), database: z.boolean() });
/** Public settings the web app needs (footer contact, Telegram bot link). */
export const publicConfigBody = z.object({
  support_email: z.string(),
  telegram_bot_username: z.string().nullable(),
  legal_entity: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigBody>;
