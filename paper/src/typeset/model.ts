/** What the typesetter lays out: a paper with its parts already written and references resolved. */
import type { Inline } from '../bibliography/types.ts';
import type { TitlePageInfo } from '../types.ts';

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

export const HEADINGS = {
  introduction: 'ВВЕДЕНИЕ',
  conclusion: 'ЗАКЛЮЧЕНИЕ',
  bibliography: 'СПИСОК ИСПОЛЬЗОВАННЫХ ИСТОЧНИКОВ',
  contents: 'СОДЕРЖАНИЕ',
  abstract: 'РЕФЕРАТ',
} as const;

/** How an appendix's heading reads, in the text and in the contents (its lines joined by spaces). */
export const appendixHeading = (a: DocAppendix) => ({
  label: `ПРИЛОЖЕНИЕ ${a.letter}`,
  status: `(${a.status})`,
  text: `ПРИЛОЖЕНИЕ ${a.letter} (${a.status}) ${a.title}`,
});

/** The tables of the paper, in order. */
export const tablesOf = (model: DocModel): DocTable[] =>
  model.chapters.flatMap((c) => (c.written ? c.subsections.flatMap((s) => (s.tables ?? []).map((t) => t.table)) : []));

/** An appendix's heading id (a bookmark name takes Latin letters only). */
export const appendixId = (index: number) => `appendix${index + 1}`;

/** The key of the page count in a PageMap: the реферат prints it, so the layout settles it too. */
export const TOTAL_PAGES = 'total';

export function headingsOf(model: DocModel): HeadingRef[] {
  const out: HeadingRef[] = [];
  const add = (id: string, text: string, level: 0 | 1, planned: boolean) =>
    out.push({ id, bookmark: `_TocPaper_${id.replace(/\./g, '_')}`, text, level, planned });
  add('introduction', HEADINGS.introduction, 0, false);
  for (const ch of model.chapters) {
    add(`${ch.number}`, `${ch.number} ${ch.title}`, 0, !ch.written);
    for (const sub of ch.subsections) add(sub.number, `${sub.number} ${sub.title}`, 1, !ch.written);
  }
  add('conclusion', HEADINGS.conclusion, 0, model.conclusion === null);
  add('bibliography', HEADINGS.bibliography, 0, model.bibliography === null);
  for (const [i, a] of (model.appendices ?? []).entries()) add(appendixId(i), appendixHeading(a).text, 0, false);
  return out;
}
