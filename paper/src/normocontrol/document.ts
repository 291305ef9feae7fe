/** A .docx read once and cut into the parts the rules look at. */
import { readPdf } from '../pdf/bookmarks.ts';
import type { Bookmark } from '../pdf/bookmarks.ts';
import type { ReadDocx, ReadParagraph } from '../docx/read.ts';

export const STRUCTURAL = {
  contents: 'СОДЕРЖАНИЕ',
  introduction: 'ВВЕДЕНИЕ',
  conclusion: 'ЗАКЛЮЧЕНИЕ',
  bibliography: 'СПИСОК ИСПОЛЬЗОВАННЫХ ИСТОЧНИКОВ',
};

/** РЕФЕРАТ: before the contents, which do not list it (ГОСТ 7.32-2017, 5.2, 5.4.1). */
export const ABSTRACT = 'РЕФЕРАТ';

/** A table's caption: "Таблица 1 – Название" (the dash is checked by the rule). */
export const TABLE_CAPTION = /^Таблица\s+(\d+)\s*(\S)\s*(.*)$/;

/** "ПРИЛОЖЕНИЕ А", then (as the engine sets it) its status and title on the lines below. */
export const APPENDIX = /^ПРИЛОЖЕНИЕ ([А-ЯЁ])(?:\s|$)/;

export const near = (a: number | undefined, b: number, tol: number) => a !== undefined && Math.abs(a - b) <= tol;
export const clean = (s: string) => s.replace(/[\s\u00A0]+/g, ' ').trim();
/** A paragraph's start, to say where a problem is. */
export const short = (s: string) => {
  const c = clean(s);
  return c.length > 60 ? `${c.slice(0, 57)}…` : c;
};

export interface Heading {
  p: ReadParagraph;
  text: string;
  level: number;
  kind: 'structural' | 'chapter' | 'subsection' | 'appendix' | 'other';
}

export interface TocEntry {
  title: string;
  page: number | undefined;
}

export interface BibliographyLine {
  n: number;
  text: string;
  group: string;
}

export interface CheckedDocument {
  doc: ReadDocx;
  paras: ReadParagraph[];
  isDemo: boolean;
  /** Index of the "СОДЕРЖАНИЕ" paragraph, -1 without one. */
  contentsIdx: number;
  headings: Heading[];
  /** Paragraphs of the contents (between its heading and the first heading). */
  tocEntries: TocEntry[];
  /** Body text: after the first heading, before the bibliography, not headings. */
  bodyParas: ReadParagraph[];
  bibHeading: Heading | undefined;
  bibliography: BibliographyLine[];
  /** Captions of tables ("Таблица 1 – …"), outside the body text. */
  tableCaptions: ReadParagraph[];
  /** Paragraphs before the contents (or before the first heading): the title page, then the реферат. */
  frontParas: ReadParagraph[];
  /** Given the PDF of the same document. */
  pdf: { pageCount: number; bookmarks: Bookmark[] } | null;
  /** The volume the user ordered, when the check knows it (the engine's own check). */
  volume: OrderedVolume | null;
}

export interface OrderedVolume {
  requested: number;
  min: number;
  max: number;
}

function headingsOf(paras: ReadParagraph[]): Heading[] {
  const headings: Heading[] = [];
  for (const p of paras) {
    const level = p.props.outlineLevel;
    if (level === undefined || level > 1 || !clean(p.text)) continue;
    const text = clean(p.text);
    const upper = text.toUpperCase();
    const kind = Object.values(STRUCTURAL).includes(upper)
      ? 'structural'
      : APPENDIX.test(text)
        ? 'appendix'
        : /^\d+\.\d+\.?\s/.test(text)
          ? 'subsection'
          : /^\d+\.?\s/.test(text)
            ? 'chapter'
            : 'other';
    headings.push({ p, text, level, kind });
  }
  return headings;
}

function tocEntryOf(p: ReadParagraph): TocEntry {
  const pageField = p.fields.find((f) => /^PAGEREF\b/i.test(f.instruction));
  const trailing = /\t\s*(\d+)\s*$/.exec(p.text);
  const page = pageField ? Number(pageField.result.trim()) : trailing ? Number(trailing[1]) : undefined;
  const title = clean(p.text.replace(/\t\s*\d*\s*$/, '').replace(/^(\d+(?:\.\d+)?)\t/, '$1 '));
  return { title, page: Number.isFinite(page) ? page : undefined };
}

/** Numbered entries; an unnumbered line is the heading of the group that follows. */
function bibliographyOf(paras: ReadParagraph[]): BibliographyLine[] {
  const entries: BibliographyLine[] = [];
  let group = '';
  for (const p of paras) {
    const text = clean(p.text);
    const m = /^(\d+)\.\s+(.*)$/.exec(text);
    if (!m) {
      group = text;
      continue;
    }
    entries.push({ n: Number(m[1]), text: p.text.replace(/^\s*\d+\.\s+/, ''), group });
  }
  return entries;
}

export async function analyse(doc: ReadDocx, pdf: Uint8Array | undefined, volume: OrderedVolume | null = null): Promise<CheckedDocument> {
  const paras = doc.paragraphs;
  const contentsIdx = paras.findIndex((p) => clean(p.text).toUpperCase() === STRUCTURAL.contents);
  const headings = headingsOf(paras);
  const firstHeadingIdx = headings.length ? headings[0].p.index : paras.length;
  const bibHeading = headings.find((h) => h.text.toUpperCase() === STRUCTURAL.bibliography);
  const tocParas = contentsIdx >= 0 ? paras.slice(contentsIdx + 1, firstHeadingIdx).filter((p) => clean(p.text)) : [];
  const mainText = paras.filter(
    (p) =>
      p.index > firstHeadingIdx &&
      (!bibHeading || p.index < bibHeading.p.index) &&
      p.props.outlineLevel === undefined &&
      !p.inTable &&
      clean(p.text).length > 0,
  );
  // A caption is the paragraph right before a table that starts with "Таблица N".
  const tableCaptions = mainText.filter((p) => TABLE_CAPTION.test(clean(p.text)) && paras[p.index + 1]?.inTable);
  const bodyParas = mainText.filter((p) => !tableCaptions.includes(p));
  // The list ends where the next heading (an appendix) begins.
  const afterBib = bibHeading ? headings.find((h) => h.p.index > bibHeading.p.index) : undefined;
  const bibParas = bibHeading
    ? paras.filter((p) => p.index > bibHeading.p.index && (!afterBib || p.index < afterBib.p.index) && clean(p.text))
    : [];
  const frontEnd = contentsIdx >= 0 ? contentsIdx : firstHeadingIdx;
  return {
    doc,
    paras,
    isDemo: doc.customProps.get('PaperKind') === 'demo',
    contentsIdx,
    headings,
    tocEntries: tocParas.map(tocEntryOf),
    bodyParas,
    tableCaptions,
    bibHeading,
    bibliography: bibHeading ? bibliographyOf(bibParas) : [],
    frontParas: paras.filter((p) => p.index < frontEnd && clean(p.text)),
    pdf: pdf ? await readPdf(pdf) : null,
    volume,
  };
}
