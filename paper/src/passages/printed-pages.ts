/**
 * The page a reader finds a passage on is the page printed in the journal or book, not the index
 * of the page in a PDF file. In order of trust:
 *  1. the record's pages ("С. 45–52"): the first page plus the offset in the article, when the
 *     file has exactly the article's pages;
 *  2. the PDF's page labels (what a PDF viewer shows as the page number);
 *  3. the number printed on the pages: a lone number in the first or last lines, the same offset
 *     from the index on enough pages;
 *  4. the index of the page in the file, when nothing else is known.
 */

export type PageNumbering = 'journal' | 'labels' | 'printed' | 'index';

/** Lines at the top and the bottom of a page where a running page number is printed. */
const EDGE_LINES = 2;
/** A lone number, maybe in dashes: "47", "– 47 –". */
const LONE_NUMBER = /^[\s\-–—]*(\d{1,4})[\s\-–—]*$/;

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

export function printedPages(options: { pageTexts: string[]; labels?: (string | null)[] | null; recordPages?: string }): {
  pages: string[];
  numbering: PageNumbering;
} {
  const { pageTexts } = options;
  const count = pageTexts.length;
  const range = recordPageRange(options.recordPages);
  if (range) {
    const span = range.last === null ? 1 : range.last - range.first + 1;
    if (span === count) return { pages: pageTexts.map((_, i) => String(range.first + i)), numbering: 'journal' };
  }
  const labels = options.labels;
  if (labels && labels.length === count && labels.every((l) => typeof l === 'string' && l.trim() !== '')) {
    return { pages: labels.map((l) => l!.trim()), numbering: 'labels' };
  }
  const offset = printedOffset(pageTexts);
  if (offset !== null) return { pages: pageTexts.map((_, i) => String(i + 1 + offset)), numbering: 'printed' };
  return { pages: pageTexts.map((_, i) => String(i + 1)), numbering: 'index' };
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
