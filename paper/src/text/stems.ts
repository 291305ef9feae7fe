/**
 * Word stems by the Snowball algorithms (Russian for Cyrillic words, English for Latin ones), from
 * a maintained library (@orama/stemmers): «Смирнягина», «Смирнягину» and «Смирнягин» share a stem,
 * and so do «предприятий» and «предприятия». Memoised: the passages of a paper repeat their words.
 */
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as russian } from '@orama/stemmers/russian';

const memo = new Map<string, string>();
const MEMO_LIMIT = 200_000;

/** The stem of one word (lower case, ё as е). */
export function stemOf(word: string): string {
  const w = word.toLowerCase().replace(/ё/g, 'е');
  let stem = memo.get(w);
  if (stem !== undefined) return stem;
  stem = /[а-я]/.test(w) ? russian(w) : /^[a-z]+$/.test(w) ? english(w) : w;
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(w, stem);
  return stem;
}

/** The words of a text: letters and digits, lower case, ё as е. */
export function wordsIn(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}
