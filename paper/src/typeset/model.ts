/** The document model's headings and tables (its types: types.ts). */
import type { DocAppendix, DocModel, DocTable, HeadingRef } from './types.ts';

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
