/**
 * How the originality check reads a text: its words in order, lower case with ё as е, without
 * punctuation and without citation markers ("[3, с. 12]", "[[S3, с. 47]]", a footnote inlined as
 * " (сноска: …)"); each word knows where it stands in the text and whether it is inside a marked
 * quotation: «...» followed by a citation, which the check leaves out.
 */

export interface Word {
  /** Normalised: "ещё" -> "еще". */
  word: string;
  start: number;
  end: number;
  /** Inside «...» that a citation follows. */
  quoted: boolean;
}

export interface ReadText {
  /** The text with its citation markers blanked out (same length, so positions hold). */
  masked: string;
  words: Word[];
}

const FOOTNOTE_OPEN = '(сноска:';

/** The spans [start, end) of the citation markers: brackets, and inlined footnotes with their nested parentheses. */
function citationSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '[') {
      const close = text.indexOf(']', i);
      if (close === -1 || text.slice(i, close).includes('\n')) {
        i++;
        continue;
      }
      // "[[S3, с. 47]]": both brackets.
      const end = text[close + 1] === ']' ? close + 2 : close + 1;
      spans.push([i, end]);
      i = end;
    } else if (c === '(' && text.startsWith(FOOTNOTE_OPEN, i)) {
      let depth = 0;
      let j = i;
      for (; j < text.length; j++) {
        if (text[j] === '(') depth++;
        else if (text[j] === ')' && --depth === 0) break;
      }
      spans.push([i, Math.min(j + 1, text.length)]);
      i = j + 1;
    } else {
      i++;
    }
  }
  return spans;
}

/** Quotations «...» (nested ones inside count with the outer) whose closing mark a citation follows. */
function quotedSpans(text: string, citations: [number, number][]): [number, number][] {
  const citationStarts = new Set(citations.map(([s]) => s));
  const spans: [number, number][] = [];
  let depth = 0;
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '«') {
      if (depth === 0) open = i;
      depth++;
    } else if (text[i] === '»' && depth > 0 && --depth === 0) {
      let next = i + 1;
      while (next < text.length && /[ \t\u00a0\u202f]/.test(text[next])) next++;
      if (citationStarts.has(next)) spans.push([open, i + 1]);
    }
  }
  return spans;
}

export function normaliseWord(word: string): string {
  return word.toLowerCase().replace(/ё/g, 'е');
}

export function readText(text: string): ReadText {
  const citations = citationSpans(text);
  const quotes = quotedSpans(text, citations);
  let masked = text;
  for (const [s, e] of citations) masked = masked.slice(0, s) + ' '.repeat(e - s) + masked.slice(e);
  const words: Word[] = [];
  for (const m of masked.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = m.index;
    words.push({
      word: normaliseWord(m[0]),
      start,
      end: start + m[0].length,
      quoted: quotes.some(([s, e]) => start >= s && start < e),
    });
  }
  return { masked, words };
}

/** The word 5-grams of a run of words, each as its words joined by spaces. */
export const GRAM = 5;
export function gramsOf(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + GRAM <= words.length; i++) out.push(words.slice(i, i + GRAM).join(' '));
  return out;
}
