/**
 * Number grounding: a number, percentage or date may stand in the text only when it stands in a
 * passage the paragraph cites, in the topic or the outline, or is a number of the paper's own
 * structure (a chapter or subsection, a list item). A sentence carrying any other number is a
 * figure the model made up, and goes with it. Deterministic, after every writing call.
 */
import { sentencesOf } from './sentences.ts';
import { citedPassageIds } from '../passages/markers.ts';

const NUMBER = /\d+(?:[.,]\d+)?/g;

/** "12,5" and "12.5" are one number; leading zeros do not matter. */
function normal(n: string): string {
  return n.replace(',', '.').replace(/^0+(?=\d)/, '');
}

/** The numbers a text holds, normalised. */
export function numbersIn(text: string): Set<string> {
  return new Set([...text.matchAll(NUMBER)].map((m) => normal(m[0])));
}

/** Markers and list numbers are not figures of the text. */
function figureText(sentence: string): string {
  return sentence.replace(/\[\[[^\]]*\]\]/g, ' ').replace(/^\s*\d{1,2}\)\s/, ' ');
}

/** A chapter or subsection of the paper named by its number: «в главе 2», «подраздел 1.3», «пункт 2.1». */
function structural(text: string, index: number, n: string, numbering: Set<string>): boolean {
  if (!numbering.has(n)) return false;
  const before = text.slice(Math.max(0, index - 24), index).toLowerCase();
  return /(глав\p{L}*|подраздел\p{L}*|раздел\p{L}*|параграф\p{L}*|пункт\p{L}*|§)\s*$/u.test(before);
}

export interface Grounding {
  /** Passage id -> its text. */
  passageText: (id: string) => string | undefined;
  /** Numbers of the topic and the outline (normalised). */
  allowed: Set<string>;
  /** Chapter and subsection numbers: "1", "1.2". */
  numbering: Set<string>;
}

/** The numbers a sentence carries that nothing grounds. */
export function ungroundedNumbers(sentence: string, grounded: Set<string>, numbering: Set<string>): string[] {
  const text = figureText(sentence);
  const out: string[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const n = normal(m[0]);
    if (grounded.has(n) || structural(text, m.index, n, numbering)) continue;
    out.push(m[0]);
  }
  return out;
}

/** The paragraphs without the sentences that carry a number no cited passage (nor the outline) holds. */
export function dropUngroundedNumbers(paragraphs: string[], g: Grounding): { paragraphs: string[]; dropped: number } {
  let dropped = 0;
  const out: string[] = [];
  for (const paragraph of paragraphs) {
    const grounded = new Set(g.allowed);
    for (const id of citedPassageIds(paragraph)) for (const n of numbersIn(g.passageText(id) ?? '')) grounded.add(n);
    const kept = sentencesOf(paragraph).filter((sentence) => {
      if (!ungroundedNumbers(sentence, grounded, g.numbering).length) return true;
      dropped++;
      return false;
    });
    const text = kept.join(' ').trim();
    if (text) out.push(text);
  }
  return { paragraphs: out, dropped };
}

/** The grounding of a paper: its outline's numbers and numbering, its passages. */
export function groundingOf(options: {
  outline: { topic: string; title: string; chapters: { title: string; subsections: string[] }[]; goal: string; tasks: string[] };
  passageText: (id: string) => string | undefined;
  /** More text whose numbers are grounded already (the subsections, for the conclusion). */
  also?: string[];
}): Grounding {
  const o = options.outline;
  const allowed = numbersIn([o.topic, o.title, o.goal, ...o.tasks, ...o.chapters.flatMap((c) => [c.title, ...c.subsections])].join(' '));
  for (const t of options.also ?? []) for (const n of numbersIn(t.replace(/\[\[[^\]]*\]\]/g, ' '))) allowed.add(n);
  const numbering = new Set<string>();
  o.chapters.forEach((c, ci) => {
    numbering.add(String(ci + 1));
    c.subsections.forEach((_, si) => numbering.add(`${ci + 1}.${si + 1}`));
  });
  return { passageText: options.passageText, allowed, numbering };
}
