/**
 * The quoted passage cut into pieces to show: the statement's figures found in it and its key
 * terms (or the English terms they were matched through on a foreign page) marked.
 */
import type { EvidenceEntry } from '@app/contract';
import { stemOf } from './stem';

export interface QuotePiece {
  text: string;
  mark: 'figure' | 'term' | null;
}

/** A number as the engine reads it: «12,5» and «12.5» are one number; leading zeros do not count. */
const NUMBER = /\d+(?:[.,]\d+)?/g;
const normalNumber = (n: string) => n.replace(',', '.').replace(/^0+(?=\d)/, '');
const WORD = /[\p{L}\p{N}]+(?:[-’'][\p{L}\p{N}]+)*/gu;

/** Stems agree: the same, or one the start of the other when both are long enough to mean it. */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.startsWith(short);
}

export function quotePieces(entry: Pick<EvidenceEntry, 'quote' | 'figures' | 'keyTerms'>): QuotePiece[] {
  const { quote } = entry;
  const marks: { from: number; to: number; mark: 'figure' | 'term' }[] = [];
  const figures = new Set(entry.figures.filter((f) => f.found).map((f) => normalNumber(f.value)));
  for (const m of quote.matchAll(NUMBER)) {
    const at = m.index;
    // Not a piece of a longer number or word («2020» in «2020-х» is still 2020).
    if (/[\p{L}\d]/u.test(quote[at - 1] ?? '')) continue;
    if (figures.has(normalNumber(m[0]))) marks.push({ from: at, to: at + m[0].length, mark: 'figure' });
  }
  const terms = entry.keyTerms.flatMap((t) => [t.term, t.via]).filter((t): t is string => Boolean(t));
  // A term of several words («малый бизнес») is marked word by word.
  const stems = [...new Set(terms.flatMap((t) => [...t.matchAll(WORD)].map((w) => stemOf(w[0]))))].filter((s) => s.length >= 2);
  for (const m of quote.matchAll(WORD)) {
    const at = m.index;
    if (marks.some((x) => at < x.to && at + m[0].length > x.from)) continue;
    const stem = stemOf(m[0]);
    if (/^\d+$/.test(m[0]) ? stems.includes(m[0]) : stems.some((s) => sameWord(s, stem)))
      marks.push({ from: at, to: at + m[0].length, mark: 'term' });
  }
  marks.sort((a, b) => a.from - b.from);
  // Neighbouring marks of one kind with only spaces between are one: «малого бизнеса».
  const joined: typeof marks = [];
  for (const m of marks) {
    const prev = joined[joined.length - 1];
    if (prev && m.from < prev.to) continue;
    if (prev && prev.mark === m.mark && /^\s*$/.test(quote.slice(prev.to, m.from))) prev.to = m.to;
    else joined.push({ ...m });
  }
  const pieces: QuotePiece[] = [];
  let last = 0;
  for (const m of joined) {
    if (m.from > last) pieces.push({ text: quote.slice(last, m.from), mark: null });
    pieces.push({ text: quote.slice(m.from, m.to), mark: m.mark });
    last = m.to;
  }
  if (last < quote.length) pieces.push({ text: quote.slice(last), mark: null });
  return pieces;
}
