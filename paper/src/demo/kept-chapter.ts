/**
 * The demo's chapter 1 in its full version: the user bought the full paper having read that
 * chapter, so it is kept as it was, with its citations. A demo stores the chapter's texts as the
 * writer left them (citing passages as "[[p17]]") and the passages they cite, each with the work
 * or the user's file it comes from. The full run finds its sources again (a search may return
 * other works, in another order): the kept works join the found ones, the kept passages are placed
 * among the new passages, and the markers are renamed to the new ids.
 */
import { citedPassageIds, PASSAGE_MARKER, markerIds } from '../passages/markers.ts';
import type { Passage } from '../passages/types.ts';
import type { RunSource } from '../sources/types.ts';
import type { KeptChapter, KeptPassage } from '../outline/types.ts';
import type { FoundWork } from '../bibliography/types.ts';

/** What a demo hands on: its chapter 1 texts (subsections "1.1", "1.2", ...) and the passages they cite. */
export function keptChapterOf(
  subsections: Map<string, string[]>,
  passages: Map<string, Passage>,
  sources: Map<string, RunSource>,
): KeptChapter {
  const chapter = [...subsections].filter(([number]) => number.startsWith('1.')).map(([, paragraphs]) => paragraphs);
  const cited = new Set(chapter.flat().flatMap(citedPassageIds));
  const kept: KeptPassage[] = [];
  for (const id of cited) {
    const passage = passages.get(id);
    const source = passage && sources.get(passage.sourceId);
    if (!passage || !source) continue;
    const from = source.work ? { found: source.work } : source.file ? { attached: source.file.citation } : null;
    if (from) kept.push({ id, page: passage.page, text: passage.text, source: from });
  }
  return { subsections: chapter, passages: kept };
}

const titleKey = (w: Pick<FoundWork, 'title' | 'year'>) =>
  `${w.title
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()}|${w.year}`;

function sameWork(a: FoundWork, b: FoundWork): boolean {
  if (a.doi && b.doi) return a.doi.toLowerCase() === b.doi.toLowerCase();
  return titleKey(a) === titleKey(b);
}

/** The found works with the kept chapter's works that the new search did not return. */
export function withKeptWorks(found: FoundWork[], kept: KeptChapter | undefined): FoundWork[] {
  if (!kept) return found;
  const out = [...found];
  for (const p of kept.passages) {
    if (!('found' in p.source)) continue;
    const work = p.source.found;
    if (!out.some((w) => sameWork(w, work))) out.push(work);
  }
  return out;
}

const MARKER_WITH_SPACE = new RegExp(`(\\s*)${PASSAGE_MARKER.source}`, 'g');

function sourceOf(kept: KeptPassage, sources: RunSource[]): RunSource | undefined {
  const from = kept.source;
  return 'found' in from
    ? sources.find((s) => s.work && sameWork(s.work, from.found))
    : sources.find((s) => s.file?.citation === from.attached);
}

/**
 * The kept passages among the run's passages: the same text of the same source and page is the
 * same passage; one the new reading does not have (another copy of the full text) is added.
 * Returns the passages (the added ones last) and the chapter's texts citing the new ids; a
 * passage whose source is no longer among the run's sources loses its marker.
 */
export function placeKeptChapter(
  list: Passage[],
  sources: RunSource[],
  kept: KeptChapter,
  nextId: () => string,
): { list: Passage[]; texts: Map<string, string[]> } {
  const out = [...list];
  const renamed = new Map<string, string>();
  for (const k of kept.passages) {
    const source = sourceOf(k, sources);
    if (!source) continue;
    const same = out.find((p) => p.sourceId === source.id && p.page === k.page && p.text === k.text);
    if (same) {
      renamed.set(k.id, same.id);
      continue;
    }
    const added: Passage = { id: nextId(), sourceId: source.id, page: k.page, text: k.text };
    out.push(added);
    renamed.set(k.id, added.id);
  }
  const rename = (paragraph: string) =>
    paragraph.replace(MARKER_WITH_SPACE, (_, lead: string, inner: string) => {
      const ids = markerIds(inner)
        .map((id) => renamed.get(id))
        .filter((id): id is string => id !== undefined);
      return ids.length ? `${lead}[[${ids.join(', ')}]]` : '';
    });
  const texts = new Map(kept.subsections.map((paragraphs, i) => [`1.${i + 1}`, paragraphs.map(rename)]));
  return { list: out, texts };
}
