import type { EvidenceReport } from '@app/contract';
import type { CheckpointStore } from './checkpoints/types.ts';
import type { GlossaryEntry, Usage, Writer } from './writer/types.ts';
import type { SearchContext } from './sources/search/types.ts';
import type { PdfConverter } from './pdf/types.ts';
import type { Outline } from './outline/types.ts';
import type { DownloadLimits, FullTextStore } from './passages/types.ts';
import type { TitlePageInfo } from './input/types.ts';
import type { BibliographyEntry, PaperSourceRef } from './bibliography/types.ts';
import type { ClaimCounts, GroundingCounts } from './grounding/types.ts';
import type { SectionText } from './typeset/types.ts';

export interface ProgressEvent {
  /** Russian name of the stage, shown to the user. */
  stage: string;
  /** 0-100, never decreasing within a run. */
  percent: number;
}

/** «Отчёт об источниках» of a delivered version: the data (the CLI's `.evidence.json`), its .docx and its PDF. */
export interface PaperEvidence {
  report: EvidenceReport;
  docx: Buffer;
  pdf: Buffer;
}

export interface RunContext extends SearchContext {
  writer: Writer;
  checkpoints: CheckpointStore;
  onProgress: (p: ProgressEvent) => void | Promise<void>;
  pdf: PdfConverter;
  signal?: AbortSignal;
  /** A clean stop (a worker shutting down): once it fires, no new stage and no new model call
   * starts; the calls in flight finish and are stored, so the next worker repeats none of them.
   * `signal` then ends what is left. */
  stopping?: AbortSignal;
  /**
   * The model streams this run may hold at once (its tariff's quota): long texts are written in as
   * many parts side by side as fit them (writing/stage.ts). Absent: one part each.
   */
  streams?: number;
  /** The run's clock (access dates in the bibliography, the year on the title page). Defaults to now. */
  now?: Date;
  /** Title page details; placeholders are printed when absent. */
  titlePage?: TitlePageInfo;
  /** Where downloaded full texts are kept (each is downloaded once). Absent: found works are read
   * from their abstracts only, and nothing is downloaded. */
  fullTexts?: FullTextStore;
  /** Limits of full-text downloads (tests let their stand-ins on loopback answer). */
  fullTextDownloads?: DownloadLimits;
  /** An outside originality check (Text.ru) for full papers; absent: the engine's own check only. */
  originality?: OriginalityCheck | null;
  /** The configuration that wrote the paper, kept in the document's properties (the landing's
   * sample works name the model and the databases they were written with). */
  producedBy?: string;
}

/** Where a listed source was found to exist ('library': our own library of works). */
export type { SourceVerification } from '@app/contract';

export interface PaperResult {
  title: string;
  annotation: string;
  keywords: string[];
  /** "1. Chapter title" -> ["1.1 Subchapter", ...], as the product specification's structure. */
  structure: Record<string, string[]>;
  sections: SectionText[];
  bibliography: BibliographyEntry[];
  docx: Buffer;
  /** The preview: for a demo only the demo's pages. */
  pdf: Buffer;
  pageCount: number;
  volume: { requested: number | null; actual: number; withinTolerance: boolean };
  /** «Отчёт об источниках»: every citation with the passage it rests on. */
  evidence: PaperEvidence;
  normocontrol: NormocontrolReport;
  /** How much of the text overlaps its sources and itself, and which check said so. */
  originality: OriginalityReport;
  usage: Usage;
  outline: Outline;
  /** Who wrote the text: an LLM, or the offline writer (never to be shown to a customer as AI output). */
  writer: 'llm' | 'offline';
  /** Things the customer's paper is worse for, in Russian (a failed literature search, a missed volume). */
  warnings: string[];
  /** The list of sources with where each was verified, for the preview page. */
  sources: PaperSourceRef[];
  /** For the generation log: how the sources were read and what became of the cited claims. */
  citations: {
    /** Passages the sources were cut into. */
    passages: number;
    /** Found works read from an open full text (the others from their abstracts). */
    fullTexts: number;
    claims: ClaimCounts;
    /** The grounding corrections of the whole paper, by kind (names, pages, figures, repeated paragraphs…). */
    grounding: GroundingCounts;
    /** The topic's glossary: the English terms of the foreign passages in Russian, as the checks matched them. */
    glossary: GlossaryEntry[];
  };
}

/** Normocontrol: the violations of GOST form found in a .docx. */
export interface NormocontrolIssue {
  /** Stable rule id, e.g. "page.margins". */
  rule: string;
  /** Russian description of the violation. */
  message: string;
  /** Where: a heading, an entry number or the start of a paragraph. */
  where?: string;
}

export interface NormocontrolReport {
  ok: boolean;
  issues: NormocontrolIssue[];
  /** Rules that were checked (a rule missing here was not applicable). */
  checked: string[];
  stats: {
    paragraphs: number;
    headings: number;
    tocEntries: number;
    footnotes: number;
    bibliographyEntries: number;
    /** Present when a PDF was given. */
    pages?: number;
  };
}

/** The originality report of a paper, and the outside check it may come from. */
/** Which check gave the originality figure: the engine's own, or Text.ru's. */
export type OriginalityMethod = 'internal' | 'text.ru';

export interface OriginalityFragment {
  /** In the paper's own wording, citations left out. */
  text: string;
  words: number;
  /** The section it stands in ("introduction", "1.2", "conclusion"). */
  section: string;
  /** 'source': it overlaps a passage of one of the paper's sources; 'self': it repeats an earlier place of the paper. */
  kind: 'source' | 'self';
  /** The source's number in the list; null for a repetition, or a source the list does not carry. */
  sourceNumber: number | null;
  /** A short description of the source (authors, title, year); null for a repetition. */
  sourceTitle: string | null;
}

export interface OriginalityReport {
  method: OriginalityMethod;
  /** 0-100, one decimal: 100 % less the overlapping share (by the method used). */
  originalityPercent: number;
  /** The internal check's shares of the paper's words, 0-100, one decimal. */
  sourcePercent: number;
  selfPercent: number;
  /** Marked quotations, left out of the overlap. */
  quotedPercent: number;
  /** Words of the paper checked. */
  words: number;
  /** The longest overlapping fragments (internal check), longest first. */
  fragments: OriginalityFragment[];
  /** Text.ru's matching pages, most overlapping first (empty for the internal check). */
  matches: { url: string; percent: number }[];
  /** In Russian: why the configured outside check was not used; null when nothing to say. */
  note: string | null;
}

/** What an outside check says about a text. */
export interface OutsideResult {
  /** 0-100. */
  uniquePercent: number;
  matches: { url: string; percent: number }[];
}

/** A place where a check keeps what it must not repeat after a restart (a paid submission's id). */
export interface CheckMemo {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

/** An outside originality check (Text.ru). It throws OriginalityCheckError when it cannot answer. */
export interface OriginalityCheck {
  readonly method: Exclude<OriginalityMethod, 'internal'>;
  check(text: string, options: { signal?: AbortSignal; memo?: CheckMemo }): Promise<OutsideResult>;
}

/** The defence kit of a paper (defence/): the three files, the preview, and what they hold. */
export interface DefenceKit {
  title: string;
  /** The slides, 16:9, with the speech's parts in the speaker notes. */
  pptx: Buffer;
  /** «Доклад к защите». */
  speech: Buffer;
  /** «Вопросы комиссии и ответы». */
  questions: Buffer;
  /** The slides rendered by LibreOffice (what the slide normocontrol checked). */
  preview: Buffer;
  slides: { number: number; kind: string; title: string; lines: string[]; notes: string }[];
  speechParts: { slide: number; title: string; sentences: string[] }[];
  speechWords: number;
  /** Each with the page and the paper's statement (`statement`) its answer rests on. */
  questionList: { topic: string; question: string; answer: string; page: string; source: string; statement: string; where: string }[];
  /** Rounds of render and check the deck took, and the violations corrected on the way (none is delivered). */
  normocontrol: { rounds: number; corrected: { slide: number; rule: string; message: string }[] };
  /** The model's statements kept, and replaced or dropped as not grounded in the paper. */
  grounding: {
    bullets: { written: number; replaced: number };
    speech: { kept: number; dropped: number };
    questions: { kept: number; dropped: number };
  };
  usage: Usage;
  seconds: number;
}

export interface Progress {
  /** Enter a stage (its start percent). */
  stage(id: StageId): Promise<void>;
  /** A fraction 0..1 of the current stage is done. */
  part(fraction: number): Promise<void>;
}

/** The progress stages of a run (progress.ts names them in Russian and gives their ranges). */
export type StageId =
  | 'outline'
  | 'sources'
  | 'writing'
  | 'review'
  | 'conclusion'
  | 'typeset'
  | 'preview'
  | 'normocontrol'
  | 'originality'
  | 'evidence'
  | 'defence'
  | 'revision'
  | 'report'
  | 'done';
