/**
 * Relevance by shared word stems (Snowball stems of words of 4+ letters, text/stems.ts). A work is
 * judged in its own language: a Russian work against the Russian words of the
 * topic, an English one against the English queries, so that a relevant English work is kept.
 */
import { isCyrillic } from '../bibliography/text.ts';
import { stemOf, wordsIn } from '../text/stems.ts';

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
 * The roots of the words that frame an academic topic without saying what it is about
 * ("теоретические основы", "анализ современного состояния объекта исследования"): a work that
 * shares only these with a paper is not about its topic, and a passage is not closer to a
 * subsection for them. A stem starting with one of them is a framing word («анализ», «аналитическ»).
 */
const FRAMING =
  /^(?:теор|основ|анали|совре|состоя|объект|исслед|изуч|пробл|направл|соверш|особен|аспект|вопрос|характер|сущн|понят|эволюц|подход|научн|рекоменд|разраб|оценк|ожида|предл|обосн|динам|текущ|фактор|влия|норм|меропр|эффект)/;

/** The stems of a text in order, repeats kept (term frequencies for a ranking). */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const word of wordsIn(text)) {
    if (word.length < 4 || STOP.has(word)) continue;
    const stem = stemOf(word);
    if (FRAMING.test(stem)) continue;
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
