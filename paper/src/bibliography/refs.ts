/**
 * Turns the citation markers a writer leaves in the text ([[S3]], [[S3, с. 45]]) into references:
 * in-text "[N, с. X]" by the number in the list, or footnotes by GOST R 7.0.5-2008 (the first
 * reference in full, "Там же" for a repeat of the previous footnote, a short form later).
 */
import type { BibSource, Cite, Inline, PrintedCitation } from './types.ts';
import { formatRecord, shortRecord } from './gost.ts';
import { DASH, NBSP, normalizeCitation, pageRange } from './text.ts';

export const MARKER = /\[\[\s*(S\d+)\s*(?:,\s*(?:с|c|стр)\.?\s*([0-9]+(?:\s*[-–]\s*[0-9]+)?))?\s*\]\]/g;

/** Splits a paragraph into text and groups of adjacent citation markers (each group with where it stands). */
export function splitMarkers(paragraph: string): ({ text: string } | { cites: Cite[]; at: number })[] {
  const out: ({ text: string } | { cites: Cite[]; at: number })[] = [];
  let last = 0;
  for (const m of paragraph.matchAll(MARKER)) {
    const start = m.index ?? 0;
    const between = paragraph.slice(last, start);
    const prev = out[out.length - 1];
    if (prev && 'cites' in prev && /^[\s,;]*$/.test(between)) {
      prev.cites.push({ id: m[1], pages: m[2] ? pageRange(m[2]) : undefined });
    } else {
      if (between) out.push({ text: between });
      out.push({ cites: [{ id: m[1], pages: m[2] ? pageRange(m[2]) : undefined }], at: start });
    }
    last = start + m[0].length;
  }
  if (last < paragraph.length) out.push({ text: paragraph.slice(last) });
  return out;
}

function noteFromCitation(citation: string, pages?: string): string {
  const text = normalizeCitation(citation).replace(/\.$/, '');
  if (!pages) return `${text}.`;
  const cited = `С.${NBSP}${pages}`;
  // The extent of the whole work ("– 256 с.") gives way to the cited pages.
  const extent = new RegExp(`${DASH} \\d+${NBSP}с\\.?`);
  if (extent.test(text)) return `${text.replace(extent, `${DASH} ${cited}.`)}.`.replace(/\.\.$/, '.');
  return `${text}. ${DASH} ${cited}.`;
}

function shortFromCitation(citation: string): string {
  const text = normalizeCitation(citation);
  const first = text.split(' / ')[0].split(`. ${DASH} `)[0];
  return first.replace(/[.:;,\s]+$/, '');
}

export interface Referencer {
  /** Inline pieces for one group of markers at one place in the text. */
  cite(cites: Cite[]): Inline[];
  /** Resolves all markers of a paragraph. */
  paragraph(text: string): Inline[];
}

export function createReferencer(options: {
  sources: Map<string, BibSource>;
  numberOf: Map<string, number>;
  footnotes: boolean;
  /** Told of every group of markers a paragraph prints, in the document's order (the evidence report's citations). */
  onCite?: (citation: PrintedCitation) => void;
}): Referencer {
  let previousId: string | null = null;
  const cited = new Set<string>();

  const footnoteFor = (c: Cite): string => {
    const source = options.sources.get(c.id)!;
    const pages = c.pages;
    let text: string;
    if (previousId === c.id) {
      text = pages ? `Там же. С.${NBSP}${pages}.` : 'Там же.';
    } else if (cited.has(c.id)) {
      const short = source.record ? shortRecord(source.record) : shortFromCitation(source.citation ?? '');
      text = pages ? `${short}. С.${NBSP}${pages}.` : `${short}.`;
    } else {
      text = source.record
        ? formatRecord(source.record, { mode: 'note', citedPages: pages })
        : noteFromCitation(source.citation ?? '', pages);
    }
    previousId = c.id;
    cited.add(c.id);
    return text;
  };

  const cite = (cites: Cite[]): Inline[] => {
    // A marker naming a source the writer was not given is dropped: nothing invented is printed.
    const known = cites.filter((c) => options.sources.has(c.id) && options.numberOf.has(c.id));
    if (known.length === 0) return [];
    if (options.footnotes) return known.map((c) => ({ kind: 'footnote', text: footnoteFor(c) }));
    const parts = known.map((c) => {
      const n = options.numberOf.get(c.id)!;
      return c.pages ? `${n}, с.${NBSP}${c.pages}` : String(n);
    });
    return [{ kind: 'text', text: `[${[...new Set(parts)].join('; ')}]` }];
  };

  const paragraph = (text: string): Inline[] => {
    const out: Inline[] = [];
    const push = (piece: Inline) => {
      const last = out[out.length - 1];
      if (piece.kind === 'text' && last?.kind === 'text') last.text += piece.text;
      else out.push(piece);
    };
    for (const part of splitMarkers(text)) {
      if ('text' in part) {
        push({ kind: 'text', text: part.text });
        continue;
      }
      const pieces = cite(part.cites);
      if (pieces.length) options.onCite?.({ at: part.at, cites: part.cites, printed: pieces });
      const last = out[out.length - 1];
      if (pieces.length && last?.kind === 'text') {
        // "… текст [3]." with one space before a bracket; a footnote mark sticks to the word.
        last.text = last.text.replace(/\s+$/, '');
        if (pieces[0].kind === 'text') last.text += NBSP;
      }
      for (const p of pieces) push(p);
    }
    // Space left before punctuation after a removed marker: "слово ." -> "слово."
    for (const piece of out) if (piece.kind === 'text') piece.text = piece.text.replace(/\s+([.,;:])/g, '$1');
    return out.filter((p) => p.kind === 'footnote' || p.text.length > 0);
  };

  return { cite, paragraph };
}
