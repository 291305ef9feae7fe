/**
 * Sentences of a paragraph: a split after a stop followed by a capital or a digit, but not after
 * an abbreviation or an initial («с. 47», «2020 г. Рост», «П. П. Петров»), so that a figure stays
 * in the sentence it belongs to.
 */
const SENTENCE_END =
  /(?<=[.!?…])(?<!(?:^|[\s(])(?:с|сс|г|гг|т|см|стр|рис|табл|им|др|пр|ст|п|ч|вв|в|ок|тыс|млн|млрд|руб|\p{Lu})\.)\s+(?=[«"(\p{Lu}\d–])/u;

export function sentencesOf(paragraph: string): string[] {
  return paragraph.split(SENTENCE_END);
}
