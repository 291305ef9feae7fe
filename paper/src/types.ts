import type { SourceVerification } from '@app/contract';
import type { CheckpointStore } from './checkpoints.ts';
import type { Writer } from './writer/types.ts';
import type { BibliographicSearch } from './sources/search/types.ts';
import type { PdfConverter } from './pdf/pool.ts';
import type { NormocontrolReport } from './normocontrol/types.ts';
import type { Outline } from './outline/types.ts';
import type { DownloadLimits, FullTextStore } from './passages/full-texts.ts';
import type { ClaimCounts } from './passages/types.ts';
import type { OriginalityCheck, OriginalityReport } from './originality/types.ts';
import type { TitlePageInfo } from './input.ts';

export interface ProgressEvent {
  /** Russian name of the stage, shown to the user. */
  stage: string;
  /** 0-100, never decreasing within a run. */
  percent: number;
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  /** LLM calls that make up this paper (including those restored from checkpoints). */
  calls: number;
  costRub?: number;
}

export interface RunContext {
  writer: Writer;
  /**
   * The bibliographic databases (OpenAlex, Crossref, a local catalogue), asked together and their
   * finds merged; null: only the attached sources are used (offline development).
   */
  search: BibliographicSearch | readonly BibliographicSearch[] | null;
  /** The api's own library of Russian and English works (a BibliographicSearch named 'library'), asked with `search`. */
  library?: BibliographicSearch | null;
  checkpoints: CheckpointStore;
  onProgress: (p: ProgressEvent) => void | Promise<void>;
  pdf: PdfConverter;
  signal?: AbortSignal;
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

/** Title page details (the order's or the run's). */
export type { TitlePageInfo } from './input.ts';

export interface SectionText {
  /** "introduction", "1.2", "conclusion". */
  key: string;
  heading: string;
  /** Plain text, paragraphs separated by blank lines; references resolved: "[3, с. 45]", or a footnote as " (сноска: …)". */
  text: string;
}

export interface BibliographyEntry {
  number: number;
  text: string;
  /** Group heading when the bibliography is split. */
  group?: string;
  origin: 'attached' | 'found';
}

/** Where a listed source was found to exist ('library': our own library of works). */
export type { SourceVerification } from '@app/contract';

/** A source of the list as the preview page shows it. */
export interface PaperSourceRef {
  number: number;
  /** The GOST description, as printed in the list. */
  text: string;
  verifiedBy: SourceVerification;
  /** Where to open it: the DOI's URL or the landing page; null for the user's own file (the api may link its download). */
  url: string | null;
  /** The user's file it is (its position among the attached files, from 0). */
  attachedIndex?: number;
}

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
  };
}
