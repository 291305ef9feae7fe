/**
 * Repeated paragraphs across the whole paper, the introduction and the conclusion included: a
 * paragraph most of whose word 5-grams (shingles) stand in one earlier paragraph says it again,
 * verbatim or nearly, and only the first telling stays. Tables and short paragraphs (a task of the
 * introduction, a lead «…следующие:») are not compared.
 */
import { isTable } from '../text/tables.ts';
import { fiveGramsOf } from './repeats.ts';

/** A paragraph repeats an earlier one when at least this share of its shingles stands in it. */
export const REPEATED_PARAGRAPH_SHARE = 0.5;
/** Paragraphs with fewer shingles than this are not compared. */
const MIN_SHINGLES = 10;

export interface RepeatedParagraph {
  part: number;
  paragraph: number;
  /** The earlier paragraph it repeats. */
  of: { part: number; paragraph: number };
}

/** The later copies among the parts' paragraphs, in the document's order. */
export function repeatedParagraphs(parts: string[][]): RepeatedParagraph[] {
  const owners = new Map<string, number[]>();
  const places: { part: number; paragraph: number }[] = [];
  const out: RepeatedParagraph[] = [];
  parts.forEach((paragraphs, part) =>
    paragraphs.forEach((text, paragraph) => {
      if (isTable(text)) return;
      const shingles = [...new Set(fiveGramsOf(text))];
      if (shingles.length < MIN_SHINGLES) return;
      const shared = new Map<number, number>();
      for (const g of shingles) for (const o of owners.get(g) ?? []) shared.set(o, (shared.get(o) ?? 0) + 1);
      const best = [...shared].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
      if (best && best[1] / shingles.length >= REPEATED_PARAGRAPH_SHARE) {
        out.push({ part, paragraph, of: places[best[0]] });
        return;
      }
      const id = places.push({ part, paragraph }) - 1;
      for (const g of shingles) owners.set(g, [...(owners.get(g) ?? []), id]);
    }),
  );
  return out;
}
