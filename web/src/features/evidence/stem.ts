/**
 * Word stems for marking a statement's key terms in a quoted passage, where they stand in another
 * form («организаций» in the statement, «организации» on the page). Russian: the Snowball (Porter)
 * stemmer; English: its common inflections. The engine decided which terms were found; this only
 * finds them again in the quote to show them.
 */

const VOWELS = 'аеиоуыэюя';
const isVowel = (c: string) => VOWELS.includes(c);

/** Endings, longest first; a group-1 ending counts only after «а» or «я». */
const ending = (list: string) => list.split(' ').sort((a, b) => b.length - a.length);
const PERFECTIVE_1 = ending('в вши вшись');
const PERFECTIVE_2 = ending('ив ивши ившись ыв ывши ывшись');
const ADJECTIVE = ending('ее ие ые ое ими ыми ей ий ый ой ем им ым ом его ого ему ому их ых ую юю ая яя ою ею');
const PARTICIPLE_1 = ending('ем нн вш ющ щ');
const PARTICIPLE_2 = ending('ивш ывш ующ');
const REFLEXIVE = ending('ся сь');
const VERB_1 = ending('ла на ете йте ли й л ем н ло но ет ют ны ть ешь нно');
const VERB_2 = ending('ила ыла ена ейте уйте ите или ыли ей уй ил ыл им ым ен ило ыло ено ят ует уют ит ыт ены ить ыть ишь ую ю');
const NOUN = ending('а ев ов ие ье е иями ями ами еи ии и ией ей ой ий й иям ям ием ем ам ом о у ах иях ях ы ь ию ью ю ия ья я');
const SUPERLATIVE = ending('ейш ейше');
const DERIVATIONAL = ending('ост ость');

/** The start of RV (after the first vowel) and R2 (Snowball's regions) in `word`. */
function regions(word: string): { rv: number; r2: number } {
  let rv = word.length;
  for (let i = 0; i < word.length; i++)
    if (isVowel(word[i])) {
      rv = i + 1;
      break;
    }
  const after = (from: number) => {
    for (let i = from + 1; i < word.length; i++) if (!isVowel(word[i]) && isVowel(word[i - 1])) return i + 1;
    return word.length;
  };
  const r1 = after(0);
  return { rv, r2: after(r1) };
}

/** Removes the longest ending of `list` found within `word.slice(from)`; group 1 needs «а»/«я» before it. */
function strip(word: string, from: number, list: string[], group1 = false): string | null {
  for (const e of list) {
    if (!word.endsWith(e) || word.length - e.length < from) continue;
    if (group1) {
      const before = word[word.length - e.length - 1];
      if (before !== 'а' && before !== 'я') continue;
    }
    return word.slice(0, word.length - e.length);
  }
  return null;
}

function stripAny(word: string, from: number, group1: string[], group2: string[]): string | null {
  const a = strip(word, from, group1, true);
  const b = strip(word, from, group2);
  // The longer ending wins.
  if (a === null) return b;
  if (b === null) return a;
  return a.length <= b.length ? a : b;
}

export function stemRu(input: string): string {
  const word = input.toLowerCase().replace(/ё/g, 'е');
  const { rv, r2 } = regions(word);
  let w = word;
  // Step 1.
  const perfective = stripAny(w, rv, PERFECTIVE_1, PERFECTIVE_2);
  if (perfective !== null) w = perfective;
  else {
    w = strip(w, rv, REFLEXIVE) ?? w;
    const adjective = strip(w, rv, ADJECTIVE);
    if (adjective !== null) w = stripAny(adjective, rv, PARTICIPLE_1, PARTICIPLE_2) ?? adjective;
    else w = stripAny(w, rv, VERB_1, VERB_2) ?? strip(w, rv, NOUN) ?? w;
  }
  // Step 2.
  if (w.endsWith('и') && w.length - 1 >= rv) w = w.slice(0, -1);
  // Step 3.
  w = strip(w, r2, DERIVATIONAL) ?? w;
  // Step 4.
  if (w.endsWith('нн') && w.length - 2 >= rv) return w.slice(0, -1);
  const superlative = strip(w, rv, SUPERLATIVE);
  if (superlative !== null) return superlative.endsWith('нн') ? superlative.slice(0, -1) : superlative;
  if (w.endsWith('ь') && w.length - 1 >= rv) return w.slice(0, -1);
  return w;
}

/** English: plurals, -ed, -ing, -ly and the like («organisations» -> «organis», «regions» -> «region»). */
export function stemEn(input: string): string {
  let w = input.toLowerCase().replace(/['’]s$/, '');
  if (w.length <= 3) return w;
  // «business», «status», «analysis» are no plurals.
  if (/(ss|us|is)$/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(sh|ch|x|z|ss)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s')) w = w.slice(0, -1);
  for (const suffix of ['ational', 'ation', 'ment', 'ingly', 'edly', 'ing', 'ed', 'ly', 'er', 'al', 'e', 'y']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) return w.slice(0, -suffix.length);
  }
  return w;
}

/** The stem of a word in either language (Cyrillic: Russian). */
export function stemOf(word: string): string {
  return /[а-яё]/i.test(word) ? stemRu(word) : stemEn(word);
}
