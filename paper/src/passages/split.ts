/** A source's text cut into passages of about one paragraph, each on one printed page. */
import { stems } from '../sources/relevance.ts';
import { withoutPageNumber } from './printed-pages.ts';
import type { Passage } from './types.ts';

/** A passage aims at a paragraph: shorter pieces are joined, longer ones cut at sentences. */
const MIN_CHARS = 200;
const MAX_CHARS = 1000;

const SENTENCE_END = /(?<=[.!?…])\s+(?=[«"(\p{Lu}\d])/u;

function cutLong(paragraph: string): string[] {
  if (paragraph.length <= MAX_CHARS) return [paragraph];
  const out: string[] = [];
  let buf = '';
  for (const sentence of paragraph.split(SENTENCE_END)) {
    if (buf && buf.length + sentence.length + 1 > MAX_CHARS) {
      out.push(buf);
      buf = '';
    }
    buf = buf ? `${buf} ${sentence}` : sentence;
  }
  if (buf) out.push(buf);
  // A "sentence" longer than the limit (a table, a list without stops) is cut by characters.
  return out.flatMap((p) => (p.length <= MAX_CHARS * 1.5 ? [p] : (p.match(new RegExp(`[\\s\\S]{1,${MAX_CHARS}}`, 'g')) ?? [])));
}

/** The paragraphs of one page: blank lines split them; PDF lines are joined, hyphenation undone. */
export function paragraphsOf(pageText: string): string[] {
  const blocks = withoutPageNumber(pageText)
    .split(/\n\s*\n/)
    .map((b) =>
      b
        .replace(/(\p{L})-\n(\p{Ll})/gu, '$1$2')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((b) => stems(b).size > 0);
  const merged: string[] = [];
  for (const block of blocks) {
    const last = merged[merged.length - 1];
    if (last !== undefined && last.length < MIN_CHARS) merged[merged.length - 1] = `${last} ${block}`;
    else merged.push(block);
  }
  return merged.flatMap(cutLong);
}

/** Passages of a source from its pages; ids continue from `next`. */
export function splitPassages(sourceId: string, pages: { page: string | null; text: string }[], next: () => string): Passage[] {
  return pages.flatMap((p) => paragraphsOf(p.text).map((text) => ({ id: next(), sourceId, page: p.page, text })));
}

/** New passage ids after those of `list`: "p18", "p19", … when its highest is "p17". */
export function passageIdsAfter(list: Passage[]): () => string {
  let next = Math.max(0, ...list.map((p) => Number(p.id.slice(1)) || 0));
  return () => `p${++next}`;
}
