import { allOrAbort } from '../calls.ts';
import { tokensFor } from '../writer/tokens.ts';
import { charsOf } from '../text/clean.ts';
import type { Grounding } from '../grounding/numbers.ts';
import { paragraphsOf, RepeatGuard } from '../grounding/repeats.ts';
import { acceptText, closingAt } from '../sections/index.ts';
import { citedPassageIds } from '../passages/markers.ts';
import { isTable, settleTables } from '../text/tables.ts';
import { withoutTables } from '../text/table-slots.ts';
import type { PassageBrief, GlossaryEntry, CallRunner } from '../writer/types.ts';
import type { OutlineBrief } from '../outline/types.ts';
import { extendMessages } from './prompt.ts';

/** One extension asks for at most this many characters. */
const MAX_EXTEND_CHARS = 8000;

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
  /** Drop what repeats the paper (not for the offline writer, see guardsRepeats in grounding/check-texts.ts). */
  dropRepeats: boolean;
  calls: CallRunner;
  /** The topic's glossary, shown beside the foreign passages. */
  glossary?: readonly GlossaryEntry[];
  signal?: AbortSignal;
}): Promise<number> {
  const numbers = [...options.texts.keys()];
  const glossary = [...(options.glossary ?? [])];
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
        task: {
          kind: 'extend',
          outline: options.outline,
          chapter,
          subsection,
          round: options.round,
          tail,
          addChars: each,
          sources,
          glossary,
        },
        messages: extendMessages(options.outline, chapter, subsection, tail, each, sources, glossary),
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
          checked: true,
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

/**
 * Removes about `chars` characters: whole paragraphs before the closing (never a table), from the
 * longest subsections; never one that `mayDrop` refuses (the last citation of a work the list
 * cannot lose): the paragraph before it goes instead, or another subsection's.
 */
export function trim(texts: Map<string, string[]>, chars: number, mayDrop: (paragraph: string) => boolean = () => true): void {
  let left = chars;
  for (let guard = 0; left > 0 && guard < 10_000; guard++) {
    const candidates = [...texts.entries()]
      .filter(([, p]) => closingAt(p) > 1)
      .sort((a, b) => charsOf(b[1]) - charsOf(a[1]) || a[0].localeCompare(b[0]));
    let cut: { number: string; at: number } | null = null;
    for (const [number, paragraphs] of candidates) {
      for (let at = closingAt(paragraphs) - 1; at > 0 && !cut; at--)
        if (!isTable(paragraphs[at]) && mayDrop(paragraphs[at])) cut = { number, at };
      if (cut) break;
    }
    if (!cut) return;
    const paragraphs = texts.get(cut.number)!;
    texts.set(cut.number, [...paragraphs.slice(0, cut.at), ...paragraphs.slice(cut.at + 1)]);
    left -= paragraphs[cut.at].length;
  }
}
