/**
 * A supervisor's remarks on a delivered paper, as a revision round takes them: what was said, where
 * (a Word comment's anchor, a section the text names, the scope the student chose), of which class,
 * and — once the round is done — what became of each one.
 */
import type { FoundWork } from '../bibliography/types.ts';

/** Where a remark came from: the text the student typed, a Word comment, a one-line instruction for a chosen section. */
export type RemarkOrigin = 'text' | 'comment' | 'instruction';

/** A remark as the student gave it. */
export interface RemarkInput {
  origin: RemarkOrigin;
  text: string;
  /** A comment's anchor: the text it was made on, as the .docx has it (the student may have edited it). */
  anchor?: string;
  /** The heading above a comment's anchor in that .docx. */
  heading?: string;
  /** An instruction's section: "introduction", "2.1", "conclusion". */
  section?: string;
}

/** Sections of a paper a revision can change: "introduction", "1.2", "conclusion". */
export type SectionKey = string;

/** What a revision round is asked: the remarks, and the sections it may change (null: the whole paper). */
export interface RevisionRequest {
  remarks: RemarkInput[];
  scope: SectionKey[] | null;
  /** The version revised and the one made, as the «Лист доработок» names them. */
  versions?: { from: number; to: number };
}

export const REMARK_CLASSES = ['content', 'sources', 'form', 'author'] as const;
export type RemarkClass = (typeof REMARK_CLASSES)[number];

/** What a remark asks for, within its class. */
export const REMARK_KINDS = {
  expand: 'content',
  shorten: 'content',
  example: 'content',
  table: 'content',
  chapter_conclusion: 'content',
  repetition: 'content',
  rewrite: 'content',
  outdated: 'sources',
  foreign: 'sources',
  recent: 'sources',
  cite_work: 'sources',
  citations: 'form',
  headings: 'form',
  numbering: 'form',
  layout: 'form',
  author_data: 'author',
} as const satisfies Record<string, RemarkClass>;
export type RemarkKind = keyof typeof REMARK_KINDS;

/** A classified remark with what its class needs to be applied. */
export interface ClassifiedRemark {
  kind: RemarkKind;
  class: RemarkClass;
  /** outdated: works published before this year go; recent: works of this year or later are added. */
  year?: number;
  /** foreign, recent: how many works to add. */
  count?: number;
  /** example: asked with figures («с цифрами»): the example must state a figure its cited passage holds. */
  figures?: boolean;
  /** cite_work: the work the student names. */
  work?: NamedWork;
  /** author_data: what only the author can give, in Russian («результаты опроса, проведённого автором»). */
  needs?: string;
}

/** A work a remark names: «сошлитесь на работу Иванова И. И. «Название» (2021)». */
export interface NamedWork {
  title?: string;
  author?: string;
  year?: number;
  doi?: string;
  /** As the remark said it. */
  said: string;
}

export type OutcomeStatus = 'done' | 'partial' | 'not_done' | 'author';

/** What became of a remark, in Russian, and where in the new version. */
export interface RemarkOutcome {
  /** 1-based, in the order the remarks were given. */
  n: number;
  text: string;
  origin: RemarkOrigin;
  anchor?: string;
  kind: RemarkKind;
  class: RemarkClass;
  status: OutcomeStatus;
  /** What was done, or why not («требует данных автора: …»). */
  detail: string;
  /** The sections it changed, in the document's order. */
  sections: SectionKey[];
  /** Where in the new version: «п. 2.1 «…», с. 34–36». Filled in once the paper is laid out. */
  where: string[];
}

/** The «Лист доработок» of a revision round. */
export interface RevisionReport {
  outcomes: RemarkOutcome[];
  /** Pages before and after. */
  pages: { before: number; after: number };
  /** Works added to the list and removed from it, as GOST descriptions. */
  added: string[];
  removed: string[];
  normocontrolViolations: number;
  originalityPercent: number;
}

/** A revision round in the run's state: what it is asked, and what it did. */
export interface RevisionState {
  request: RevisionRequest;
  /** The round's date (ISO): what «старше 5 лет» counts from; the access date of the works it adds. */
  at: string;
  /** The version revised: its pages, its list of sources as printed, and its texts. */
  base: {
    pageCount: number;
    bibliography: string[];
    written: { introduction: string[]; subsections: [string, string[]][]; conclusion: string[] | null };
  };
  /** The sections the round changed (filled in by the revision stage): no other one may change. */
  changed: SectionKey[];
  /** Filled in by the revision stage; the report stage adds the form's outcomes and the pages. */
  outcomes: RemarkOutcome[];
  /** The works this round found and cites. */
  added: FoundWork[];
  /** The report, once the new version is laid out, and its «Лист доработок» (.docx). */
  report?: RevisionReport;
  reportDocx?: Buffer;
}
