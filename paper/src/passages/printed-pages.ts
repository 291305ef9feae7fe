/**
 * The page a reader finds a passage on is the page printed in the journal or book, not the index
 * of the page in a PDF file. In order of trust:
 *  1. the record's pages ("С. 45–52"): the first page plus the offset in the article, when the
 *     file has exactly the article's pages;
 *  2. the PDF's page labels (what a PDF viewer shows as the page number);
 *  3. the number printed on the pages: a lone number in the first or last lines, the same offset
 *     from the index on enough pages;
 *  4. the index of the page in the file, when nothing else is known (counted from the record's
 *     first page when there is one).
 * A repository's cover sheet (an unnumbered page before the article's first printed page: the
 * file has one page more than the record, or the page speaks of the repository) is no page of the
 * work, and neither is a page numbered outside the record's range: their pages are null, and
 * nothing on them is ever cited.
 */
import type { PageNumbering } from './types.ts';

/** Lines at the top and the bottom of a page where a running page number is printed. */
const EDGE_LINES = 2;
/** A lone number, maybe in dashes: "47", "– 47 –". */
const LONE_NUMBER = /^[\s\-–—]*(\d{1,4})[\s\-–—]*$/;

/** "С. 45–52" in a user's citation: the pages of an article in its journal. */
export function citedRange(citation: string): string | undefined {
  return /С\.\s*(\d+\s*[-–—]\s*\d+)/.exec(citation)?.[1];
}

/** "С. 45–52", "45-52", "pp. 45–52": the first and last page of the record. */
export function recordPageRange(pages: string | undefined): { first: number; last: number | null } | null {
  const m = /(\d{1,5})\s*(?:[-–—]\s*(\d{1,5}))?/.exec(pages ?? '');
  if (!m) return null;
  const first = Number(m[1]);
  const last = m[2] ? Number(m[2]) : null;
  if (first < 1 || (last !== null && last < first)) return null;
  return { first, last };
}

function edgeLines(pageText: string): string[] {
  const lines = pageText
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.length <= EDGE_LINES * 2 ? lines : [...lines.slice(0, EDGE_LINES), ...lines.slice(-EDGE_LINES)];
}

/** The numbers standing alone at the top or the bottom of a page. */
export function loneNumbers(pageText: string): number[] {
  return edgeLines(pageText)
    .map((l) => LONE_NUMBER.exec(l)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
}

/** The offset (printed number minus index) that enough pages agree on, or null. */
function printedOffset(pageTexts: string[]): number | null {
  const votes = new Map<number, number>();
  pageTexts.forEach((text, i) => {
    for (const offset of new Set(loneNumbers(text).map((n) => n - (i + 1)))) votes.set(offset, (votes.get(offset) ?? 0) + 1);
  });
  const [best] = [...votes].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  if (!best) return null;
  const [offset, count] = best;
  // One page may show its number by chance; two agreeing pages (or the only page) and at least
  // a third of the file make a numbering.
  const enough = pageTexts.length === 1 ? count === 1 : count >= 2 && count >= pageTexts.length / 3;
  return enough && offset + 1 >= 1 ? offset : null;
}

/** What a repository prints on the cover sheet it puts before an article. */
const COVER_SHEET =
  /репозитори|repository|downloaded\s+from|скачан[аоы]?\s+с|загружен[аоы]?\s+с|киберленинк|cyberleninka|elibrary|dspace|hdl\.handle\.net|URI:|для\s+цитирования|please\s+cite|for\s+citation/iu;
/** A cover sheet is short: a page of an article is not. */
const COVER_SHEET_CHARS = 1500;

/** How many pages at the start of the file are a repository's cover sheet (0 or 1). */
function coverSheets(pageTexts: string[], range: { first: number; last: number | null } | null): number {
  if (pageTexts.length < 2) return 0;
  const first = pageTexts[0];
  if (range?.last != null && range.last - range.first + 1 === pageTexts.length - 1 && !loneNumbers(first).includes(range.first)) return 1;
  return first.length <= COVER_SHEET_CHARS && COVER_SHEET.test(first) && !loneNumbers(first).length ? 1 : 0;
}

function numberedBody(
  pageTexts: string[],
  labels: (string | null)[] | null | undefined,
  range: { first: number; last: number | null } | null,
) {
  const count = pageTexts.length;
  if (range) {
    const span = range.last === null ? 1 : range.last - range.first + 1;
    if (span === count) return { pages: pageTexts.map((_, i) => String(range.first + i)), numbering: 'journal' as const };
  }
  if (labels && labels.length === count && labels.every((l) => typeof l === 'string' && l.trim() !== '')) {
    return { pages: labels.map((l) => l!.trim()), numbering: 'labels' as const };
  }
  const offset = printedOffset(pageTexts);
  if (offset !== null) return { pages: pageTexts.map((_, i) => String(i + 1 + offset)), numbering: 'printed' as const };
  return { pages: pageTexts.map((_, i) => String(i + 1 + (range ? range.first - 1 : 0))), numbering: 'index' as const };
}

export function printedPages(options: { pageTexts: string[]; labels?: (string | null)[] | null; recordPages?: string }): {
  /** Each page's printed number; null: no page of the work (a cover sheet, a page outside the record's range). */
  pages: (string | null)[];
  numbering: PageNumbering;
} {
  const range = recordPageRange(options.recordPages);
  const covers = coverSheets(options.pageTexts, range);
  const body = numberedBody(options.pageTexts.slice(covers), options.labels?.slice(covers), range);
  const inRange = (page: string) =>
    !range || !/^\d+$/.test(page) || (Number(page) >= range.first && (range.last === null || Number(page) <= range.last));
  return { pages: [...Array<null>(covers).fill(null), ...body.pages.map((p) => (inRange(p) ? p : null))], numbering: body.numbering };
}

/** A page's text without its running page number (it is no part of any passage). */
export function withoutPageNumber(pageText: string): string {
  const lines = pageText.split('\n');
  const keep = (l: string, i: number) => {
    const nearEdge = i < EDGE_LINES + 1 || i >= lines.length - EDGE_LINES - 1;
    return !(nearEdge && LONE_NUMBER.test(l) && l.trim() !== '');
  };
  return lines.filter(keep).join('\n');
}
