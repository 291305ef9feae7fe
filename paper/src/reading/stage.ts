/**
 * The reading stage: every source of the paper is read as passages of about a paragraph, each
 * with the page printed on it. An open full text (a found work's PDF, the user's file) gives
 * passages with pages; a found work without one gives its abstract, cited without a page.
 * Subsections are then written from the passages a full-text search finds for them.
 */
import { briefOf } from '../outline/brief.ts';
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { placeKeptChapter } from '../demo/kept-chapter.ts';
import { englishQueryOf } from '../sources/glossary.ts';
import { queriesForOutline } from '../sources/queries.ts';
import { isForeign } from '../bibliography/text.ts';
import { createPassageSearch, type PassageSearch, type SearchOptions } from '../passages/bm25.ts';
import { sourceFactsOf, type SourceFacts } from '../grounding/data.ts';
import { readSources } from '../passages/read.ts';
import { passageIdsAfter, type Passage } from '../passages/split.ts';
import type { PaperPassages, ReadAs } from '../passages/types.ts';

/** Passages given to the writer of one subsection, and at most so many of one source. */
const PASSAGES_PER_SUBSECTION = 8;
const PASSAGES_PER_SOURCE = 3;
/** Sources no subsection picked are added to one, up to this many more passages each. */
const EXTRA_PER_SUBSECTION = 4;
/** Of a subsection's passages, at most this many from foreign texts while Russian ones are found. */
const FOREIGN_PER_SUBSECTION = Math.floor(PASSAGES_PER_SUBSECTION / 3);
/**
 * Abstracts are short and dense, and BM25's length normalisation favours them over the paragraphs
 * of full texts; but a passage with a printed page is what a reader can check, and the user's own
 * files are what the user expects to see cited. So these passages weigh more.
 */
const PAGED_WEIGHT = 1.5;
const USER_FILE_WEIGHT = 2;
/**
 * A subsection's passages, best first: the paper is Russian, so foreign texts give at most a third
 * of them while Russian ones are there (English works, whose words repeat the English queries, would
 * otherwise take every place).
 */
function pickPassages(search: PassageSearch, query: string, options: SearchOptions): Passage[] {
  const among = (foreign: boolean) => (p: Passage) => isForeign(p.text) === foreign && (!options.only || options.only(p));
  const russian = search.search(query, PASSAGES_PER_SUBSECTION, { ...options, only: among(false) });
  const foreign = search.search(query, PASSAGES_PER_SUBSECTION, { ...options, only: among(true) });
  const foreignTaken = Math.min(foreign.length, Math.max(FOREIGN_PER_SUBSECTION, PASSAGES_PER_SUBSECTION - russian.length));
  return [...russian.slice(0, PASSAGES_PER_SUBSECTION - foreignTaken), ...foreign.slice(0, foreignTaken)]
    .sort((a, b) => b.score - a.score)
    .map((x) => x.passage);
}

/**
 * The passages each subsection is written from: the best ones for its title, a source weighing
 * less each time an earlier subsection got it (so that the paper's sources spread over its
 * subsections rather than the same few opening every one); then every source that no subsection
 * got gives its best passage to the subsection it fits best among those not yet full (the sources
 * were chosen for the paper, and a user's file is expected to be cited). A demo's subsections,
 * written at the same time (sections/index.ts), get passages no other one got (`disjoint`): none
 * can retell what another retells, and each still gets its full share, from as many sources.
 */
function assignPassages(state: PaperState, search: PassageSearch, list: Passage[], disjoint: boolean): Map<string, Passage[]> {
  const full = need(state.outline, 'the outline');
  const outline = briefOf(full);
  // Found English works are read in English: each subsection is looked for in both languages.
  const paperEnglish = queriesForOutline(full).en.join(' ');
  const sources = need(state.sources, 'the sources');
  const uses = new Map<string, number>();
  const baseWeight = (p: Passage) => (sources.byId.get(p.sourceId)?.origin === 'attached' ? USER_FILE_WEIGHT : p.page ? PAGED_WEIGHT : 1);
  const weight = (p: Passage) => baseWeight(p) / (1 + (uses.get(p.sourceId) ?? 0));
  const queries = new Map<string, string>();
  outline.chapters.forEach((c, ci) =>
    c.subsections.forEach((title, si) =>
      queries.set(
        `${ci + 1}.${si + 1}`,
        `${title} ${c.title} ${outline.topic} ${outline.keywords.join(' ')} ${englishQueryOf(`${title} ${c.title}`) ?? ''} ${paperEnglish}`,
      ),
    ),
  );
  const out = new Map<string, Passage[]>();
  const taken = new Set<string>();
  const free = disjoint ? { only: (p: Passage) => !taken.has(p.id) } : {};
  for (const [number, query] of queries) {
    const picked = pickPassages(search, query, { perSource: PASSAGES_PER_SOURCE, weight, ...free });
    for (const p of picked) taken.add(p.id);
    out.set(number, picked);
    for (const id of new Set(picked.map((p) => p.sourceId))) uses.set(id, (uses.get(id) ?? 0) + 1);
  }
  for (const source of sources.list) {
    if (uses.has(source.id) || !list.some((p) => p.sourceId === source.id)) continue;
    const fits = [...queries]
      .map(([number, query]) => ({ number, hit: search.search(query, 1, { only: (p) => p.sourceId === source.id })[0] }))
      .filter((x) => x.hit)
      .sort((a, b) => b.hit.score - a.hit.score);
    // A source that shares no word with any subsection still belongs to the paper: the least-filled one.
    const least = [...out].sort((a, b) => a[1].length - b[1].length)[0][0];
    const best = fits.find((x) => out.get(x.number)!.length < PASSAGES_PER_SUBSECTION + EXTRA_PER_SUBSECTION);
    const passage = best?.hit.passage ?? list.find((p) => p.sourceId === source.id)!;
    out.get(best?.number ?? least)!.push(passage);
  }
  return out;
}

function passagesOf(run: PaperRun, state: PaperState, list: Passage[], readAs: Record<string, ReadAs>): PaperPassages {
  const assigned = assignPassages(state, createPassageSearch(list), list, run.demo);
  return {
    list,
    byId: new Map(list.map((p) => [p.id, p])),
    readAs,
    assigned: Object.fromEntries([...assigned].map(([number, passages]) => [number, passages.map((p) => p.id)])),
  };
}

export async function readPassages(run: PaperRun, state: PaperState): Promise<PaperState> {
  let next = 0;
  const nextId = () => `p${++next}`;
  const { list, readAs } = await readSources(run, need(state.sources, 'the sources').list, nextId);
  return withPassages(run, state, list, readAs, nextId);
}

/** The passages in the state, with the kept chapter (a full paper's from its demo) placed among them. */
function withPassages(run: PaperRun, state: PaperState, list: Passage[], readAs: Record<string, ReadAs>, nextId: () => string): PaperState {
  if (!state.keptChapter) return { ...state, passages: passagesOf(run, state, list, readAs) };
  const placed = placeKeptChapter(list, need(state.sources, 'the sources').list, state.keptChapter, nextId);
  return { ...state, passages: passagesOf(run, state, placed.list, readAs), keptSubsections: placed.texts };
}

interface SavedPassages {
  list: Passage[];
  readAs: Record<string, ReadAs>;
  /** What the grounding check needs of each source (`paper check --sources` reads it from here). */
  sources?: SourceFacts[];
}

function isSaved(v: unknown): v is SavedPassages {
  const s = v as SavedPassages;
  return (
    typeof s === 'object' &&
    s !== null &&
    Array.isArray(s.list) &&
    typeof s.readAs === 'object' &&
    s.list.every((p) => typeof p?.id === 'string' && typeof p.text === 'string')
  );
}

/** Stored, so a resumed run cites the same passages under the same ids (its writer calls are stored with them). */
export const readingStage: Stage = {
  progress: 'sources',
  run: readPassages,
  checkpoint: {
    key: 'sources:passages',
    save: (state) => {
      const p = need(state.passages, 'the passages');
      return {
        list: p.list,
        readAs: p.readAs,
        sources: need(state.sources, 'the sources').list.map(sourceFactsOf),
      } satisfies SavedPassages;
    },
    restore: (run, state, saved) => {
      if (!isSaved(saved)) return undefined;
      // The saved list holds the kept passages already; a new id is given only to one missing there.
      return withPassages(run, state, saved.list, saved.readAs, passageIdsAfter(saved.list));
    },
  },
};
