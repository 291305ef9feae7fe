import type { ReadAs, Passage } from '../passages/types.ts';
import type { RemarkOutcome } from '../remarks/types.ts';
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { accessDate, withMoreWorks } from '../sources/run-sources.ts';
import type { FoundWork } from '../bibliography/types.ts';
import type { ClaimCounts } from '../grounding/types.ts';
import type { GlossaryEntry } from '../writer/types.ts';
import { noClaims } from '../grounding/claims.ts';
import { KEY_AUTHORS_LEAD } from '../sources/key-authors.ts';
import { applyRemarks } from './apply.ts';
import { citedPassageIds } from '../passages/markers.ts';

interface Saved {
  introduction: string[];
  subsections: [string, string[]][];
  conclusion: string[] | null;
  kept: string[];
  trimmable: string[];
  outcomes: RemarkOutcome[];
  changed: string[];
  found: FoundWork[];
  passages: Passage[];
  readAs: Record<string, ReadAs>;
  assigned: Record<string, string[]>;
  claims: ClaimCounts;
  extraPages: number;
  /** The paper's glossary with the terms of the round's new foreign works (absent in rounds stored before). */
  glossary?: GlossaryEntry[];
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
    trimmable: [...(state.trimmableSubsections ?? [])],
    outcomes: revision.outcomes,
    changed: revision.changed,
    found: revision.added,
    passages: revision.added.length ? passages.list.filter((p) => added.has(p.sourceId)) : [],
    readAs: passages.readAs,
    assigned: passages.assigned,
    claims: state.claims ?? noClaims(),
    extraPages: state.extraPages ?? 0,
    glossary: state.plan?.glossary ?? [],
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
    passages: { list, byId: new Map(list.map((p) => [p.id, p])), readAs: s.readAs, assigned: s.assigned },
    written: { introduction: s.introduction, subsections, conclusion: s.conclusion },
    keptSubsections: new Map(s.kept.map((k) => [k, subsections.get(k)!])),
    trimmableSubsections: new Set(s.trimmable),
    claims: s.claims,
    extraPages: s.extraPages,
    revision: { ...revision, outcomes: s.outcomes, changed: s.changed, added: s.found },
    ...(state.plan && s.glossary ? { plan: { ...state.plan, glossary: s.glossary } } : {}),
  };
}

/**
 * The plan of the revised paper: the works its texts cite now. The stages after keep them cited
 * (the works a remark asked to add among them) and never bring back one the round removed.
 */
function withRevisedPlan(state: PaperState): PaperState {
  const written = need(state.written, 'the texts');
  const passages = need(state.passages, 'the passages');
  const cited = [written.introduction, ...written.subsections.values(), written.conclusion ?? []]
    .flat()
    .flatMap(citedPassageIds)
    .map((id) => passages.byId.get(id)?.sourceId);
  const plan = state.plan ?? { placed: {}, works: [], glossary: [] };
  return { ...state, plan: { ...plan, works: [...new Set(cited.filter((id): id is string => Boolean(id)))] } };
}

const isSaved = (v: unknown): v is Saved =>
  typeof v === 'object' && v !== null && Array.isArray((v as Saved).subsections) && Array.isArray((v as Saved).outcomes);

export const revisionStage: Stage = {
  progress: 'revision',
  run: async (run, state) => withRevisedPlan(await applyRemarks(run, state)),
  checkpoint: {
    key: 'revision:applied',
    save,
    restore: (_run, state, saved) => (isSaved(saved) ? withRevisedPlan(restore(state, saved)) : undefined),
  },
};

/**
 * After the grounding of the whole paper and the volume: every section the round did not change
 * has its text as delivered, to the byte (only the introduction's sentence naming the key authors,
 * the engine's own, follows the list when a work it names left it).
 */
export async function keepOutOfScope(_run: PaperRun, state: PaperState): Promise<PaperState> {
  const revision = need(state.revision, 'the revision');
  const written = need(state.written, 'the texts');
  const base = revision.base.written;
  const changed = new Set(revision.changed);
  const own = new Map(base.subsections);
  const authors = written.introduction.find((p) => p.startsWith(KEY_AUTHORS_LEAD));
  const introduction = changed.has('introduction')
    ? written.introduction
    : base.introduction.map((p) => (p.startsWith(KEY_AUTHORS_LEAD) && authors ? authors : p));
  return {
    ...state,
    written: {
      introduction,
      subsections: new Map([...written.subsections].map(([k, p]) => [k, changed.has(k) ? p : (own.get(k) ?? p)])),
      conclusion: changed.has('conclusion') || !base.conclusion ? written.conclusion : base.conclusion,
    },
  };
}

/** Instant: reported as part of the layout. */
export const revisionScopeStage: Stage = { progress: 'typeset', run: keepOutOfScope };
