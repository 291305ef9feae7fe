/**
 * Crude but language-agnostic relevance: shared word stems (first 5 letters of words of 4+
 * letters). A work is judged in its own language: a Russian work against the Russian words of the
 * topic, an English one against the English queries, so that a relevant English work is kept.
 */
import { isCyrillic } from '../bibliography/text.ts';

const STOP = new Set([
  'этот',
  'этого',
  'также',
  'которые',
  'который',
  'которая',
  'котор',
  'более',
  'между',
  'после',
  'через',
  'может',
  'свои',
  'своих',
  'with',
  'from',
  'that',
  'this',
  'their',
  'which',
  'using',
  'based',
  'study',
  'analysis',
  'about',
  'into',
  'and',
  'the',
  'for',
  'its',
  'are',
  'were',
  'been',
  'have',
  'case',
  'review',
  'approach',
  'research',
  'paper',
  'role',
]);

/** The stems of a text in order, repeats kept (term frequencies for a ranking). */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const word of text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^\p{L}\p{N}]+/u)) {
    if (word.length < 4 || STOP.has(word)) continue;
    out.push(word.slice(0, 5));
  }
  return out;
}

export function stems(text: string): Set<string> {
  return new Set(terms(text));
}

export function overlap(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const s of a) if (b.has(s)) n++;
  return n;
}

export type WorkLanguage = 'ru' | 'en';

/** The provider's language when it says one; otherwise the script of the title. */
export function workLanguage(work: { title: string; language?: string }): WorkLanguage {
  if (work.language === 'ru' || work.language === 'en') return work.language;
  return isCyrillic(work.title) ? 'ru' : 'en';
}
