/**
 * Sentences of a paragraph: a split after a stop followed by a capital or a digit, but not between
 * an initial and a name («П. П. Петров») nor between an abbreviation and its number («с. 47»,
 * «т. 2»), so that a figure stays in the sentence it belongs to.
 */
const SENTENCE_END =
  /(?<=[.!?…])(?:(?<!(?:^|[\s(])\p{Lu}\.)\s+(?=[«"(\p{Lu}–])|(?<!(?:^|[\s(])(?:с|сс|г|гг|т|см|стр|рис|табл|ст|п|ч|вв|в|ок|тыс|млн|млрд|руб|№|\p{Lu})\.)\s+(?=\d))/u;

export function sentencesOf(paragraph: string): string[] {
  return paragraph.split(SENTENCE_END);
}
