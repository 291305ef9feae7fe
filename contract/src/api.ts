/** The ts-rest contract: every /api/v1 endpoint of the specification, once. */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import * as s from './schemas.ts';
import * as r from './revisions.ts';
import * as e from './evidence.ts';

const c = initContract();

/** A .docx's content type (downloads, and the files the service stores). */
export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const empty = z.object({}).strict().optional();

const registration = c.router({
  register: {
    method: 'POST',
    path: '/api/v1/registration/register/',
    body: s.registerBody,
    responses: { 201: s.verificationTokenBody, 409: s.registerConflictBody, 429: s.errorBody },
    summary: 'Register; sends a 6-digit code to the e-mail and sets the verification cookie',
  },
  resendVerificationEmail: {
    method: 'POST',
    path: '/api/v1/registration/resend-verification-email/',
    body: s.emailBody,
    responses: { 200: s.verificationTokenBody, 400: s.errorBody, 404: s.errorBody, 429: s.errorBody },
    summary: "Send a new code for the registration of the caller's verification cookie (404 without one for this e-mail)",
  },
  verifyEmail: {
    method: 'POST',
    path: '/api/v1/registration/verify-email/',
    body: s.codeBody,
    responses: { 200: s.okBody, 400: s.codeErrorBody, 409: s.registerConflictBody },
    summary:
      'Confirm the e-mail with the code; the registration is taken from the verification cookie. 409 when a verified account took its login meanwhile',
  },
});

const auth = c.router({
  login: {
    method: 'POST',
    path: '/api/v1/auth/login/',
    body: s.loginBody,
    responses: { 200: s.okBody, 401: s.errorBody, 403: s.unverifiedBody, 429: s.errorBody },
    summary: 'Log in by username or e-mail; sets the session cookie',
  },
  logout: {
    method: 'POST',
    path: '/api/v1/auth/logout/',
    body: empty,
    responses: { 200: s.okBody, 401: s.errorBody },
  },
  logoutAll: {
    method: 'POST',
    path: '/api/v1/auth/logout-all/',
    body: empty,
    responses: { 200: s.okBody, 401: s.errorBody },
    summary: 'Revoke every session of the user',
  },
});

const users = c.router({
  me: {
    method: 'GET',
    path: '/api/v1/users/me/',
    responses: { 200: s.profileBody, 401: s.errorBody },
  },
  changePassword: {
    method: 'POST',
    path: '/api/v1/users/change-password/',
    body: s.passwordBody,
    responses: { 200: s.okBody, 401: s.errorBody, 409: s.errorBody },
    summary: 'Change the password; revokes every session, the current one included',
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/users/delete/',
    body: c.noBody(),
    responses: { 200: s.okBody, 401: s.errorBody },
    summary: 'Delete the account: sessions revoked, personal data removed, payment records kept',
  },
});

/** The user's current order and generation (served by the orders module, under /users/). */
const generation = c.router({
  hasActiveGeneration: {
    method: 'GET',
    path: '/api/v1/users/has_active_generation/',
    responses: { 200: s.activeGenerationBody, 202: s.pendingGenerationBody, 400: s.noGenerationBody, 401: s.errorBody },
  },
});

const telegram = c.router({
  bind: {
    method: 'GET',
    path: '/api/v1/telegram/bind/',
    responses: { 200: s.telegramTokenBody, 401: s.errorBody, 404: s.errorBody, 409: s.errorBody },
    summary: 'A one-time token for the bot start parameter',
  },
  unbind: {
    method: 'POST',
    path: '/api/v1/telegram/unbind/',
    body: empty,
    responses: { 200: s.okBody, 400: s.errorBody, 401: s.errorBody },
  },
});

const papers = c.router({
  list: {
    method: 'GET',
    path: '/api/v1/papers/',
    query: s.paperListQuery,
    responses: { 200: s.paperListBody, 401: s.errorBody },
  },
  detail: {
    method: 'GET',
    path: '/api/v1/papers/:paperId/',
    pathParams: s.paperIdParams,
    responses: { 200: s.paperDetailBody, 401: s.errorBody, 404: s.errorBody },
  },
  downloadDocx: {
    method: 'GET',
    path: '/api/v1/papers/:paperId/docx/',
    pathParams: s.paperIdParams,
    responses: { 200: c.otherResponse({ contentType: DOCX, body: z.any() }), 401: s.errorBody, 404: s.errorBody },
    summary: 'The .docx of a paid full paper, named after the title',
  },
  previewPdf: {
    method: 'GET',
    path: '/api/v1/papers/:paperId/preview.pdf',
    pathParams: s.paperIdParams,
    responses: { 200: c.otherResponse({ contentType: 'application/pdf', body: z.any() }), 401: s.errorBody, 404: s.errorBody },
    summary: 'The preview PDF (only the demo pages for a demo)',
  },
  sourceFile: {
    method: 'GET',
    path: '/api/v1/papers/:paperId/sources/:number/file/',
    pathParams: s.paperSourceParams,
    responses: { 200: c.otherResponse({ contentType: 'application/octet-stream', body: z.any() }), 401: s.errorBody, 404: s.errorBody },
    summary: "The user's own file behind a source of the list (verified_by user_file), as it was uploaded; the owner only",
  },
});

export const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

export const DEFENCE_CONTENT_TYPES: Record<s.DefenceFile, string> = {
  'slides.pptx': PPTX,
  'speech.docx': DOCX,
  'questions.docx': DOCX,
  'preview.pdf': 'application/pdf',
};

/** A file of a ready defence kit: its owner only (anyone else, or before it is ready: 404). */
const defenceFile = (name: s.DefenceFile, summary: string) =>
  ({
    method: 'GET',
    path: `/api/v1/papers/:paperId/defence/${name}`,
    pathParams: s.paperIdParams,
    responses: { 200: c.otherResponse({ contentType: DEFENCE_CONTENT_TYPES[name], body: z.any() }), 401: s.errorBody, 404: s.errorBody },
    summary,
  }) as const;

const defence = c.router({
  kit: {
    method: 'GET',
    path: '/api/v1/papers/:paperId/defence/',
    pathParams: s.paperIdParams,
    responses: { 200: s.defenceKitBody, 401: s.errorBody, 404: s.errorBody },
    summary: 'The defence kit of a paper: its price, whether it is bought, its progress, its files when ready (the owner only)',
  },
  slides: defenceFile('slides.pptx', 'The slides (.pptx) with the speech in the speaker notes'),
  speech: defenceFile('speech.docx', '«Доклад к защите» (.docx)'),
  questions: defenceFile('questions.docx', 'The commission’s likely questions with answers and pages (.docx)'),
  preview: defenceFile('preview.pdf', 'The slides rendered to PDF, for the preview'),
});

const payment = c.router({
  promoCode: {
    method: 'GET',
    path: '/api/v1/payment/promo-code/:code/',
    pathParams: s.promoParams,
    responses: { 200: s.promoBody, 400: s.errorBody, 401: s.errorBody },
  },
  create: {
    method: 'POST',
    path: '/api/v1/payment/create/',
    contentType: 'multipart/form-data',
    /** Built by createPaymentFormData; its text fields are createPaymentFields. */
    body: c.type<FormData>(),
    responses: {
      200: s.createPaymentBody,
      400: s.errorBody,
      401: s.errorBody,
      404: s.errorBody,
      406: s.pendingPurchaseBody,
      409: s.errorBody,
      412: s.errorBody,
      413: s.errorBody,
      415: s.errorBody,
    },
    summary: 'Multipart: purchase_json, files (repeated), promo_code, from_telegram',
  },
  cancel: {
    method: 'POST',
    path: '/api/v1/payment/cancel/',
    body: s.cancelPaymentBody,
    responses: { 200: s.okBody, 400: s.errorBody, 401: s.errorBody, 404: s.errorBody },
  },
  refunds: {
    method: 'GET',
    path: '/api/v1/payment/refunds/',
    responses: { 200: s.refundListBody, 401: s.errorBody },
    summary: "The user's refunds, newest first: amount, status and why",
  },
  yookassaNotification: {
    method: 'POST',
    path: '/api/v1/payment/yookassa/notification/',
    body: z.unknown(),
    responses: { 200: s.okBody },
    summary: 'YooKassa HTTP notification; the payment is re-read from the API before it is believed',
  },
  sandboxPage: {
    method: 'GET',
    path: '/api/v1/payment/sandbox/:paymentId/',
    pathParams: z.object({ paymentId: z.string().max(64) }),
    responses: { 200: c.otherResponse({ contentType: 'text/html', body: z.string() }), 404: s.errorBody },
    summary: 'The built-in sandbox provider confirmation page (default, no real money)',
  },
  sandboxDecide: {
    method: 'POST',
    path: '/api/v1/payment/sandbox/:paymentId/:decision/',
    pathParams: z.object({ paymentId: z.string().max(64), decision: z.enum(['pay', 'cancel']) }),
    body: z.unknown(),
    responses: { 303: z.null(), 404: s.errorBody, 409: s.errorBody },
  },
});

/** Revisions of a purchased full paper: its versions, its rounds with each remark's outcome, a new round. */
const revisions = c.router({
  list: {
    method: 'GET',
    path: '/api/v1/papers/:paperId/revisions/',
    pathParams: s.paperIdParams,
    responses: { 200: r.revisionsBody, 401: s.errorBody, 404: s.errorBody },
    summary: "A paper's versions, its revision rounds (each remark's outcome) and the rounds left",
  },
  create: {
    method: 'POST',
    path: '/api/v1/papers/:paperId/revisions/',
    pathParams: s.paperIdParams,
    contentType: 'multipart/form-data',
    /** Built by createRevisionFormData: remarks (text), scope (JSON), pay, docx (the supervisor's .docx with comments). */
    body: c.type<FormData>(),
    responses: {
      200: r.revisionCreatedBody,
      400: s.errorBody,
      401: s.errorBody,
      402: s.errorBody.extend({ data: z.object({ price: z.number().int() }) }),
      404: s.errorBody,
      406: s.pendingPurchaseBody,
      409: s.errorBody,
      413: s.errorBody,
      415: s.errorBody,
    },
    summary:
      'A revision round: remarks as text and/or a .docx with Word comments, an optional scope. An included round starts at once; beyond them, with pay=true, the round is paid for first (confirmation_url)',
  },
  versionDocx: {
    method: 'GET',
    path: '/api/v1/papers/:paperId/versions/:version/docx/',
    pathParams: r.paperVersionParams,
    responses: { 200: c.otherResponse({ contentType: DOCX, body: z.any() }), 401: s.errorBody, 404: s.errorBody },
    summary: 'The .docx of a version of a purchased full paper',
  },
  versionPreview: {
    method: 'GET',
    path: '/api/v1/papers/:paperId/versions/:version/preview.pdf',
    pathParams: r.paperVersionParams,
    responses: { 200: c.otherResponse({ contentType: 'application/pdf', body: z.any() }), 401: s.errorBody, 404: s.errorBody },
  },
  versionReport: {
    method: 'GET',
    path: '/api/v1/papers/:paperId/versions/:version/report/',
    pathParams: r.paperVersionParams,
    responses: { 200: c.otherResponse({ contentType: DOCX, body: z.any() }), 401: s.errorBody, 404: s.errorBody },
    summary: '«Лист доработок» of the round that made the version: each remark, what was done and where',
  },
});

const passwordRecovery = c.router({
  request: {
    method: 'POST',
    path: '/api/v1/password-recovery/request/',
    body: s.emailBody,
    responses: { 200: s.okBody, 404: s.errorBody, 429: s.errorBody },
    summary: 'Send a recovery code; sets the recovery cookie',
  },
  resend: {
    method: 'POST',
    path: '/api/v1/password-recovery/resend/',
    body: s.emailBody,
    responses: { 200: s.okBody, 404: s.errorBody, 429: s.errorBody },
  },
  verifyCode: {
    method: 'POST',
    path: '/api/v1/password-recovery/verify-code/',
    body: s.codeBody,
    responses: { 200: s.okBody, 400: s.codeErrorBody },
  },
  update: {
    method: 'POST',
    path: '/api/v1/password-recovery/update/',
    body: s.passwordBody,
    responses: { 200: s.okBody, 400: s.errorBody },
    summary: 'Set a new password after a verified code; revokes every session',
  },
});

const review = c.router({
  list: {
    method: 'GET',
    path: '/api/v1/review/list/',
    query: s.reviewListQuery,
    responses: { 200: s.reviewListBody, 401: s.errorBody },
    summary: 'only_user_reviews=true needs a session',
  },
  stats: {
    method: 'GET',
    path: '/api/v1/review/stats/',
    responses: { 200: s.reviewStatsBody },
  },
  available: {
    method: 'GET',
    path: '/api/v1/review/available/',
    responses: { 200: s.reviewAvailableBody, 401: s.errorBody },
    summary: 'One review for each paid full paper not yet reviewed',
  },
  create: {
    method: 'POST',
    path: '/api/v1/review/create/',
    body: s.reviewBody,
    responses: { 201: s.reviewSavedBody, 400: s.errorBody, 401: s.errorBody },
  },
  update: {
    method: 'PATCH',
    path: '/api/v1/review/:id/',
    pathParams: s.reviewIdParams,
    body: s.reviewBody,
    responses: { 200: s.reviewSavedBody, 401: s.errorBody, 404: s.errorBody },
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/review/:id/',
    pathParams: s.reviewIdParams,
    body: c.noBody(),
    responses: { 200: s.okBody, 401: s.errorBody, 404: s.errorBody },
  },
});

const sources = c.router({
  estimate: {
    method: 'GET',
    path: '/api/v1/sources/estimate/',
    query: s.sourcesEstimateQuery,
    responses: { 200: s.sourcesEstimateBody, 401: s.errorBody },
    summary:
      "How many sources the databases have for a topic and minimum year, for the order form (the same search as the paper's, a short time limit, cached)",
    description:
      "Needs a session, like the order form. Validated by the order form's topic and year rules (422 with their Russian messages); " +
      "rate-limited per user (429). `planned` is what the paper's source plan will place of the works found (the engine's own choice: " +
      "works with an abstract, the foreign and recent shares, the plan's size per paper type), the least its list will hold; " +
      '`advice` says in Russian what to change (the topic, the year, the files) when the plan cannot reach the minimum.',
  },
});

/** Readiness: what a request needs besides this process, each checked with a short time limit. */
const readyBody = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.boolean(),
  queue: z.boolean(),
  storage: z.boolean(),
  /** The checks that failed, by name. */
  failed: z.array(z.enum(['database', 'queue', 'storage'])),
});

const system = c.router({
  health: {
    method: 'GET',
    path: '/api/health',
    responses: { 200: s.healthBody, 503: s.healthBody },
    summary: 'Liveness: the process answers (and whether the database does)',
  },
  ready: {
    method: 'GET',
    path: '/api/ready',
    responses: { 200: readyBody, 503: readyBody },
    summary: 'Readiness: PostgreSQL, the job queue (pg-boss schema) and file storage reachable; 503 names what is not',
  },
  config: {
    method: 'GET',
    path: '/api/v1/config/',
    responses: { 200: s.publicConfigBody },
    summary: 'Public settings for the web app',
  },
});

/** A file of «Отчёт об источниках»: the report's .docx or PDF. */
const evidenceFile = (path: string, contentType: string, summary: string, pathParams: z.AnyZodObject = s.paperIdParams) =>
  ({
    method: 'GET',
    path,
    pathParams,
    responses: { 200: c.otherResponse({ contentType, body: z.any() }), 401: s.errorBody, 404: s.errorBody, 429: s.errorBody },
    summary,
  }) as const;

/** «Отчёт об источниках» of a paper: every citation with the passage it rests on; its owner only (anyone else: 404). */
const evidence = c.router({
  report: {
    method: 'GET',
    path: '/api/v1/papers/:paperId/evidence/',
    pathParams: s.paperIdParams,
    responses: { 200: e.evidenceReport, 401: s.errorBody, 404: s.errorBody },
    summary: "The report of the version the preview shows (a demo's citations only; a bought paper's newest version)",
  },
  docx: evidenceFile('/api/v1/papers/:paperId/evidence.docx', DOCX, 'The report of the version the preview shows, as a .docx'),
  pdf: evidenceFile('/api/v1/papers/:paperId/evidence.pdf', 'application/pdf', 'The report of the version the preview shows, as a PDF'),
  versionReport: {
    method: 'GET',
    path: '/api/v1/papers/:paperId/versions/:version/evidence/',
    pathParams: r.paperVersionParams,
    responses: { 200: e.evidenceReport, 401: s.errorBody, 404: s.errorBody },
    summary: 'The report of a version of a bought paper',
  },
  versionDocx: evidenceFile(
    '/api/v1/papers/:paperId/versions/:version/evidence.docx',
    DOCX,
    "A version's report, as a .docx",
    r.paperVersionParams,
  ),
  versionPdf: evidenceFile(
    '/api/v1/papers/:paperId/versions/:version/evidence.pdf',
    'application/pdf',
    "A version's report, as a PDF",
    r.paperVersionParams,
  ),
});

/**
 * A supervisor's read-only link to one version of a paper (its PDF and its report, nothing else of
 * the account): created, listed with its openings and revoked by the owner; opened by anyone with
 * the token, which is unguessable, stored hashed and expires. A wrong, expired or revoked token
 * answers 404 in the same time as a right one.
 */
const shares = c.router({
  list: {
    method: 'GET',
    path: '/api/v1/papers/:paperId/links/',
    pathParams: s.paperIdParams,
    responses: { 200: e.shareLinksBody, 401: s.errorBody, 404: s.errorBody },
    summary: "The paper's supervisor links: each with its version, its expiry, whether it was revoked and how often it was opened",
  },
  create: {
    method: 'POST',
    path: '/api/v1/papers/:paperId/links/',
    pathParams: s.paperIdParams,
    body: e.shareLinkCreate,
    responses: { 201: e.shareLinkCreatedBody, 401: s.errorBody, 404: s.errorBody },
    summary: 'A read-only link to one version for a supervisor; its address is shown once',
  },
  revoke: {
    method: 'DELETE',
    path: '/api/v1/papers/:paperId/links/:linkId/',
    pathParams: e.shareLinkParams,
    body: z.unknown(),
    responses: { 200: s.okBody, 401: s.errorBody, 404: s.errorBody },
    summary: 'Revokes a link at once: it answers 404 from then on',
  },
  open: {
    method: 'GET',
    path: '/api/v1/shared/:token/',
    pathParams: e.shareTokenParams,
    responses: { 200: e.sharedPaperBody, 404: s.errorBody, 429: s.errorBody },
    summary: "A link's version as a guest sees it (no session): its title, the title page's name, its report; every opening is counted",
  },
  pdf: evidenceFile('/api/v1/shared/:token/paper.pdf', 'application/pdf', "The link's version as a PDF", e.shareTokenParams),
  evidenceDocx: evidenceFile('/api/v1/shared/:token/evidence.docx', DOCX, "The link's report, as a .docx", e.shareTokenParams),
  evidencePdf: evidenceFile('/api/v1/shared/:token/evidence.pdf', 'application/pdf', "The link's report, as a PDF", e.shareTokenParams),
});

export const contract = c.router(
  {
    registration,
    auth,
    users,
    generation,
    telegram,
    papers,
    defence,
    revisions,
    evidence,
    shares,
    payment,
    passwordRecovery,
    review,
    sources,
    system,
  },
  {
    strictStatusCodes: true,
    commonResponses: {
      400: s.errorBody,
      403: s.errorBody,
      413: s.errorBody,
      422: s.validationErrorBody,
      429: s.errorBody,
      500: s.errorBody,
    },
  },
);
export type Contract = typeof contract;
