/**
 * The engine corrects what the grounding check (check.ts) reports, in the texts with their
 * passage markers, and counts each correction by kind: a citation the cited page does not back
 * (out of the printed range, without the statement's figure, without its key terms) goes, and a
 * statement left with no citation goes with it; a statement naming a person or work the list does
 * not hold loses the name when it stands in an author-year parenthesis, and goes otherwise; a
 * model's own list of literature and a repeated paragraph go; a listed work nothing cites is cited
 * where its passage fits (citeWhereFits).
 */
import { isTable } from '../text/tables.ts';
import { PASSAGE_MARKER, markerIds } from '../passages/markers.ts';
import type { Passage } from '../passages/types.ts';
import { sentencesOf } from '../text/sentences.ts';
import type { GroundingFinding } from './check.ts';
import { sharedTerms } from './support.ts';
import type { GlossaryEntry } from '../writer/types.ts';
import { numbersIn } from './numbers.ts';
import { withCitations } from './repeats.ts';
import type { GroundingCounts } from './types.ts';

export const noCorrections = (): GroundingCounts => ({
  names: 0,
  referenceLists: 0,
  pages: 0,
  figures: 0,
  unsupported: 0,
  repeatedParagraphs: 0,
  recited: 0,
  repaired: 0,
  rewritten: 0,
  removed: 0,
});

export function addCorrections(a: GroundingCounts, b: GroundingCounts): GroundingCounts {
  const out = { ...noCorrections(), ...a };
  for (const k of Object.keys(b) as (keyof GroundingCounts)[]) out[k] += b[k];
  return out;
}

const COUNTED = { page: 'pages', figure: 'figures', support: 'unsupported' } as const;

/** A sentence without the citations of these passages (an emptied marker goes). */
function withoutRefs(sentence: string, refs: Set<string>): string {
  return sentence
    .replace(PASSAGE_MARKER, (_m, inner: string) => {
      const ids = markerIds(inner).filter((id) => !refs.has(id));
      return ids.length ? `[[${ids.join(', ')}]]` : '';
    })
    .replace(/\s+([.,;:!?])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

const hasMarker = (s: string) => new RegExp(PASSAGE_MARKER.source).test(s);

/**
 * The texts (parts of paragraphs, in the check's order) with the findings corrected; `counts`
 * grows by what was done. Uncited works are left to citeWhereFits.
 */
export function applyFindings(parts: string[][], findings: GroundingFinding[], counts: GroundingCounts): string[][] {
  const at = (f: GroundingFinding) => `${f.part}:${f.paragraph}`;
  const byParagraph = new Map<string, GroundingFinding[]>();
  for (const f of findings)
    if (f.part !== undefined && f.paragraph !== undefined) byParagraph.set(at(f), [...(byParagraph.get(at(f)) ?? []), f]);
  return parts.map((paragraphs, pi) =>
    paragraphs.flatMap((paragraph, gi) => {
      const found = byParagraph.get(`${pi}:${gi}`);
      if (!found) return [paragraph];
      const whole = found.find((f) => f.kind === 'reference-list' || f.kind === 'repeat');
      if (whole) {
        counts[whole.kind === 'repeat' ? 'repeatedParagraphs' : 'referenceLists']++;
        return [];
      }
      const sentences = isTable(paragraph) ? [paragraph] : sentencesOf(paragraph);
      const kept = sentences.flatMap((sentence, si) => {
        const mine = found.filter((f) => f.sentence === si);
        if (!mine.length) return [sentence];
        let text = sentence;
        const names = mine.filter((f) => f.kind === 'name');
        if (names.length) {
          counts.names += names.length;
          // An author-year parenthesis is a reference of its own: it goes, the statement stays.
          if (names.every((f) => f.named?.startsWith('('))) {
            for (const f of names) text = text.replace(f.named!, '');
            text = text.replace(/\s+([.,;:!?])/g, '$1').trim();
            counts.rewritten++;
          } else {
            counts.removed++;
            return [];
          }
        }
        const refs = new Set<string>();
        for (const f of mine)
          if (f.citation && f.kind in COUNTED && !refs.has(f.citation.ref)) {
            refs.add(f.citation.ref);
            counts[COUNTED[f.kind as keyof typeof COUNTED]]++;
          }
        if (!refs.size) return [text];
        const had = hasMarker(text);
        text = withoutRefs(text, refs);
        // A statement whose every citation went stands on nothing: it goes too.
        if (had && !hasMarker(text)) {
          counts.removed++;
          return [];
        }
        return [text];
      });
      const joined = kept.join(' ').trim();
      return joined ? [joined] : [];
    }),
  );
}

/**
 * A citation added where the writer put none stands only on a sentence that retells its passage: a
 * higher share of its key terms than a written citation must keep (a general sentence on the
 * topic shares half of them with a passage on the topic).
 */
const RECITE_SHARE = 0.7;

/** How a paragraph cited nothing new fits: not a table, not a chapter's conclusions. */
const citable = (paragraph: string) => !isTable(paragraph) && !/^Выводы по главе \d+\./.test(paragraph);

/** A passage's first whole sentence of some length: what a quotation of it gives. */
function quotable(text: string): string | null {
  const sentences = text
    .split(/(?<=[.!?])\s+(?=[«"\p{Lu}])/u)
    .map((s) => s.trim())
    .filter((s) => /^\p{Lu}/u.test(s) && /[.!?]$/.test(s) && s.split(/\s+/).length >= 6 && s.length <= 400 && !/[«»]/.test(s));
  return sentences[0]?.replace(/[.!?]$/, '') ?? null;
}

/**
 * Cites a source (one of `passages`, all its) in `parts` (number -> paragraphs, those a citation
 * may go into): the sentence that its passage supports best (key terms, no figure of its own) gets
 * the marker; with none and `quote` (a user's file, which must be cited), the paragraph closest to
 * the passage gets a quotation of it with the marker. Returns false when nothing fits.
 */
export function citeWhereFits(
  parts: Map<string, string[]>,
  passages: Passage[],
  pageText: (p: Passage) => string,
  options: { quote: boolean; glossary?: readonly GlossaryEntry[] },
): boolean {
  let best: { number: string; paragraph: number; sentence: number; passage: Passage; share: number } | null = null;
  for (const [number, paragraphs] of parts)
    paragraphs.forEach((paragraph, gi) => {
      if (!citable(paragraph)) return;
      sentencesOf(paragraph).forEach((sentence, si) => {
        const plain = sentence.replace(/\s*\[\[[^\]]*\]\]/g, '');
        if (numbersIn(plain).size) return;
        for (const p of passages) {
          const share = sharedTerms(plain, [pageText(p)], options.glossary);
          if (share >= RECITE_SHARE && (!best || share > best.share)) best = { number, paragraph: gi, sentence: si, passage: p, share };
        }
      });
    });
  const found = best as { number: string; paragraph: number; sentence: number; passage: Passage } | null;
  if (found) {
    const paragraphs = parts.get(found.number)!;
    const sentences = sentencesOf(paragraphs[found.paragraph]);
    sentences[found.sentence] = withCitations(sentences[found.sentence], [found.passage.id]);
    parts.set(
      found.number,
      paragraphs.map((p, i) => (i === found.paragraph ? sentences.join(' ') : p)),
    );
    return true;
  }
  if (!options.quote) return false;
  let quote: { number: string; paragraph: number; passage: Passage; text: string; share: number } | null = null;
  for (const p of passages) {
    const text = quotable(p.text);
    if (!text) continue;
    for (const [number, paragraphs] of parts)
      paragraphs.forEach((paragraph, gi) => {
        if (!citable(paragraph)) return;
        const share = sharedTerms(paragraph, [p.text], options.glossary);
        if (!quote || share > quote.share) quote = { number, paragraph: gi, passage: p, text, share };
      });
  }
  const q = quote as { number: string; paragraph: number; passage: Passage; text: string } | null;
  if (!q) return false;
  const paragraphs = parts.get(q.number)!;
  const sentence = `В источнике отмечается: «${q.text}» [[${q.passage.id}]].`;
  parts.set(
    q.number,
    paragraphs.map((p, i) => (i === q.paragraph ? `${p} ${sentence}` : p)),
  );
  return true;
}
