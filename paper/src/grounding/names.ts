/**
 * Persons and works named in the text. A reader looks up every author and every title a paper
 * names; one the list of sources does not hold (a model's invention: «труды Смирнягина А. В. и
 * Haverford J.», «монография «Платформенная экономика малого города»», «(Haverford, Lindqvist,
 * 2020)») gets the student caught. Found here: «Фамилия И. О.», «И. О. Фамилия», «Surname J.»,
 * «J. Surname», author-year parentheses, a surname after «по мнению», «как отмечает»…, and a title in
 * quotes after «монография», «статья», «концепция»…. A surname matches a listed author's across
 * inflection (Snowball stems: «Смирнягина» is «Смирнягин»); a word the paper's own texts or
 * passages use is a term or a place, not a person.
 */
import { stemOf, wordsIn } from '../text/stems.ts';

/** A person or a work the text names. */
export interface Named {
  kind: 'person' | 'work';
  /** As it stands in the text: «Смирнягина А. В.», «(Haverford, Lindqvist, 2020)», «монография «…»». */
  text: string;
  /** Persons: the surname; works: the title. */
  name: string;
  /** A person's first initial, when the text gives one. */
  initial?: string;
  /** Named with initials or a title (sure), or a bare surname after an attribution (a capitalised word). */
  bare: boolean;
}

const S = '[\\s\\u00A0]';
const SURNAME = '\\p{Lu}\\p{Ll}+(?:-\\p{Lu}\\p{Ll}+)?';
const INITIAL = '\\p{Lu}\\.';
/** «Смирнягина А. В.», «Haverford J.», not «Т. 16» after a word. */
const SURNAME_INITIALS = new RegExp(`(?<![\\p{L}.])(${SURNAME}),?${S}+(${INITIAL})(?:${S}*${INITIAL})?(?!${S}*\\d)(?!\\p{L})`, 'gu');
/** «А. В. Смирнягин», «J. Haverford». */
const INITIALS_SURNAME = new RegExp(`(?<![\\p{L}.])(${INITIAL})${S}*(?:${INITIAL}${S}*)?(${SURNAME})(?!\\p{L})`, 'gu');
/** «(Haverford, Lindqvist, 2020)», «(Иванов и др., 2019)», «(Smith & Lee 2021)». */
const AUTHOR_YEAR = new RegExp(
  `\\((${SURNAME}(?:${S}+(?:et${S}+al\\.|и${S}+др\\.))?(?:${S}*(?:,|&|and|и)${S}*${SURNAME}(?:${S}+(?:et${S}+al\\.|и${S}+др\\.))?)*),?${S}*(?:19|20)\\d{2}\\p{Ll}?\\)`,
  'gu',
);
/** A word with its first letter in either case (a case-insensitive flag would make \\p{Lu} match any letter). */
const either = (word: string) => `[${word.charAt(0).toUpperCase()}${word.charAt(0)}]${word.slice(1)}`;
const ATTRIBUTIONS = [
  'по мнению',
  'по словам',
  'вслед за',
  ...['отмечает', 'отмечают', 'пишет', 'пишут', 'указывает', 'указывают', 'подчеркивает', 'подчёркивает', 'подчеркивают']
    .concat(['подчёркивают', 'считает', 'считают', 'полагает', 'полагают', 'утверждает', 'утверждают', 'показал', 'показали'])
    .map((verb) => `как ${verb}`),
];
/** A surname after an attribution: «по мнению Смирнягина», «как отмечает Колокольцев». */
const ATTRIBUTED = new RegExp(
  `(?<!\\p{L})(?:${ATTRIBUTIONS.map((a) => either(a).replace(/ /g, `${S}+`)).join('|')})${S}+(${SURNAME})(?!\\p{L})(?!${S}*${INITIAL})`,
  'gu',
);
/** Words that introduce a work by its title. */
const WORK_WORDS = ['монографи', 'стать', 'труд', 'книг', 'учебник', 'пособи', 'концепци', 'диссертаци', 'публикаци', 'доклад']
  .concat(['исследовани', 'работ', 'обзор', 'эссе'])
  .map(either);
/** «монография «Платформенная экономика малого города»», «в статье под названием "…"». */
const WORK_TITLE = new RegExp(
  `(?<!\\p{L})((?:${WORK_WORDS.join('|')})\\p{L}*(?:${S}+[\\p{L}-]+){0,3})${S}*[«"„“]([^«»"„“”]{3,200})[»"“”]`,
  'gu',
);

const firstLetter = (initial: string | undefined) => initial?.charAt(0);

/** The persons and works a sentence names. */
export function namedIn(sentence: string): Named[] {
  const text = sentence.replace(/\[\[[^\]]*\]\]/g, ' ');
  const out: Named[] = [];
  const person = (whole: string, name: string, initial: string | undefined, bare: boolean) =>
    out.push({ kind: 'person', text: whole.trim(), name, initial: firstLetter(initial), bare });
  const spans: [number, number][] = [];
  for (const m of text.matchAll(SURNAME_INITIALS)) {
    // «А. В. Иванов, Е. С. Смирнова»: a surname after initials is not followed by its own.
    if (new RegExp(`${INITIAL}${S}*$`, 'u').test(text.slice(0, m.index))) continue;
    spans.push([m.index, m.index + m[0].length]);
    person(m[0], m[1], m[2], false);
  }
  // «Иванов, И. И. Название»: the initials belong to the surname before them.
  for (const m of text.matchAll(INITIALS_SURNAME))
    if (!spans.some(([from, to]) => m.index >= from && m.index < to)) person(m[0], m[2], m[1], false);
  for (const m of text.matchAll(AUTHOR_YEAR))
    for (const name of m[1].matchAll(new RegExp(SURNAME, 'gu'))) if (!/^(?:and|et)$/.test(name[0])) person(m[0], name[0], undefined, false);
  for (const m of text.matchAll(ATTRIBUTED)) person(m[0], m[1], undefined, true);
  for (const m of text.matchAll(WORK_TITLE)) out.push({ kind: 'work', text: m[0].trim(), name: m[2].trim(), bare: false });
  return out;
}

/** An author of a listed work: a surname and, when known, the first initial. */
export interface ListedPerson {
  family: string;
  initial?: string;
}

/** The persons a bibliographic description names: «Иванов, И. И. Название / И. И. Иванов, П. П. Петров». */
export function personsInCitation(citation: string): ListedPerson[] {
  return namedIn(citation)
    .filter((n) => n.kind === 'person' && !n.bare)
    .map((n) => ({ family: n.name, initial: n.initial }));
}

/** Two surnames are one across inflection: equal stems, or one stem the other's with up to two more letters (Колокольц, Колокольцев). */
export function sameSurname(a: string, b: string): boolean {
  const x = stemOf(a);
  const y = stemOf(b);
  if (x === y) return true;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short.length >= 4 && long.startsWith(short) && long.length - short.length <= 2;
}

/** What a paper may name: the authors and titles of its listed works, and its own words. */
export interface NameContext {
  persons: ListedPerson[];
  /** Titles of the listed works (and the attached files' descriptions). */
  titles: string[];
  /** Lower-case stems of the words the paper's outline, topic and passages use (terms and places, not persons). */
  vocabulary: Set<string>;
  /** Texts whose word sequences a quoted title may repeat: the passages, the outline. */
  texts: string[];
}

/** The stems of a text's words of three letters or more, in order. */
const stemSequence = (text: string) =>
  wordsIn(text)
    .filter((w) => w.length >= 3)
    .map(stemOf);

function containsSequence(haystack: string[], needle: string[]): boolean {
  if (!needle.length) return false;
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let k = 0; k < needle.length; k++) if (haystack[i + k] !== needle[k]) continue outer;
    return true;
  }
  return false;
}

/** The vocabulary of texts: every word's stem (a surname the paper uses as a word is no person). */
export function vocabularyOf(texts: string[]): Set<string> {
  const out = new Set<string>();
  for (const t of texts) for (const w of wordsIn(t)) if (w.length >= 3) out.add(stemOf(w));
  return out;
}

/**
 * Whether a named person or work is accounted for: a listed author (same surname, same first
 * initial when both are given) or a listed title; named in the passages the sentence cites (a
 * secondary reference); a bare capitalised word the paper uses as a word of its own.
 */
export function isAccounted(named: Named, ctx: NameContext, cited: string[] = []): boolean {
  if (named.kind === 'work') {
    const title = stemSequence(named.name);
    if (!title.length) return true;
    const inTitle = (t: string) => {
      const own = new Set(stemSequence(t));
      return title.filter((s) => own.has(s)).length >= Math.ceil(0.8 * title.length);
    };
    if (ctx.titles.some(inTitle)) return true;
    return [...cited, ...ctx.texts].some((t) => containsSequence(stemSequence(t), title));
  }
  const listed = ctx.persons.some(
    (p) => sameSurname(p.family, named.name) && (!named.initial || !p.initial || p.initial === named.initial),
  );
  if (listed) return true;
  const stem = stemOf(named.name);
  if (cited.some((t) => vocabularyOf([t]).has(stem))) return true;
  return named.bare && ctx.vocabulary.has(stem);
}

/** The persons and works a sentence names that the list and the paper's passages do not account for. */
export function unaccountedNames(sentence: string, ctx: NameContext, cited: string[] = []): Named[] {
  return namedIn(sentence).filter((n) => !isAccounted(n, ctx, cited));
}
