/**
 * Relevance by shared word stems (Snowball stems of words of 4+ letters, text/stems.ts). A work is
 * judged in its own language: a Russian work against the Russian words of the
 * topic, an English one against the English queries, so that a relevant English work is kept.
 */
import { isCyrillic } from '../bibliography/text.ts';
import { stemOf, wordsIn } from '../text/stems.ts';
import { englishWordsOf } from './glossary.ts';

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

/** Words that name a place or a process in general, not what a topic is about. */
const NOT_OBJECT =
  /^(?:росс|российск|федерац|регион|област|республик|край|кра[ея]|город|муниципал|страны|стран|мир|международн|развит|управлен|деятельн|процесс|систем|формирован|организац|обеспечен|повышен|использован|применен|внедрен|реализац|услови|пример|практик|механизм|средств|метод|инструмент)/;
const PREPOSITIONS = new Set([
  'в',
  'во',
  'на',
  'при',
  'для',
  'с',
  'со',
  'по',
  'как',
  'через',
  'из',
  'от',
  'до',
  'у',
  'о',
  'об',
  'к',
  'за',
  'под',
  'над',
  'среди',
  'между',
  'без',
  'перед',
  'после',
  'of',
  'in',
  'for',
  'on',
  'at',
]);
/** A Russian adjective (not a noun in -ние, -тие, -вие, -ье): «цифровая», «правовое», «теоретические». */
const isAdjective = (word: string) => /(?:ая|яя|ый|ий|ой|ое|ее|ые|ие)$/.test(word) && !/(?:ни|ти|ви|зи)е$/.test(word);

/**
 * What a topic is about: the words after its head noun up to the first preposition («Цифровая
 * трансформация | малого бизнеса | в России» -> малого бизнеса), or the head's phrase when nothing
 * follows it; without places, proper names and the words of any topic («развитие», «управление»).
 * A work on the same process in another field (the digitalisation of agriculture in a paper on
 * small business) shares the topic's other words, never these.
 */
export function topicObject(topic: string): string[] {
  const words = topic
    .replace(/[«»"“”„()]/g, ' ')
    .split(/[\s,:;.!?–—]+/)
    .filter(Boolean);
  const leading: string[] = [];
  for (const word of words) {
    if (PREPOSITIONS.has(word.toLowerCase())) break;
    leading.push(word);
  }
  const head = leading.findIndex((w) => !isAdjective(w.toLowerCase()));
  const after = head >= 0 ? leading.slice(head + 1) : [];
  const chosen = after.length ? after : leading;
  // A capital after the first word is a proper name (a region, an organisation).
  const content = (list: string[], from: number) =>
    list.filter((w, i) => w.length >= 4 && !(from + i > 0 && /^\p{Lu}/u.test(w))).map((w) => w.toLowerCase().replace(/ё/g, 'е'));
  const object = content(chosen, chosen === after ? head + 1 : 0).filter((w) => !FRAMING.test(stemOf(w)) && !NOT_OBJECT.test(w));
  return [...new Set(object)];
}

/** The stems of what a topic is about, in Russian and (when the glossary knows every word) in English. */
export interface TopicObject {
  ru: Set<string>;
  en: Set<string> | null;
}

export function topicObjectOf(topic: string): TopicObject {
  const words = topicObject(topic);
  const translated = words.length ? englishWordsOf(words) : null;
  return { ru: new Set(words.map(stemOf)), en: translated ? stems(translated.join(' ')) : null };
}

/** How many of the object's words a work must share: at least half of them. */
const needed = (object: Set<string>) => Math.ceil(object.size / 2);

/**
 * Whether a work is on the topic: it names what the topic is about (topicObject), in its own
 * language: `object.ru` the Russian words' stems, `object.en` their English ones (null: the
 * English words are unknown, and an English work is judged by the topic's other words only).
 */
export function onTopic(text: string, language: WorkLanguage, object: TopicObject): boolean {
  const own = language === 'ru' ? object.ru : object.en;
  if (!own || own.size === 0) return true;
  return overlap(own, stems(text)) >= needed(own);
}
