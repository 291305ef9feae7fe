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

/**
 * Stems of the words that frame an academic topic without saying what it is about ("теоретические
 * основы", "анализ современного состояния объекта исследования"): a work that shares only these
 * with a paper is not about its topic, and a passage is not closer to a subsection for them.
 */
const FRAMING = new Set(
  'теоре основ анали совре состо объек иссле изуче пробл напра совер особе аспек вопро харак сущно понят эволю подхо научн рекоменд разра оценк ожида предл обосн динам текущ факто влияю норма мероп эффек'
    .split(' ')
    .map((w) => w.slice(0, 5)),
);

/** The stems of a text in order, repeats kept (term frequencies for a ranking). */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const word of text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^\p{L}\p{N}]+/u)) {
    const stem = word.slice(0, 5);
    if (word.length < 4 || STOP.has(word) || FRAMING.has(stem)) continue;
    out.push(stem);
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
