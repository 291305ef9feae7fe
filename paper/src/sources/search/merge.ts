/**
 * Merging what several databases found: one work per DOI, or per normalised title + first
 * author + year when there is no DOI; a field one record lacks is taken from the other.
 */
import { isCyrillic } from '../../bibliography/text.ts';
import { authorsFitTitle } from './common.ts';
import type { FoundWork } from '../../bibliography/types.ts';

const normalTitle = (t: string) =>
  t
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The keys a work is known by: its DOI and its title-author-year. */
function keysOf(w: FoundWork): string[] {
  const family = w.authors[0]?.family ? normalTitle(w.authors[0].family) : '';
  const keys = [`t:${normalTitle(`${w.title} ${w.subtitle ?? ''}`)}|${family}|${w.year}`];
  if (w.doi) keys.unshift(`d:${w.doi.toLowerCase()}`);
  return keys;
}

const FILLABLE = [
  'doi',
  'url',
  'pdfUrl',
  'oaUrl',
  'subtitle',
  'container',
  'volume',
  'issue',
  'pages',
  'pageCount',
  'publisher',
  'place',
  'isbn',
  'abstract',
  'language',
] as const;

/**
 * `base` with the gaps filled from `other`. Authors: the other record's when the base has none, or
 * when the base's are in the wrong script for the title (a transliterated Russian name).
 */
function fillFrom(base: FoundWork, other: FoundWork): FoundWork {
  const out: FoundWork = { ...base };
  for (const field of FILLABLE) {
    if (out[field] === undefined || out[field] === '') (out as unknown as Record<string, unknown>)[field] = other[field];
  }
  const baseFits = base.authors.length > 0 && authorsFitTitle(base.title, base.authors);
  const otherFits = other.authors.length > 0 && authorsFitTitle(base.title, other.authors);
  if (!baseFits && otherFits) out.authors = other.authors;
  // A record with the subtitle split off describes the work better than one with "Title: subtitle" in one field.
  if (!out.subtitle && other.subtitle && normalTitle(`${other.title} ${other.subtitle}`) === normalTitle(base.title)) {
    out.title = other.title;
    out.subtitle = other.subtitle;
  }
  if (!out.language && isCyrillic(out.title)) out.language = 'ru';
  return out;
}

/** One work per DOI or title-author-year, in the order first found; later finds fill the gaps. */
export function mergeWorks(found: FoundWork[]): FoundWork[] {
  const merged: FoundWork[] = [];
  const byKey = new Map<string, number>();
  for (const w of found) {
    const keys = keysOf(w);
    const at = keys.map((k) => byKey.get(k)).find((i) => i !== undefined);
    if (at === undefined) {
      merged.push(w);
      for (const k of keys) byKey.set(k, merged.length - 1);
    } else {
      merged[at] = fillFrom(merged[at], w);
      for (const k of keysOf(merged[at])) byKey.set(k, at);
    }
  }
  return merged;
}
