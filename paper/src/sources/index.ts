/**
 * The sources of a paper: the user's attached files and the works the search found
 * (find-works.ts), handed to the subsections that they fit. Only these sources may be cited, and
 * only they reach the list.
 */
import type { WorkRecord, FoundWork } from '../bibliography/types.ts';
import { directName } from '../bibliography/text.ts';
import type { AttachedSource } from '../input/types.ts';
import { stems } from './relevance.ts';
import { INVENTED_NOTE } from './search/invented.ts';
import type { RunSource } from './types.ts';

/**
 * The GOST record of a found work: an electronic resource with its DOI or page, accessed on the
 * day of the run; the title, other title information, place, publisher and extent as the
 * databases gave them (Crossref has completed them by DOI where it could).
 */
export function recordOf(w: FoundWork, accessed: string): WorkRecord {
  const common = {
    title: w.title,
    subtitle: w.subtitle,
    authors: w.authors,
    year: w.year,
    doi: w.doi,
    url: w.doi ? undefined : w.url,
    accessed,
    note: w.invented ? INVENTED_NOTE : undefined,
  };
  if (w.kind === 'article')
    return { ...common, kind: 'article', container: { title: w.container! }, volume: w.volume, issue: w.issue, pages: w.pages };
  if (w.kind === 'chapter')
    return {
      ...common,
      kind: 'chapter',
      container: { title: w.container!, publisher: w.publisher, place: w.place, year: w.year },
      pages: w.pages,
    };
  return {
    ...common,
    kind: w.kind === 'collection' ? 'collection' : 'book',
    publisher: w.publisher,
    place: w.place,
    pageCount: w.pageCount,
    isbn: w.isbn,
  };
}

function labelOf(w: FoundWork): string {
  const names = w.authors.slice(0, 3).map(directName).join(', ') + (w.authors.length > 3 ? ' и др.' : '');
  return `${names}. ${w.title}${w.container ? ` // ${w.container}` : ''} (${w.year})`;
}

/** `before`: sources the run already has (their ids are S1…S<before>). */
export function buildRunSources(attached: AttachedSource[], found: FoundWork[], accessed: string, before = 0): RunSource[] {
  const out: RunSource[] = [];
  attached.forEach((a, i) => {
    out.push({
      id: `S${before + i + 1}`,
      origin: 'attached',
      bib: { id: `S${before + i + 1}`, origin: 'attached', citation: a.citation },
      label: a.citation,
      text: a.text,
      file: a,
      stems: stems(`${a.citation} ${a.text.slice(0, 20_000)}`),
    });
  });
  found.forEach((w, i) => {
    const id = `S${before + attached.length + i + 1}`;
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
