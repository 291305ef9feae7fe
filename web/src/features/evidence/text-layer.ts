/**
 * Reads a page's text layer (pdf.js draws one transparent span per piece of text over the canvas,
 * a <br> at each line's end) as text runs, and gives the boxes a stretch of that text covers on
 * the page, in percent of the page's size (they stay right when the page is drawn at another width).
 */
import type { TextRun } from './citations';

export interface PageBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface TextLayerText {
  runs: TextRun[];
  /** Each run's text node (null: a line's end). */
  nodes: (Text | null)[];
  /** Each run's offset in the joined text. */
  offsets: number[];
}

export function readTextLayer(layer: HTMLElement): TextLayerText {
  const runs: TextRun[] = [];
  const nodes: (Text | null)[] = [];
  const offsets: number[] = [];
  let at = 0;
  for (const el of layer.querySelectorAll<HTMLElement>('span[role="presentation"], br')) {
    if (el.tagName === 'BR') {
      runs.push({ text: ' ', size: 0, eol: true });
      nodes.push(null);
      offsets.push(at);
      at += 1;
      continue;
    }
    const node = [...el.childNodes].find((n): n is Text => n.nodeType === Node.TEXT_NODE);
    if (!node?.data) continue;
    runs.push({ text: node.data, size: parseFloat(el.style.getPropertyValue('--font-height')) || 0 });
    nodes.push(node);
    offsets.push(at);
    at += node.data.length;
  }
  return { runs, nodes, offsets };
}

/** The text node and offset of a position in the joined text (a line's end: the next run's start). */
function positionOf(text: TextLayerText, pos: number, end: boolean): [Text, number] | null {
  const { nodes, offsets, runs } = text;
  for (let i = 0; i < runs.length; i++) {
    const from = offsets[i];
    const to = from + runs[i].text.length;
    const inside = end ? pos > from && pos <= to : pos >= from && pos < to;
    if (!inside) continue;
    const node = nodes[i];
    if (node) return [node, pos - from];
    // A line's end: start at the next line, end at the previous one.
    for (let j = end ? i - 1 : i + 1; j >= 0 && j < runs.length; j += end ? -1 : 1) {
      const n = nodes[j];
      if (n) return [n, end ? n.data.length : 0];
    }
    return null;
  }
  return null;
}

/** The boxes the text from `start` to `end` covers, one per line, in percent of `page`. */
export function boxesOf(text: TextLayerText, start: number, end: number, page: HTMLElement): PageBox[] {
  const from = positionOf(text, start, false);
  const to = positionOf(text, end, true);
  if (!from || !to) return [];
  const range = document.createRange();
  try {
    range.setStart(...from);
    range.setEnd(...to);
  } catch {
    return [];
  }
  const frame = page.getBoundingClientRect();
  if (!frame.width || !frame.height) return [];
  const lines: DOMRect[] = [];
  for (const r of range.getClientRects()) {
    if (r.width < 0.5 || r.height < 0.5) continue;
    // A line's pieces (one span per word) are one box.
    const line = lines.find((l) => Math.min(l.bottom, r.bottom) - Math.max(l.top, r.top) > Math.min(l.height, r.height) / 2);
    if (line) {
      const left = Math.min(line.left, r.left);
      const top = Math.min(line.top, r.top);
      lines[lines.indexOf(line)] = new DOMRect(left, top, Math.max(line.right, r.right) - left, Math.max(line.bottom, r.bottom) - top);
    } else lines.push(r);
  }
  return lines.map((r) => ({
    left: ((r.left - frame.left) / frame.width) * 100,
    top: ((r.top - frame.top) / frame.height) * 100,
    width: (r.width / frame.width) * 100,
    height: (r.height / frame.height) * 100,
  }));
}

/** One box around all of them (a footnote's text at the page's foot). */
export function around(boxes: PageBox[]): PageBox[] {
  if (boxes.length < 2) return boxes;
  const left = Math.min(...boxes.map((b) => b.left));
  const top = Math.min(...boxes.map((b) => b.top));
  const right = Math.max(...boxes.map((b) => b.left + b.width));
  const bottom = Math.max(...boxes.map((b) => b.top + b.height));
  return [{ left, top, width: right - left, height: bottom - top }];
}
