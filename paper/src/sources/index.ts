/**
 * The sources stage: the user's attached files and works found by a bibliographic provider,
 * checked (title, authors, year >= minimum year), ranked by relevance, and handed to the
 * subsections that they fit. Only these sources may be cited, and only they reach the list.
 */
import type { BibSource } from '../bibliography/list.ts';
import type { WorkRecord } from '../bibliography/record.ts';
import { directName } from '../bibliography/text.ts';
import { isAbort } from '../errors.ts';
import type { AttachedSource } from '../input.ts';
import { overlap, stems } from './relevance.ts';
import type { BibliographicSearch, FoundWork } from './search/types.ts';

export interface RunSource {
  id: string;
  origin: 'attached' | 'found';
  bib: BibSource;
  label: string;
  /** Attached: the full text; found: the abstract. */
  text: string;
  stems: Set<string>;
  /** The work as the search found it (its open full text, its DOI). */
  work?: FoundWork;
  /** The user's file. */
  file?: AttachedSource;
}

/** Checks a found work is describable and within the user's filter; nothing unverifiable is kept. */
export function verifyWork(w: FoundWork, minYear: number, maxYear: number): boolean {
  if (!w.title || w.title.length < 5 || w.title.length > 400) return false;
  if (!w.authors.length || w.authors.some((a) => !a.family || a.family.length < 2)) return false;
  if (!Number.isInteger(w.year) || w.year < minYear || w.year > maxYear) return false;
  if ((w.kind === 'article' || w.kind === 'chapter') && !w.container) return false;
  if (w.kind === 'dissertation' || w.kind === 'autoreferat' || w.kind === 'law') return false; // providers lack what GOST needs
  return true;
}

const normTitle = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

export interface SearchOutcome {
  works: FoundWork[];
  /** Queries that failed (the paper continues with what was found). */
  failures: string[];
}

export async function searchWorks(options: {
  search: BibliographicSearch;
  queries: string[];
  topicText: string;
  minYear: number;
  maxYear: number;
  want: number;
  signal?: AbortSignal;
}): Promise<SearchOutcome> {
  const failures: string[] = [];
  const all: FoundWork[] = [];
  for (const query of options.queries) {
    try {
      all.push(...(await options.search.search({ query, minYear: options.minYear, limit: 25, signal: options.signal })));
    } catch (error) {
      if (isAbort(error)) throw error;
      failures.push(`${query}: ${(error as Error).message}`);
    }
  }
  const topic = stems(options.topicText);
  const seen = new Set<string>();
  const ranked = all
    .filter((w) => verifyWork(w, options.minYear, options.maxYear))
    .filter((w) => {
      const key = w.doi?.toLowerCase() ?? normTitle(w.title);
      const tkey = normTitle(w.title);
      if (seen.has(key) || seen.has(tkey)) return false;
      seen.add(key);
      seen.add(tkey);
      return true;
    })
    .map((w) => ({ w, score: overlap(topic, stems(`${w.title} ${w.abstract ?? ''}`)) + (w.abstract ? 0.5 : 0) }))
    .filter((x) => x.score >= 1)
    .sort((a, b) => b.score - a.score || b.w.year - a.w.year);
  return { works: ranked.slice(0, options.want).map((x) => x.w), failures };
}

/** The GOST record of a found work: an electronic resource with its DOI or page, accessed today. */
export function recordOf(w: FoundWork, accessed: string): WorkRecord {
  const common = {
    title: w.title,
    authors: w.authors,
    year: w.year,
    doi: w.doi,
    url: w.doi ? undefined : w.url,
    accessed,
  };
  if (w.kind === 'article') return { ...common, kind: 'article', container: { title: w.container! }, volume: w.volume, issue: w.issue, pages: w.pages };
  if (w.kind === 'chapter') return { ...common, kind: 'chapter', container: { title: w.container!, publisher: w.publisher, place: w.place, year: w.year }, pages: w.pages };
  return { ...common, kind: w.kind === 'collection' ? 'collection' : 'book', publisher: w.publisher, place: w.place };
}

function labelOf(w: FoundWork): string {
  const names = w.authors.slice(0, 3).map(directName).join(', ') + (w.authors.length > 3 ? ' и др.' : '');
  return `${names}. ${w.title}${w.container ? ` // ${w.container}` : ''} (${w.year})`;
}

export function buildRunSources(attached: AttachedSource[], found: FoundWork[], accessed: string): RunSource[] {
  const out: RunSource[] = [];
  attached.forEach((a, i) => {
    out.push({
      id: `S${i + 1}`,
      origin: 'attached',
      bib: { id: `S${i + 1}`, origin: 'attached', citation: a.citation },
      label: a.citation,
      text: a.text,
      file: a,
      stems: stems(`${a.citation} ${a.text.slice(0, 20_000)}`),
    });
  });
  found.forEach((w, i) => {
    const id = `S${attached.length + i + 1}`;
    out.push({
      id,
      origin: 'found',
      bib: { id, origin: 'found', record: recordOf(w, accessed) },
      label: labelOf(w),
      text: w.abstract ?? '',
      work: w,
      stems: stems(`${w.title} ${w.abstract ?? ''}`),
    });
  });
  return out;
}
