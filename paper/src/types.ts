import type { CheckpointStore } from './checkpoints.ts';
import type { Writer } from './writer/types.ts';
import type { BibliographicSearch } from './sources/search/types.ts';
import type { PdfConverter } from './pdf/pool.ts';
import type { NormocontrolReport } from './normocontrol/types.ts';

export type PaperType = 'demo' | 'full';
export type Tariff = 'basic' | 'professional';

/** The user's own table of contents: exactly 3 chapters, each [title, subsection titles (3-4)]. */
export type UserStructure = [string, string[]][];

/** A file the user attached: its extracted text (PDF pages separated by "\f") and the user's GOST citation. */
export interface AttachedSource {
  text: string;
  citation: string;
  fileName: string;
}

export interface PaperInput {
  topic: string;
  type: PaperType;
  plan: Tariff;
  useFootnotes: boolean;
  /** Split bibliography into groups; only allowed together with footnotes. */
  separateBibliography: boolean;
  minPublicationYear: number;
  /** Pages of the full paper, 80-120. */
  requiredVolume: number;
  userStructure: UserStructure | null;
  attachedSources: AttachedSource[];
  /** The `plan` of an earlier demo run: the full paper keeps its title, annotation, structure and introduction. */
  fromDemo?: PaperPlan;
}

export interface ChapterPlan {
  title: string;
  subsections: string[];
}

/**
 * The outline of a paper, produced by the plan stage. JSON-serialisable: the worker stores it with
 * a demo and passes it back as `fromDemo` when the full version is bought.
 */
export interface PaperPlan {
  version: 1;
  topic: string;
  title: string;
  annotation: string;
  keywords: string[];
  chapters: ChapterPlan[];
  goal: string;
  tasks: string[];
  object: string;
  subject: string;
  methods: string[];
  /** Queries for the bibliographic search, Russian and English. */
  searchQueries: string[];
  /** The introduction's text (paragraphs separated by blank lines), written once and kept for the full paper. */
  introduction: string;
}

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
  /** Bibliographic search, or null: only the attached sources are used. */
  search: BibliographicSearch | null;
  checkpoints: CheckpointStore;
  onProgress: (p: ProgressEvent) => void | Promise<void>;
  pdf: PdfConverter;
  signal?: AbortSignal;
  /** The run's clock (access dates in the bibliography, the year on the title page). Defaults to now. */
  now?: Date;
  /** Title page details; placeholders are printed when absent. */
  titlePage?: TitlePageInfo;
}

export interface TitlePageInfo {
  organization?: string;
  department?: string;
  city?: string;
  /** e.g. "ВЫПУСКНАЯ КВАЛИФИКАЦИОННАЯ РАБОТА" (default) or "КУРСОВАЯ РАБОТА". */
  workKind?: string;
}

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
  usage: Usage;
  plan: PaperPlan;
  /** Who wrote the text: an LLM, or the offline writer (never to be shown to a customer as AI output). */
  writer: 'llm' | 'offline';
  /** Things the customer's paper is worse for, in Russian (a failed literature search, a missed volume). */
  warnings: string[];
}
