/**
 * Volume: character budgets derived from the required pages, then the measured page count of the
 * laid-out paper is corrected: sections are topped up by the writer when the paper is short and
 * trimmed by whole paragraphs when it is long.
 */
import type { CallRunner } from '../calls.ts';
import { allOrAbort } from '../calls.ts';
import { CHARS_PER_PAGE } from '../gost/constants.ts';
import { tokensFor } from '../writer/tokens.ts';
import { charsOf } from '../text/clean.ts';
import type { Grounding } from '../text/numbers.ts';
import { paragraphsOf, RepeatGuard } from '../text/repeats.ts';
import { acceptText, isChapterConclusion } from '../sections/index.ts';
import { citedPassageIds } from '../passages/markers.ts';
import { isTable, settleTables } from '../text/tables.ts';
import { withoutTables } from '../text/table-slots.ts';
import type { PassageBrief } from '../writer/types.ts';
import type { OutlineBrief } from '../outline/types.ts';
import { extendMessages } from './prompt.ts';

/** A demo: title page, contents, introduction, chapter 1. Its page window. */
export const DEMO_PAGES = { min: 10, max: 15, aim: 12 } as const;
/** The sources a demo's chapter cites, about: its list's length. */
const DEMO_CITED_SOURCES = 12;

/** One extension asks for at most this many characters. */
const MAX_EXTEND_CHARS = 8000;

export interface Budget {
  introduction: number;
  subsections: Map<string, number>;
  conclusion: number;
}

export function budgetFor(options: {
  type: 'demo' | 'full';
  volume: number;
  chapters: { subsections: string[] }[];
  sourceCount: number;
  introTailChars: number;
  /** The appendix on the use of AI: a page of its own. */
  aiAppendix: boolean;
}): Budget {
  const cpp = CHARS_PER_PAGE;
  const subsections = new Map<string, number>();
  const appendixPages = options.aiAppendix ? 1 : 0;
  const bibliographyPages = (sources: number) => Math.max(1, (sources * 230) / cpp + 0.3);
  if (options.type === 'demo') {
    const subs = options.chapters[0].subsections.length;
    const introduction = Math.max(2500, Math.round(3 * cpp - options.introTailChars));
    // Title 1 + contents 1 + introduction 3 + chapter 1 + its list (of the sources it cites, about a
    // dozen, on a page of its own) + the appendix come to a page over the aim: the list and the
    // appendix are taken from the chapter, so they never push a demo past its window.
    const cited = Math.min(options.sourceCount, DEMO_CITED_SOURCES);
    const chapterPages = Math.max(3, DEMO_PAGES.aim + 1 - 5 - (bibliographyPages(cited) + 0.5) - appendixPages);
    options.chapters[0].subsections.forEach((_, i) => subsections.set(`1.${i + 1}`, Math.round((chapterPages * cpp) / subs)));
    return { introduction, subsections, conclusion: 0 };
  }
  const v = options.volume;
  const totalSubs = options.chapters.reduce((n, c) => n + c.subsections.length, 0);
  const introPages = v >= 100 ? 4.5 : 4;
  const conclusionPages = v >= 100 ? 4 : 3;
  const contentsPages = 7 + totalSubs > 18 ? 2 : 1;
  // Every chapter and structural element starts a page: about half a page is lost before each.
  const breaks = 0.5 * (options.chapters.length + 3);
  const headings = totalSubs * 0.15;
  const body =
    v - 1 - contentsPages - introPages - conclusionPages - bibliographyPages(options.sourceCount) - appendixPages - breaks - headings;
  const perSub = Math.max(2000, Math.round((body * cpp) / totalSubs));
  options.chapters.forEach((c, ci) => c.subsections.forEach((_, si) => subsections.set(`${ci + 1}.${si + 1}`, perSub)));
  return {
    introduction: Math.max(3000, Math.round(introPages * cpp - options.introTailChars)),
    subsections,
    conclusion: Math.round(conclusionPages * cpp),
  };
}

/** The page window a paper must land in, and the narrower one corrections aim at. */
export function windowFor(type: 'demo' | 'full', volume: number) {
  if (type === 'demo')
    return { min: DEMO_PAGES.min, max: DEMO_PAGES.max, aimLow: DEMO_PAGES.aim - 1, aimHigh: DEMO_PAGES.aim + 2, aim: DEMO_PAGES.aim };
  return { min: Math.ceil(volume * 0.95), max: Math.floor(volume * 1.05), aimLow: volume - 2, aimHigh: volume + 2, aim: volume };
}

/** Where a subsection's closing starts: its interim conclusion, then (the chapter's last) the chapter's conclusions. */
export function closingAt(paragraphs: string[]): number {
  const conclusions = paragraphs.findIndex(isChapterConclusion);
  const end = conclusions < 0 ? paragraphs.length : conclusions;
  return end > 1 ? end - 1 : end;
}

/** How many passages an extension is written from. */
const EXTEND_PASSAGES = 8;

/**
 * The passages an extension of a subsection is written from: those nobody has cited yet, its own
 * first, then those of its chapter's other subsections that this round gives no one else; its own
 * when none is left.
 */
function unusedPassages(number: string, sourcesFor: (n: string) => PassageBrief[], all: string[], cited: Set<string>, taken: Set<string>) {
  const chapter = number.split('.')[0];
  const siblings = all.filter((n) => n !== number && n.split('.')[0] === chapter);
  const out: PassageBrief[] = [];
  for (const p of [...sourcesFor(number), ...siblings.flatMap(sourcesFor)]) {
    if (out.length >= EXTEND_PASSAGES) break;
    if (cited.has(p.id) || taken.has(p.id) || out.some((x) => x.id === p.id)) continue;
    out.push(p);
  }
  for (const p of out) taken.add(p.id);
  return out.length ? out : sourcesFor(number);
}

/**
 * Adds about `chars` characters to the thinnest subsections by asking the writer to continue each
 * from passages not yet used. What comes back is cleaned, loses its ungrounded figures and what
 * repeats the paper (in the document's order), and goes before the subsection's closing. Returns
 * the characters actually added.
 */
export async function topUp(options: {
  round: number;
  chars: number;
  outline: OutlineBrief;
  texts: Map<string, string[]>;
  sourcesFor: (number: string) => PassageBrief[];
  /** A passage's source: a sentence citing a source the paper does not cite yet is never a repetition. */
  sourceOf: (passageId: string) => string | undefined;
  grounding: Grounding;
  /** Drop what repeats the paper (not for the offline writer, see writing/stage.ts). */
  dropRepeats: boolean;
  calls: CallRunner;
  signal?: AbortSignal;
}): Promise<number> {
  const numbers = [...options.texts.keys()];
  const each = Math.min(MAX_EXTEND_CHARS, Math.max(600, Math.round(options.chars / numbers.length)));
  // With a small deficit only the thinnest subsections grow.
  const count = Math.max(1, Math.min(numbers.length, Math.round(options.chars / each)));
  const chosen = new Set(
    [...numbers].sort((a, b) => charsOf(options.texts.get(a)!) - charsOf(options.texts.get(b)!) || a.localeCompare(b)).slice(0, count),
  );
  const cited = new Set([...options.texts.values()].flat().flatMap(citedPassageIds));
  const taken = new Set<string>();
  const jobs = numbers
    .filter((n) => chosen.has(n))
    .map((number) => ({ number, sources: unusedPassages(number, options.sourcesFor, numbers, cited, taken) }));
  const replies = new Map<string, string>();
  await allOrAbort(
    jobs.map(({ number, sources }) => async () => {
      const [chapter, subsection] = number.split('.').map(Number);
      const paragraphs = options.texts.get(number)!;
      // Prose only: a table's rows at the end of the text would be continued as rows.
      const tail = withoutTables(paragraphs.slice(0, closingAt(paragraphs) + 1))
        .join('\n\n')
        .slice(-1500);
      const reply = await options.calls.call({
        key: `extend:r${options.round}:${number}`,
        task: { kind: 'extend', outline: options.outline, chapter, subsection, round: options.round, tail, addChars: each, sources },
        messages: extendMessages(options.outline, chapter, subsection, tail, each, sources),
        maxTokens: tokensFor(each),
      });
      replies.set(number, reply.text);
    }),
    options.signal,
  );
  // In the document's order: what the paper says (and each extension kept so far) is what repeats.
  const guard = new RepeatGuard(options.sourceOf);
  const held = new Map([...options.texts].map(([n, p]) => [n, { before: p, text: guard.keep(p) }]));
  let added = 0;
  for (const { number } of jobs) {
    const [chapter, subsection] = number.split('.').map(Number);
    // An extension is prose: a table in it goes with its reference (the subsection's own tables stand as they are).
    const accepted = settleTables(
      withoutTables(
        acceptText(replies.get(number)!, {
          dropTitle: options.outline.chapters[chapter - 1].subsections[subsection - 1],
          grounding: options.grounding,
        }),
      ),
    );
    const more = options.dropRepeats ? paragraphsOf(guard.filter(accepted).text) : accepted;
    if (!more.length) continue;
    const paragraphs = options.texts.get(number)!;
    const at = closingAt(paragraphs);
    options.texts.set(number, [...paragraphs.slice(0, at), ...more, ...paragraphs.slice(at)]);
    added += charsOf(more);
  }
  // A repeated sentence citing a new source gave its citation to the sentence it repeats.
  for (const [number, h] of held)
    if (h.text.touched) {
      const current = options.texts.get(number)!;
      const merged = paragraphsOf(h.text);
      // The extension of this subsection (if any) sits before its closing, as in `current`.
      const extra = current.length - h.before.length;
      const at = closingAt(h.before);
      options.texts.set(number, extra > 0 ? [...merged.slice(0, at), ...current.slice(at, at + extra), ...merged.slice(at)] : merged);
    }
  return added;
}

/** Removes about `chars` characters: whole paragraphs before the closing (never a table), from the longest subsections. */
export function trim(texts: Map<string, string[]>, chars: number): void {
  let left = chars;
  for (let guard = 0; left > 0 && guard < 10_000; guard++) {
    const longest = [...texts.entries()]
      .filter(([, p]) => closingAt(p) > 1)
      .sort((a, b) => charsOf(b[1]) - charsOf(a[1]) || a[0].localeCompare(b[0]))[0];
    if (!longest) return;
    const [number, paragraphs] = longest;
    let at = closingAt(paragraphs) - 1;
    while (at > 0 && isTable(paragraphs[at])) at--;
    texts.set(number, [...paragraphs.slice(0, at), ...paragraphs.slice(at + 1)]);
    left -= paragraphs[at].length;
  }
}
