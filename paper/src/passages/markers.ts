/**
 * A writer cites a passage by its id: "[[p17]]" (or several: "[[p17, p18]]"). The typesetter
 * turns a passage into its source and printed page ("[[S3, с. 47]]", resolved to "[3, с. 47]" or
 * a footnote by bibliography/refs.ts); a passage read without a full text gives "[[S3]]".
 */
import type { Passage } from './types.ts';

export const PASSAGE_MARKER = /\[\[\s*(p\d+(?:\s*[,;]\s*p\d+)*)\s*\]\]/g;
/** Any double-bracket marker, including ids that were never given and the old "[[S3]]" form. */
const ANY_MARKER = /\s*\[\[[^\]]*\]\]/g;

export function markerIds(inner: string): string[] {
  return inner.split(/[,;]/).map((s) => s.trim());
}

/** The passages a piece of text cites. */
export function citedPassageIds(text: string): string[] {
  return [...text.matchAll(PASSAGE_MARKER)].flatMap((m) => markerIds(m[1]));
}

/** Keeps the markers of known passages (unknown ids left out) and drops every other marker. */
export function keepKnownMarkers(paragraph: string, known: Map<string, Passage>): string {
  return paragraph.replace(ANY_MARKER, (marker) => {
    const m = /^\s*\[\[\s*(p\d+(?:\s*[,;]\s*p\d+)*)\s*\]\]$/.exec(marker);
    const ids = m ? markerIds(m[1]).filter((id) => known.has(id)) : [];
    const lead = /^\s*/.exec(marker)![0];
    return ids.length ? `${lead}[[${[...new Set(ids)].join(', ')}]]` : '';
  });
}

/** "[[p17]]" -> "[[S3, с. 47]]": the form the referencer resolves. Only numeric pages are printed. */
export function toSourceMarkers(paragraph: string, passages: Map<string, Passage>): string {
  return paragraph.replace(PASSAGE_MARKER, (_, inner: string) =>
    markerIds(inner)
      .map((id) => passages.get(id))
      .filter((p): p is Passage => p !== undefined)
      .map((p) => (p.page && /^\d+$/.test(p.page) ? `[[${p.sourceId}, с. ${p.page}]]` : `[[${p.sourceId}]]`))
      .join(' '),
  );
}

/** Markers removed: the plain claim. */
export function withoutMarkers(text: string): string {
  return text
    .replace(ANY_MARKER, '')
    .replace(/\s+([.,;:!?])/g, '$1')
    .trim();
}
