/**
 * Places the works of a paper in its subsections: each work gets a home, the subsection its
 * passages fit best (BM25 over its passages, in both languages) among those not yet full, so the
 * works spread over the paper rather than the same few opening every subsection; a work that
 * fits none goes to the least filled. A subsection left with too few works to write from borrows
 * the best fitting ones of others (it may cite them; their home must). Each placed work brings
 * its best passages for the subsection.
 */
import { createPassageSearch } from '../passages/bm25.ts';
import type { Passage } from '../passages/types.ts';
import type { PlannedWork } from './types.ts';

/** Passages of one work a subsection is written from. */
const PASSAGES_PER_WORK = 2;
/** A subsection with fewer works than this borrows some placed elsewhere. */
const MIN_WORKS_PER_SUBSECTION = 3;

export interface PlacementTarget {
  number: string;
  /** What the subsection is about, in Russian and English words (its title, its chapter's, the topic's). */
  query: string;
}

export function placeWorks(options: {
  subsections: PlacementTarget[];
  works: string[];
  passages: Passage[];
}): Record<string, PlannedWork[]> {
  const { subsections, works } = options;
  const placed: Record<string, PlannedWork[]> = Object.fromEntries(subsections.map((s) => [s.number, []]));
  if (!subsections.length || !works.length) return placed;
  const ofWork = new Map(works.map((id) => [id, options.passages.filter((p) => p.sourceId === id)]));
  const search = createPassageSearch([...ofWork.values()].flat());
  // Each subsection's best passages of every work: the fit of a work is its best passage's score.
  const fits = new Map<string, Map<string, { score: number; passages: string[] }>>();
  for (const s of subsections) {
    const byWork = new Map<string, { score: number; passages: string[] }>();
    for (const hit of search.search(s.query, Number.MAX_SAFE_INTEGER, { perSource: PASSAGES_PER_WORK })) {
      const fit = byWork.get(hit.passage.sourceId) ?? { score: hit.score, passages: [] };
      fit.passages.push(hit.passage.id);
      byWork.set(hit.passage.sourceId, fit);
    }
    fits.set(s.number, byWork);
  }
  const passagesFor = (work: string, number: string) =>
    fits.get(number)!.get(work)?.passages ??
    ofWork
      .get(work)!
      .slice(0, PASSAGES_PER_WORK)
      .map((p) => p.id);
  const capacity = Math.ceil(works.length / subsections.length);
  const home = new Map<string, string>();
  const pairs = works
    .flatMap((work) => subsections.map((s) => ({ work, number: s.number, score: fits.get(s.number)!.get(work)?.score ?? 0 })))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || works.indexOf(a.work) - works.indexOf(b.work));
  for (const { work, number } of pairs) {
    if (home.has(work) || placed[number].length >= capacity) continue;
    home.set(work, number);
    placed[number].push({ source: work, passages: passagesFor(work, number), home: true });
  }
  // A work that fits no subsection with room still belongs to the paper: the least filled one.
  for (const work of works) {
    if (home.has(work)) continue;
    const least = subsections.map((s) => s.number).sort((a, b) => placed[a].length - placed[b].length)[0];
    home.set(work, least);
    placed[least].push({ source: work, passages: passagesFor(work, least), home: true });
  }
  for (const s of subsections) {
    const borrowed = pairs.filter((x) => x.number === s.number && home.get(x.work) !== s.number);
    for (const { work } of borrowed) {
      if (placed[s.number].length >= Math.min(MIN_WORKS_PER_SUBSECTION, works.length)) break;
      // Other passages than its home subsection's: each passage is retold in one place.
      const taken = new Set(placed[home.get(work)!].find((w) => w.source === work)!.passages);
      const own = [...new Set([...passagesFor(work, s.number), ...ofWork.get(work)!.map((p) => p.id)])]
        .filter((id) => !taken.has(id))
        .slice(0, PASSAGES_PER_WORK);
      if (own.length) placed[s.number].push({ source: work, passages: own, home: false });
    }
  }
  return placed;
}
