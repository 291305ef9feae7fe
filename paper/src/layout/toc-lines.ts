/**
 * The contents as LibreOffice laid them out: an entry whose title fills its last line leaves the
 * leader and the page number alone on a line of dots, or gets its number with no dots at all. Found
 * on the contents pages of the PDF: each entry's last line is the one that ends with its expected
 * page number; the typesetter then moves the title's last word down to the dots (a line break).
 */
import { getDocumentProxy } from 'unpdf';

interface TextItem {
  str: string;
  transform: number[];
}

/** The text lines of a page, top to bottom (items on one baseline joined left to right). */
async function pageLines(doc: Awaited<ReturnType<typeof getDocumentProxy>>, pageNo: number): Promise<string[]> {
  const page = await doc.getPage(pageNo);
  const content = await page.getTextContent();
  const rows = new Map<number, { x: number; str: string }[]>();
  for (const item of content.items as TextItem[]) {
    if (typeof item.str !== 'string' || !item.str) continue;
    const y = Math.round(item.transform[5]);
    const row = rows.get(y) ?? [];
    row.push({ x: item.transform[4], str: item.str });
    rows.set(y, row);
  }
  page.cleanup();
  return [...rows.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([, row]) =>
      row
        .sort((a, b) => a.x - b.x)
        .map((r) => r.str)
        .join(''),
    );
}

/**
 * The entries (by their position in `expected`) whose last line has the page number without a
 * leader before it, or the leader without any of the title's words.
 * @param expected the page number printed for each numbered entry, in order
 * @param pages the pages of the contents (1-based)
 */
export async function tocLeaderGlitches(pdf: Uint8Array, pages: number[], expected: number[]): Promise<number[]> {
  const doc = await getDocumentProxy(new Uint8Array(pdf), { isEvalSupported: false, disableFontFace: true } as never);
  const glitches: number[] = [];
  let k = 0;
  let started = false;
  try {
    for (const pageNo of pages) {
      if (pageNo < 1 || pageNo > doc.numPages) continue;
      for (const raw of await pageLines(doc, pageNo)) {
        if (k >= expected.length) break;
        const line = raw.replace(/[\s\u00A0\u200B]+/g, ' ').trim();
        // The entries start after the heading (the реферат may share the first pages looked at).
        started ||= line === 'СОДЕРЖАНИЕ';
        if (!started) continue;
        const end = new RegExp(`(^|[^\\d])${expected[k]}$`).exec(line);
        if (!end) continue;
        const before = line.slice(0, line.length - String(expected[k]).length).trimEnd();
        const dotsOnly = /^[.…]+$/.test(before);
        const noLeader = !/[.…]{3,}$/.test(before);
        if (dotsOnly || noLeader) glitches.push(k);
        k++;
      }
    }
  } finally {
    await doc.loadingTask.destroy();
  }
  return glitches;
}
