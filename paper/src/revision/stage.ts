/**
 * The revision stage: a supervisor's remarks applied to a delivered paper (apply.ts). Stored once
 * done, with the works it found and their passages, so a resumed round goes on from the layout.
 */
import type { Passage } from '../passages/split.ts';
import type { ReadAs } from '../passages/types.ts';
import type { RemarkOutcome } from '../remarks/types.ts';
import type { PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { accessDate, withMoreWorks } from '../sources/run-sources.ts';
import type { FoundWork } from '../sources/search/types.ts';
import type { ClaimCounts } from '../types.ts';
import { applyRemarks } from './apply.ts';

interface Saved {
  introduction: string[];
  subsections: [string, string[]][];
  conclusion: string[] | null;
  kept: string[];
  outcomes: RemarkOutcome[];
  found: FoundWork[];
  passages: Passage[];
  readAs: Record<string, ReadAs>;
  claims: ClaimCounts;
  extraPages: number;
}

function save(state: PaperState): Saved {
  const written = need(state.written, 'the texts');
  const revision = need(state.revision, 'the revision');
  const passages = need(state.passages, 'the passages');
  // The round's works are the last sources: their passages are what it read.
  const added = new Set(
    need(state.sources, 'the sources')
      .list.slice(-revision.added.length || Infinity)
      .map((s) => s.id),
  );
  return {
    introduction: written.introduction,
    subsections: [...written.subsections],
    conclusion: written.conclusion,
    kept: [...(state.keptSubsections?.keys() ?? [])],
    outcomes: revision.outcomes,
    found: revision.added,
    passages: revision.added.length ? passages.list.filter((p) => added.has(p.sourceId)) : [],
    readAs: passages.readAs,
    claims: state.claims ?? { checked: 0, rewritten: 0, removed: 0 },
    extraPages: state.extraPages ?? 0,
  };
}

function restore(state: PaperState, s: Saved): PaperState {
  const revision = need(state.revision, 'the revision');
  const passages = need(state.passages, 'the passages');
  const sources = s.found.length
    ? withMoreWorks(need(state.sources, 'the sources'), s.found, accessDate(new Date(revision.at)))
    : state.sources;
  const list = [...passages.list, ...s.passages];
  const subsections = new Map(s.subsections);
  return {
    ...state,
    sources,
    passages: { ...passages, list, byId: new Map(list.map((p) => [p.id, p])), readAs: s.readAs },
    written: { introduction: s.introduction, subsections, conclusion: s.conclusion },
    keptSubsections: new Map(s.kept.map((k) => [k, subsections.get(k)!])),
    claims: s.claims,
    extraPages: s.extraPages,
    revision: { ...revision, outcomes: s.outcomes, added: s.found },
  };
}

const isSaved = (v: unknown): v is Saved =>
  typeof v === 'object' && v !== null && Array.isArray((v as Saved).subsections) && Array.isArray((v as Saved).outcomes);

export const revisionStage: Stage = {
  progress: 'revision',
  run: applyRemarks,
  checkpoint: {
    key: 'revision:applied',
    save,
    restore: (_run, state, saved) => (isSaved(saved) ? restore(state, saved) : undefined),
  },
};
