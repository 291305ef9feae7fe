/**
 * Number grounding: a number, percentage or date may stand in the text only when it stands in a
 * passage the paragraph cites, in the topic or the outline, or is a number of the paper's own
 * structure (a chapter or subsection, a list item). A sentence carrying any other number is a
 * figure the model made up, and goes with it. Deterministic, after every writing call.
 */
import { sentencesOf } from '../text/sentences.ts';
import { citedPassageIds } from '../passages/markers.ts';
import { settleTables, tableOf, tableParagraph, type TextTable } from '../text/tables.ts';

const NUMBER = /\d+(?:[.,]\d+)?/g;

/** "12,5" and "12.5" are one number; leading zeros do not matter. */
export function normalNumber(n: string): string {
  return n.replace(',', '.').replace(/^0+(?=\d)/, '');
}

/** The numbers a text holds, normalised. */
export function numbersIn(text: string): Set<string> {
  return new Set([...text.matchAll(NUMBER)].map((m) => normalNumber(m[0])));
}

/**
 * The figure check, «the cited page holds this figure», the one the grounding check, the claims
 * check and the defence kit share: the figures (normalised) none of the cited texts holds.
 */
export function figuresNotOn(figures: string[], cited: string[]): string[] {
  const held = cited.map(numbersIn);
  return figures.filter((f) => !held.some((numbers) => numbers.has(f)));
}

/** Markers and list numbers are not figures of the text. */
function figureText(sentence: string): string {
  return sentence.replace(/\[\[[^\]]*\]\]/g, ' ').replace(/^\s*\d{1,2}\)\s/, ' ');
}

/** A chapter or subsection of the paper named by its number: «в главе 2», «подраздел 1.3», «пункт 2.1»; a table: «в таблице 3». */
function structural(text: string, index: number, n: string, numbering: Set<string>): boolean {
  const before = text.slice(Math.max(0, index - 24), index).toLowerCase();
  // The typesetter numbers the tables (and corrects the number the writer gave).
  if (/(?<!\p{L})(таблиц\p{L}*|табл\.)\s*$/u.test(before) && /^\d{1,2}$/.test(n)) return true;
  if (!numbering.has(n)) return false;
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
    const n = normalNumber(m[0]);
    if (grounded.has(n) || structural(text, m.index, n, numbering)) continue;
    out.push(m[0]);
  }
  return out;
}

/** The numbers the passages with these ids hold, with what the outline allows. */
function groundedBy(ids: string[], g: Grounding): Set<string> {
  const grounded = new Set(g.allowed);
  for (const id of ids) for (const n of numbersIn(g.passageText(id) ?? '')) grounded.add(n);
  return grounded;
}

/**
 * A table as a unit: each of its numbers must stand in a passage the table cites — a row's in the
 * passages its own cells or the caption cite, the caption's and the header's in any the table cites.
 * A row with another number goes; the whole table goes (null) when its caption or header carries
 * one, or when no row is left. `dropped` counts the rows that went.
 */
export function groundTable(t: TextTable, g: Grounding): { table: TextTable | null; dropped: number } {
  const captionIds = citedPassageIds(t.caption ?? '');
  const everyId = [...captionIds, ...[t.header, ...t.rows].flat().flatMap(citedPassageIds)];
  const wide = groundedBy(everyId, g);
  const clean = (cells: string[], grounded: Set<string>) => cells.every((c) => !ungroundedNumbers(c, grounded, g.numbering).length);
  if (!clean([t.caption ?? '', ...t.header], wide)) return { table: null, dropped: t.rows.length };
  const rows = t.rows.filter((r) => clean(r, groundedBy([...captionIds, ...r.flatMap(citedPassageIds)], g)));
  const dropped = t.rows.length - rows.length;
  return rows.length ? { table: { ...t, rows }, dropped } : { table: null, dropped };
}

/**
 * The paragraphs without the sentences that carry a number no cited passage (nor the outline)
 * holds; a table loses such rows (groundTable), and a table that goes takes its reference with it.
 * `keepCited`: a sentence with a citation of its own is left to the claims check that follows
 * (its figures against its cited page, and a repair from that page before it is removed).
 */
export function dropUngroundedNumbers(
  paragraphs: string[],
  g: Grounding,
  options: { keepCited?: boolean } = {},
): { paragraphs: string[]; dropped: number } {
  let dropped = 0;
  const out: string[] = [];
  for (const paragraph of paragraphs) {
    const table = tableOf(paragraph);
    if (table) {
      const grounded = groundTable(table, g);
      dropped += grounded.dropped;
      if (grounded.table) out.push(grounded.dropped ? tableParagraph(grounded.table) : paragraph);
      continue;
    }
    const grounded = groundedBy(citedPassageIds(paragraph), g);
    const kept = sentencesOf(paragraph).filter((sentence) => {
      // Only a citation of a known passage is one the claims check will see (an unknown id is stripped there).
      if (options.keepCited && citedPassageIds(sentence).some((id) => g.passageText(id) !== undefined)) return true;
      if (!ungroundedNumbers(sentence, grounded, g.numbering).length) return true;
      dropped++;
      return false;
    });
    const text = kept.join(' ').trim();
    if (text) out.push(text);
  }
  return { paragraphs: settleTables(out), dropped };
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
