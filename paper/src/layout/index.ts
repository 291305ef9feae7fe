/**
 * Lays a paper out for real: typeset the .docx, convert it with LibreOffice, read on which PDF page
 * every heading fell (from the PDF bookmarks), write those numbers into the contents and convert
 * again until the numbers printed in the contents are the pages the headings are on.
 */
import { PaperError, throwIfAborted } from '../errors.ts';
import { CHARS_PER_PAGE } from '../gost/constants.ts';
import type { PdfConverter } from '../pdf/types.ts';
import { readPdf } from '../pdf/bookmarks.ts';
import { tocLeaderGlitches } from './toc-lines.ts';
import { buildDocx } from '../typeset/docx.ts';
import type { PageMap, DocModel, HeadingRef } from '../typeset/types.ts';
import { appendixId, headingsOf, TOTAL_PAGES } from '../typeset/model.ts';
import type { LaidOutPaper } from './types.ts';

const norm = (s: string) =>
  s
    .replace(/[\s\u00A0]+/g, ' ')
    .trim()
    .toLowerCase();

/** Finds the page of each written heading in the PDF bookmarks, in document order. */
export function matchHeadings(headings: HeadingRef[], bookmarks: { title: string; page: number }[]): PageMap | null {
  const pages: PageMap = new Map();
  let cursor = 0;
  for (const h of headings) {
    if (h.planned) continue;
    const want = norm(h.text);
    let found = -1;
    for (let i = cursor; i < bookmarks.length; i++) {
      if (norm(bookmarks[i].title) === want) {
        found = i;
        break;
      }
    }
    if (found < 0 || bookmarks[found].page < 1) return null;
    pages.set(h.id, bookmarks[found].page);
    cursor = found + 1;
  }
  return pages;
}

/** A first guess at the pages, so the first pass already has numbers of the right width. */
function guessPages(model: DocModel): PageMap {
  const perPage = CHARS_PER_PAGE;
  const chars = (paras: { kind: string; text: string }[][]) => paras.reduce((n, p) => n + p.reduce((m, x) => m + x.text.length, 0), 0);
  const pages: PageMap = new Map();
  // Title page, the реферат (when there is one), the contents.
  let page = model.abstract ? 4 : 3;
  pages.set('introduction', page);
  page += Math.ceil(chars(model.introduction) / perPage);
  for (const ch of model.chapters) {
    if (!ch.written) continue;
    page += 1;
    pages.set(String(ch.number), page);
    let used = 0;
    for (const sub of ch.subsections) {
      pages.set(sub.number, page + Math.floor(used / perPage));
      used += chars(sub.paragraphs);
    }
    page += Math.ceil(used / perPage);
  }
  if (model.conclusion) pages.set('conclusion', ++page);
  if (model.conclusion) page += Math.ceil(chars(model.conclusion) / perPage);
  if (model.bibliography) pages.set('bibliography', ++page);
  if (model.bibliography) page += Math.ceil(model.bibliography.entries.length / 8);
  for (const [i] of (model.appendices ?? []).entries()) pages.set(appendixId(i), ++page);
  if (model.abstract) pages.set(TOTAL_PAGES, page);
  return pages;
}

/** The pages where the headings fell, and the page count when the реферат prints it. */
function measuredPages(model: DocModel, bookmarks: { title: string; page: number }[], pageCount: number): PageMap | null {
  const pages = matchHeadings(headingsOf(model), bookmarks);
  if (pages && model.abstract) pages.set(TOTAL_PAGES, pageCount);
  return pages;
}

/** One conversion: the page count and where the headings fell (the contents may still be off). */
export async function measurePaper(model: DocModel, converter: PdfConverter, options: { signal?: AbortSignal; pages?: PageMap } = {}) {
  throwIfAborted(options.signal);
  const docx = await buildDocx(model, { pages: options.pages ?? guessPages(model) });
  const pdf = await converter.convert(docx, { signal: options.signal });
  const { pageCount, bookmarks } = await readPdf(pdf);
  const pages = measuredPages(model, bookmarks, pageCount);
  if (!pages) throw new PaperError('pdf_failed', 'Не удалось найти заголовки работы в PDF для расчёта содержания');
  return { pageCount, pages };
}

/** Entries of the contents whose leader stands alone or is missing (not yet given a break). */
async function leaderGlitches(model: DocModel, pdf: Uint8Array, pages: PageMap, done: ReadonlySet<string>): Promise<string[]> {
  const listed = headingsOf(model).filter((h) => !h.planned);
  const firstPage = pages.get(listed[0]?.id ?? '') ?? 3;
  const contentsPages = Array.from({ length: Math.max(1, firstPage - 2) }, (_, i) => i + 2);
  const found = await tocLeaderGlitches(
    pdf,
    contentsPages,
    listed.map((h) => pages.get(h.id) ?? 0),
  );
  return found.map((i) => listed[i].id).filter((id) => !done.has(id));
}

const same = (a: PageMap, b: PageMap) => a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);

export async function layoutPaper(
  model: DocModel,
  converter: PdfConverter,
  options: { signal?: AbortSignal; maxPasses?: number; initialPages?: PageMap } = {},
): Promise<LaidOutPaper> {
  let pages = options.initialPages ?? guessPages(model);
  const tocBreaks = new Set<string>();
  const maxPasses = options.maxPasses ?? 5;
  for (let pass = 1; pass <= maxPasses; pass++) {
    throwIfAborted(options.signal);
    const docx = await buildDocx(model, { pages, tocBreaks });
    const pdf = await converter.convert(docx, { signal: options.signal });
    const { pageCount, bookmarks } = await readPdf(pdf);
    const measured = measuredPages(model, bookmarks, pageCount);
    if (!measured) throw new PaperError('pdf_failed', 'Не удалось найти заголовки работы в PDF для расчёта содержания');
    if (same(measured, pages)) {
      // The numbers are right; a title that fills its last line gets its last word moved down to the dots.
      const glitches = await leaderGlitches(model, pdf, pages, tocBreaks);
      if (glitches.length === 0) return { docx, pdf, pageCount, pages, conversions: pass };
      for (const id of glitches) tocBreaks.add(id);
      continue;
    }
    pages = measured;
  }
  throw new PaperError('pdf_failed', 'Номера страниц в содержании не сходятся после нескольких проходов вёрстки');
}
