/**
 * The repetition guard: a sentence whose word 5-grams largely stand in text written before it
 * (another subsection, or earlier in its own) says nothing new, and goes. Deterministic, after
 * every writing or extending call, in the order of the document, so the first telling stays.
 */
import { sentencesOf } from './sentences.ts';

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

/** The 5-grams of paragraphs, into `into`. */
export function addGrams(into: Set<string>, paragraphs: string[]): Set<string> {
  for (const p of paragraphs) for (const g of fiveGramsOf(p)) into.add(g);
  return into;
}

/**
 * A sentence that cites a source no text before it cites stays, whatever it repeats: it is where
 * the paper uses that source (and the list prints only cited sources). `sourceOf` maps a cited
 * passage to its source; `cited` holds the sources cited so far and grows.
 */
export interface NewSources {
  sourceOf: (passageId: string) => string | undefined;
  cited: Set<string>;
}

function citesNew(sentence: string, n: NewSources | undefined): boolean {
  if (!n) return false;
  const ids = [...sentence.matchAll(/\[\[([^\]]*)\]\]/g)].flatMap((m) => m[1].split(/[,;]/).map((x) => x.trim()));
  return ids.some((id) => {
    const source = n.sourceOf(id);
    return source !== undefined && !n.cited.has(source);
  });
}

function noteCited(sentence: string, n: NewSources | undefined): void {
  if (!n) return;
  for (const m of sentence.matchAll(/\[\[([^\]]*)\]\]/g))
    for (const id of m[1].split(/[,;]/)) {
      const source = n.sourceOf(id.trim());
      if (source) n.cited.add(source);
    }
}

/** The sources the paragraphs cite, into `n.cited`. */
export function addCited(n: NewSources, paragraphs: string[]): void {
  for (const p of paragraphs) noteCited(p, n);
}

/**
 * The paragraphs without the sentences that repeat `seen` (which grows with what is kept, so a
 * sentence repeated within the paragraphs goes too). A paragraph left empty goes.
 */
export function dropRepeated(paragraphs: string[], seen: Set<string>, sources?: NewSources): { paragraphs: string[]; dropped: number } {
  let dropped = 0;
  const out: string[] = [];
  for (const paragraph of paragraphs) {
    const kept: string[] = [];
    for (const sentence of sentencesOf(paragraph)) {
      const grams = fiveGramsOf(sentence);
      const repeated = grams.filter((g) => seen.has(g)).length;
      if (grams.length && repeated / grams.length >= MAX_REPEATED_SHARE && !citesNew(sentence, sources)) {
        dropped++;
        continue;
      }
      for (const g of grams) seen.add(g);
      noteCited(sentence, sources);
      kept.push(sentence);
    }
    const text = kept.join(' ').trim();
    // A paragraph reduced to a lead with nothing after it («…следующие:») is not kept either.
    if (text && !text.endsWith(':')) out.push(text);
  }
  return { paragraphs: out, dropped };
}

/** Every subsection, in the document's order, without what an earlier one (or its own earlier text) said. */
export function dropRepeatedAcross(
  texts: Map<string, string[]>,
  sourceOf?: (passageId: string) => string | undefined,
): { texts: Map<string, string[]>; dropped: number } {
  const seen = new Set<string>();
  const sources = sourceOf ? { sourceOf, cited: new Set<string>() } : undefined;
  const out = new Map<string, string[]>();
  let dropped = 0;
  for (const [number, paragraphs] of texts) {
    const r = dropRepeated(paragraphs, seen, sources);
    out.set(number, r.dropped ? r.paragraphs : paragraphs);
    dropped += r.dropped;
  }
  return { texts: out, dropped };
}
