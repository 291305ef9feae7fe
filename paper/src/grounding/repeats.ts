/**
 * The repetition guard: a sentence whose word 5-grams largely stand in text written before it
 * (another subsection, or earlier in its own) says nothing new, and goes. Deterministic, after
 * every writing or extending call, in the order of the document, so the first telling stays.
 */
import { sentencesOf } from '../text/sentences.ts';
import { isTable } from '../text/tables.ts';
import { numbersIn } from './numbers.ts';

/** A sentence goes when at least this share of its 5-grams was written before. */
export const MAX_REPEATED_SHARE = 0.3;

/** Lower-case words, citation markers left out: what 5-grams are made of. */
export function wordsOf(text: string): string[] {
  return text
    .replace(/\[\[[^\]]*\]\]|\[[^\]]*\]/g, ' ')
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export function fiveGramsOf(text: string): string[] {
  const words = wordsOf(text);
  const out: string[] = [];
  for (let i = 0; i + 5 <= words.length; i++) out.push(words.slice(i, i + 5).join(' '));
  return out;
}

/** A text as the guard holds it: paragraphs of sentences, changed in place when a citation is merged into one. */
interface GuardedText {
  paragraphs: string[][];
  /** A sentence of it got another citation. */
  touched: boolean;
}

interface Slot {
  text: GuardedText;
  paragraph: number;
  sentence: number;
}

const MARKER = /\[\[([^\]]*)\]\]/g;
const idsOf = (sentence: string) => [...sentence.matchAll(MARKER)].flatMap((m) => m[1].split(/[,;]/).map((x) => x.trim()));

/** The sentence with more passages cited: in its last marker, or in a new one before its final stop. */
export function withCitations(sentence: string, ids: string[]): string {
  const last = /\[\[([^\]]*)\]\]([.!?…»"]*)\s*$/.exec(sentence);
  if (last) return `${sentence.slice(0, last.index)}[[${[last[1], ...ids].join(', ')}]]${last[2]}`;
  const stop = /([.!?…]+)\s*$/.exec(sentence);
  return stop ? `${sentence.slice(0, stop.index)} [[${ids.join(', ')}]]${stop[1]}` : `${sentence} [[${ids.join(', ')}]]`;
}

/**
 * The guard over a paper's texts, in the document's order: `keep` takes texts as they are (what
 * was written before), `filter` drops from a new text the sentences that repeat what the guard has
 * seen. A repeated sentence that cites a source no text cites yet is not kept as a repetition:
 * its citation joins the sentence it repeats (the claim backed by both sources), so the source is
 * still cited (the list prints only cited sources) and nothing is said twice.
 */
export class RepeatGuard {
  private readonly owner = new Map<string, Slot>();
  private readonly cited = new Set<string>();
  private readonly texts: GuardedText[] = [];

  private readonly sourceOf?: (passageId: string) => string | undefined;
  private readonly passageText?: (passageId: string) => string | undefined;

  /**
   * `sourceOf` names a passage's source (a repetition citing a new source gives its citation to
   * the sentence it repeats); `passageText` gives its text (the citation moves only to a sentence
   * whose figures it holds).
   */
  constructor(sourceOf?: (passageId: string) => string | undefined, passageText?: (passageId: string) => string | undefined) {
    this.sourceOf = sourceOf;
    this.passageText = passageText;
  }

  private note(slot: Slot, sentence: string): void {
    for (const g of fiveGramsOf(sentence)) if (!this.owner.has(g)) this.owner.set(g, slot);
    for (const id of idsOf(sentence)) {
      const source = this.sourceOf?.(id);
      if (source) this.cited.add(source);
    }
  }

  private hold(paragraphs: string[][]): GuardedText {
    const text = { paragraphs, touched: false };
    this.texts.push(text);
    return text;
  }

  /** Texts written before, kept whole (a table is neither a repetition nor repeated: its cells retell its passages' data). */
  keep(paragraphs: string[]): GuardedText {
    const text = this.hold(paragraphs.map((p) => (isTable(p) ? [p] : sentencesOf(p))));
    text.paragraphs.forEach((sentences, pi) => {
      if (!isTable(paragraphs[pi])) sentences.forEach((s, si) => this.note({ text, paragraph: pi, sentence: si }, s));
    });
    return text;
  }

  /** A new text without what repeats (a paragraph left empty, or only a lead «…:», goes). */
  filter(paragraphs: string[]): { text: GuardedText; dropped: number } {
    const text = this.hold([]);
    let dropped = 0;
    for (const paragraph of paragraphs) {
      const kept: string[] = [];
      const pi = text.paragraphs.length;
      text.paragraphs.push(kept);
      if (isTable(paragraph)) {
        kept.push(paragraph);
        continue;
      }
      for (const sentence of sentencesOf(paragraph)) {
        const grams = fiveGramsOf(sentence);
        const earlier = grams.map((g) => this.owner.get(g)).filter((x): x is Slot => x !== undefined);
        if (grams.length && earlier.length / grams.length >= MAX_REPEATED_SHARE) {
          dropped++;
          this.mergeCitations(sentence, earlier);
          continue;
        }
        const slot = { text, paragraph: pi, sentence: kept.length };
        kept.push(sentence);
        this.note(slot, sentence);
      }
      // A paragraph reduced to a lead with nothing after it («…следующие:») goes (its slots stay valid, empty).
      if (kept.join(' ').trim().endsWith(':') && kept.length < sentencesOf(paragraph).length) kept.length = 0;
    }
    return { text, dropped };
  }

  /** The new sources a dropped sentence cites join the earlier sentence it mostly repeats. */
  private mergeCitations(sentence: string, earlier: Slot[]): void {
    const fresh = idsOf(sentence).filter((id) => {
      const source = this.sourceOf?.(id);
      return source !== undefined && !this.cited.has(source);
    });
    if (!fresh.length) return;
    const counts = new Map<Slot, number>();
    for (const slot of earlier) counts.set(slot, (counts.get(slot) ?? 0) + 1);
    const target = [...counts].sort((a, b) => b[1] - a[1])[0][0];
    const sentences = target.text.paragraphs[target.paragraph];
    if (!sentences?.[target.sentence]) return;
    // A citation never lands on a statement whose figures its passage does not hold.
    const figures = numbersIn(sentences[target.sentence].replace(/\[\[[^\]]*\]\]/g, ' '));
    if (figures.size && fresh.some((id) => ![...figures].every((f) => numbersIn(this.passageText?.(id) ?? '').has(f)))) return;
    sentences[target.sentence] = withCitations(sentences[target.sentence], fresh);
    target.text.touched = true;
    for (const id of fresh) this.cited.add(this.sourceOf!(id)!);
  }
}

/** A guarded text as paragraphs again. */
export function paragraphsOf(text: GuardedText): string[] {
  return text.paragraphs.map((s) => s.join(' ').trim()).filter(Boolean);
}

/** Every subsection, in the document's order, without what an earlier one (or its own earlier text) said. */
export function dropRepeatedAcross(
  texts: Map<string, string[]>,
  sourceOf?: (passageId: string) => string | undefined,
  passageText?: (passageId: string) => string | undefined,
): { texts: Map<string, string[]>; dropped: number } {
  const guard = new RepeatGuard(sourceOf, passageText);
  let dropped = 0;
  const held = [...texts].map(([number, paragraphs]) => {
    const r = guard.filter(paragraphs);
    dropped += r.dropped;
    return { number, paragraphs, text: r.text, dropped: r.dropped };
  });
  // Joined at the end: a later subsection may have added a citation to an earlier one.
  const out = new Map(held.map((h) => [h.number, h.dropped || h.text.touched ? paragraphsOf(h.text) : h.paragraphs]));
  return { texts: out, dropped };
}
