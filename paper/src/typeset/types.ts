/**
 * What the typesetter lays out — a paper with its parts already written and references resolved
 * (the document model) — and what it hands on in the run's state.
 */
import type { Inline, PrintedCitation } from '../bibliography/types.ts';
import type { TitlePageInfo } from '../input/types.ts';

export type Para = Inline[];

/** A table (ГОСТ 7.32-2017, 6.6): numbered through the paper, its caption printed above it. */
export interface DocTable {
  number: number;
  /** The caption's text after "Таблица 1 – " (it may cite a source). */
  title: Para;
  header: Para[];
  rows: Para[][];
}

export interface DocSubsection {
  /** "1.2" */
  number: string;
  title: string;
  paragraphs: Para[];
  /** Tables, each after that many of the paragraphs. */
  tables?: { after: number; table: DocTable }[];
}

export interface DocChapter {
  number: number;
  title: string;
  subsections: DocSubsection[];
  /** False for chapters a demo only lists in its contents. */
  written: boolean;
}

export interface DocBibliography {
  /** Entries with their numbers; groups when split. */
  entries: { number: number; text: string }[];
  groups: { title: string; entries: { number: number; text: string }[] }[] | null;
}

/** РЕФЕРАТ (ГОСТ 7.32-2017, 5.2): printed before the contents, which do not list it. */
export interface DocAbstract {
  /** 5-15 keywords, printed in capitals. */
  keywords: string[];
  /** Object, aim, methods, results: plain text paragraphs. */
  paragraphs: string[];
}

/** An appendix (ГОСТ 7.32-2017, 6.14): "ПРИЛОЖЕНИЕ А", its status and title, listed in the contents. */
export interface DocAppendix {
  /** "А", "Б", ... */
  letter: string;
  /** "справочное" | "обязательное" | "рекомендуемое". */
  status: string;
  title: string;
  paragraphs: string[];
}

export interface DocModel {
  kind: 'demo' | 'full';
  /** Who wrote the text; an offline text is marked in the properties and on the title page. */
  writer: 'llm' | 'offline' | 'manual';
  /** The configuration that wrote it (RunContext.producedBy), in the document's properties. */
  producedBy?: string;
  title: string;
  annotation: string;
  keywords: string[];
  year: number;
  titlePage?: TitlePageInfo;
  introduction: Para[];
  chapters: DocChapter[];
  /** null: planned but not written (demo). */
  conclusion: Para[] | null;
  bibliography: DocBibliography | null;
  /** The реферат (a full paper has one); absent: none. */
  abstract?: DocAbstract | null;
  appendices?: DocAppendix[];
}

/** A heading of the paper, in document order: what the contents list and the PDF outline show. */
export interface HeadingRef {
  id: string;
  /** Bookmark name in the .docx. */
  bookmark: string;
  text: string;
  level: 0 | 1;
  /** Only listed in the contents (a demo's later parts). */
  planned: boolean;
}

export interface SectionText {
  /** "introduction", "1.2", "conclusion". */
  key: string;
  heading: string;
  /** Plain text, paragraphs separated by blank lines; references resolved: "[3, с. 45]", or a footnote as " (сноска: …)". */
  text: string;
}

/** A group of citations as the paper prints it, in the document's order: the evidence report's raw material. */
export interface PaperCitation extends PrintedCitation {
  /** "introduction", "1.2", "conclusion". */
  part: string;
  /** The paragraph (or a table's cell) with its source markers («[[S3, с. 47]]»), where `at` points. */
  paragraph: string;
}

export interface Assembled {
  model: DocModel;
  sectionTexts: SectionText[];
  citations: PaperCitation[];
}

/** Page numbers of headings by heading id; a missing id gets a placeholder. */
export type PageMap = Map<string, number>;
