/**
 * The reading stage: every source of the paper is read as passages of about a paragraph, each
 * with the page printed on it. An open full text (a found work's PDF, the user's file) gives
 * passages with pages; a found work without one gives its abstract, cited without a page.
 */
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { placeKeptChapter } from '../demo/kept-chapter.ts';
import { sourceFactsOf, type SourceFacts } from '../grounding/data.ts';
import { readSources } from '../passages/read.ts';
import { passageIdsAfter } from '../passages/split.ts';
import type { PaperPassages, ReadAs, Passage } from '../passages/types.ts';

function passagesOf(list: Passage[], readAs: Record<string, ReadAs>): PaperPassages {
  // Which passages each subsection is written from is the source plan's (source-planning/).
  return { list, byId: new Map(list.map((p) => [p.id, p])), readAs, assigned: {} };
}

export async function readPassages(run: PaperRun, state: PaperState): Promise<PaperState> {
  let next = 0;
  const nextId = () => `p${++next}`;
  const { list, readAs } = await readSources(run, need(state.sources, 'the sources').list, nextId);
  return withPassages(run, state, list, readAs, nextId);
}

/** The passages in the state, with the kept chapter (a full paper's from its demo) placed among them. */
function withPassages(run: PaperRun, state: PaperState, list: Passage[], readAs: Record<string, ReadAs>, nextId: () => string): PaperState {
  if (!state.keptChapter) return { ...state, passages: passagesOf(list, readAs) };
  const placed = placeKeptChapter(list, need(state.sources, 'the sources').list, state.keptChapter, nextId);
  return { ...state, passages: passagesOf(placed.list, readAs), keptSubsections: placed.texts };
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
