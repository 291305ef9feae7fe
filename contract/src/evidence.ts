/**
 * «Отчёт об источниках» as data: every citation of a delivered version with the passage it rests
 * on, made by the engine from the run's own grounding data (never from a model call). The same
 * JSON is written by the CLI (`paper.evidence.json`), stored beside every version and served to
 * its owner and to a supervisor's read-only link; the preview's citation panel shows its entries.
 */
import { z } from 'zod';

/** At most this much of a work is quoted per citation (ГК РФ ст. 1274: scholarly quoting, in the volume the purpose justifies). */
export const EVIDENCE_QUOTE_CHARS = 400;

export const evidenceEntry = z.object({
  /** The citation's place in the text, from 1: each footnote, each work inside an in-text bracket. */
  n: z.number().int(),
  /** "introduction", "1.2", "conclusion". */
  section: z.string(),
  sectionTitle: z.string(),
  /** The printed page of the paper where the sentence stands (null when it could not be found in the PDF). */
  paperPage: z.number().int().nullable(),
  /** The sentence as printed: an in-text reference in it, a footnote's mark left out. */
  sentence: z.string(),
  /** The reference as printed: «[3, с. 47]» or the footnote's text. */
  reference: z.string(),
  /** The footnote's number in the paper (footnotes), or null (in-text references). */
  footnote: z.number().int().nullable(),
  /** The work: its number in the list, its title, its DOI and/or address. */
  work: z.number().int(),
  title: z.string(),
  doi: z.string().nullable(),
  url: z.string().nullable(),
  /** The printed page of the work cited (a number or a range); null: cited without a page (its abstract). */
  page: z.string().nullable(),
  /** Verbatim from that page (or the abstract), at most EVIDENCE_QUOTE_CHARS. */
  quote: z.string(),
  /** The statement's figures, each found in the quote or not. */
  figures: z.array(z.object({ value: z.string(), found: z.boolean() })),
  /** The statement's key terms found on the page; `via`: the English term it was matched through (a foreign page). */
  keyTerms: z.array(z.object({ term: z.string(), via: z.string().nullable() })),
  /** The statement's key terms in all. */
  keyTermsTotal: z.number().int(),
  /** What was read of the work: its full text, or only its abstract. */
  readAs: z.enum(['full_text', 'abstract']),
});
export type EvidenceEntry = z.infer<typeof evidenceEntry>;

export const evidenceWork = z.object({
  number: z.number().int(),
  /** The list's entry (GOST R 7.0.100-2018). */
  entry: z.string(),
  title: z.string(),
  doi: z.string().nullable(),
  url: z.string().nullable(),
  /** Where it was found: 'doi', 'repository', 'library', 'user_file', 'invented'. */
  verifiedBy: z.string(),
  year: z.number().int().nullable(),
  language: z.enum(['ru', 'en']).nullable(),
  fullText: z.boolean(),
  /** Where the paper cites it: the sections and printed pages, in order. */
  citedIn: z.array(z.object({ section: z.string(), paperPage: z.number().int().nullable() })),
});
export type EvidenceWork = z.infer<typeof evidenceWork>;

export const evidenceReport = z.object({
  title: z.string(),
  entries: z.array(evidenceEntry),
  works: z.array(evidenceWork),
  summary: z.object({
    citations: z.number().int(),
    works: z.number().int(),
    fullTexts: z.number().int(),
    /** Statements the checks rewrote from their passages, rewrote without a citation, removed. */
    repaired: z.number().int(),
    rewritten: z.number().int(),
    removed: z.number().int(),
  }),
});
export type EvidenceReport = z.infer<typeof evidenceReport>;

// ---------- a supervisor's read-only link ----------

/** How long a link lives when the owner does not say (days), and at most. */
export const SHARE_LINK_DAYS = { default: 30, max: 90 } as const;

export const shareLinkParams = z.object({
  paperId: z.coerce.number().int().positive().max(2_147_483_647),
  linkId: z.coerce.number().int().positive().max(2_147_483_647),
});
/** A link's token: 32 random bytes, base64url (256 bits); anything else is 404 like a wrong one. */
export const shareTokenParams = z.object({ token: z.string().max(64) });

export const shareLinkCreate = z.object({
  /** The version shown: a bought paper's (1 = as delivered); absent: the one the preview shows. */
  version: z.number().int().positive().max(1000).optional(),
  days: z.number().int().min(1).max(SHARE_LINK_DAYS.max).default(SHARE_LINK_DAYS.default),
});

export const shareLink = z.object({
  id: z.number().int(),
  version: z.number().int().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  /** Times a guest opened it, and the last time. */
  openings: z.number().int(),
  last_opened_at: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLink>;

export const shareLinkCreatedBody = shareLink.extend({
  /** The address to give the supervisor: shown once (only the token's hash is stored). */
  url: z.string(),
});
export const shareLinksBody = z.object({ links: z.array(shareLink) });

/** What a guest with a link sees: the version's title, the name of its title page, its report; the PDF and the report's files beside. */
export const sharedPaperBody = z.object({
  title: z.string(),
  kind: z.enum(['demo', 'full']),
  version: z.number().int().nullable(),
  /** The student's name as the title page prints it, or null: nothing else of the account. */
  author: z.string().nullable(),
  page_count: z.number().int().nullable(),
  expires_at: z.string(),
  report: evidenceReport,
});
export type SharedPaper = z.infer<typeof sharedPaperBody>;
