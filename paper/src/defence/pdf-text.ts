/** The text of a PDF as pdf.js lays it out: positioned items per page, and the lines they make. */
import { getDocumentProxy } from 'unpdf';
import { PaperError } from '../errors.ts';

/** A piece of text on a page, in PDF points from the page's top-left corner. */
export interface PlacedText {
  text: string;
  x: number;
  /** The baseline, from the top. */
  baseline: number;
  width: number;
  /** The font size, points. */
  size: number;
}

export interface PdfPage {
  width: number;
  height: number;
  items: PlacedText[];
}

interface RawItem {
  str?: string;
  transform: number[];
  width: number;
}

/** Every page of the PDF with its text items. */
export async function pdfPages(pdf: Uint8Array): Promise<PdfPage[]> {
  let doc;
  try {
    doc = await getDocumentProxy(new Uint8Array(pdf), { isEvalSupported: false, disableFontFace: true } as never);
  } catch (error) {
    throw new PaperError('invalid_input', 'Не удалось прочитать PDF', { cause: error });
  }
  const pages: PdfPage[] = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const { width, height } = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const items: PlacedText[] = [];
      for (const raw of content.items as RawItem[]) {
        if (typeof raw.str !== 'string' || !raw.str.trim()) continue;
        const [a, b, , , x, y] = raw.transform;
        items.push({ text: raw.str, x, baseline: height - y, width: raw.width, size: Math.hypot(a, b) });
      }
      pages.push({ width, height, items });
      page.cleanup();
    }
  } finally {
    await doc.loadingTask.destroy();
  }
  return pages;
}

/** Items that share a baseline (within a third of their size), top to bottom, each line left to right. */
export function linesOf(items: PlacedText[]): PlacedText[][] {
  const lines: PlacedText[][] = [];
  for (const item of [...items].sort((a, b) => a.baseline - b.baseline || a.x - b.x)) {
    const line = lines.find((l) => Math.abs(l[0].baseline - item.baseline) <= Math.max(2, item.size / 3));
    if (line) line.push(item);
    else lines.push([item]);
  }
  for (const l of lines) l.sort((a, b) => a.x - b.x);
  return lines;
}

/** Each page's lines of text, top to bottom. */
export async function pdfPageLines(pdf: Uint8Array): Promise<string[][]> {
  return (await pdfPages(pdf)).map((p) => linesOf(p.items).map((l) => l.map((i) => i.text).join(' ')));
}
