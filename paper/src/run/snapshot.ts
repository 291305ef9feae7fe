/**
 * A delivered paper's state, kept as JSON: what a later round (a revision) starts from. It holds
 * what the stages produced and nothing that can be rebuilt: the outline, the works found, the
 * passages read (with the ones each subsection was written from), the written texts, the order;
 * the run's sources are rebuilt from the order's files and the works (their ids are their order),
 * and the list of sources, the layout and the reports are made again by the stages.
 */
import { noClaims } from '../grounding/claims.ts';
import type { AttachedSource, PaperInput, TitlePageInfo } from '../input/types.ts';
import type { OutlineWithoutIntroduction } from '../outline/types.ts';
import type { ReadAs, Passage } from '../passages/types.ts';
import type { SourcePlan } from '../source-plan/types.ts';
import { accessDate, runSourcesOf, withMoreWorks } from '../sources/run-sources.ts';
import type { RunSources } from '../sources/types.ts';
import type { FoundWork } from '../bibliography/types.ts';
import type { ClaimCounts } from '../grounding/types.ts';
import type { PaperRun, PaperState } from './state.ts';
import { need } from './state.ts';

export interface PaperSnapshot {
  version: 1;
  input: PaperInput;
  /** The paper's clock (ISO): the access dates of its works and the year on its title page stay as delivered. */
  now: string;
  titlePage?: TitlePageInfo;
  producedBy?: string;
  outline: OutlineWithoutIntroduction;
  /** The works the paper was written from (a full version's with its demo's). */
  found: FoundWork[];
  /** Works revisions added, each round's with the day they were accessed; their ids follow the others'. */
  added: { accessed: string; works: FoundWork[] }[];
  passages: { list: Passage[]; readAs: Record<string, ReadAs>; assigned: Record<string, string[]> };
  /** The source plan the paper was written from (absent in snapshots stored before it). */
  plan?: SourcePlan;
  written: { introduction: string[]; subsections: [string, string[]][]; conclusion: string[] | null };
  claims: ClaimCounts;
  pageCount: number;
  /** The list of sources as printed (its entries' texts, in order). */
  bibliography: string[];
}

export function snapshotOf(run: PaperRun, state: PaperState, works: { found: FoundWork[]; added: PaperSnapshot['added'] }): PaperSnapshot {
  const written = need(state.written, 'the texts');
  const passages = need(state.passages, 'the passages');
  return {
    version: 1,
    input: run.input,
    now: run.now.toISOString(),
    ...(run.ctx.titlePage ? { titlePage: run.ctx.titlePage } : {}),
    ...(run.ctx.producedBy ? { producedBy: run.ctx.producedBy } : {}),
    outline: need(state.outline, 'the outline'),
    found: works.found,
    added: works.added,
    passages: { list: passages.list, readAs: passages.readAs, assigned: passages.assigned },
    ...(state.plan ? { plan: state.plan } : {}),
    written: { introduction: written.introduction, subsections: [...written.subsections], conclusion: written.conclusion },
    claims: state.claims ?? noClaims(),
    pageCount: need(state.laid, 'the laid-out paper').pageCount,
    bibliography: need(state.bibliography, 'the list of sources').entries.map((e) => e.text),
  };
}

/** The sources of a snapshot's paper, with the ids they had. */
export function sourcesOfSnapshot(attached: AttachedSource[], snapshot: PaperSnapshot): RunSources {
  let sources = runSourcesOf({ attached, found: snapshot.found, accessed: accessDate(new Date(snapshot.now)) });
  for (const round of snapshot.added) sources = withMoreWorks(sources, round.works, round.accessed);
  return sources;
}

/** The state a snapshot's paper was delivered in, up to its texts (the list and the layout are made again). */
export function restoreState(run: PaperRun, snapshot: PaperSnapshot): PaperState {
  const list = snapshot.passages.list;
  const w = snapshot.written;
  return {
    warnings: [],
    outline: snapshot.outline,
    keptIntroduction: null,
    sources: sourcesOfSnapshot(run.attached, snapshot),
    passages: { list, byId: new Map(list.map((p) => [p.id, p])), readAs: snapshot.passages.readAs, assigned: snapshot.passages.assigned },
    // A paper written before source plans: its works are those it cites, with no glossary.
    plan: snapshot.plan ?? { placed: {}, works: [], glossary: [] },
    claims: { ...noClaims(), ...snapshot.claims },
    written: { introduction: w.introduction, subsections: new Map(w.subsections), conclusion: w.conclusion },
  };
}

/** A stored snapshot as it must be to start a round from (the api keeps them as JSON). */
export function isSnapshot(value: unknown): value is PaperSnapshot {
  const s = value as PaperSnapshot;
  return (
    typeof s === 'object' &&
    s !== null &&
    s.version === 1 &&
    typeof s.now === 'string' &&
    typeof s.input?.topic === 'string' &&
    Array.isArray(s.input.attachedSources) &&
    Array.isArray(s.found) &&
    Array.isArray(s.added) &&
    Array.isArray(s.passages?.list) &&
    Array.isArray(s.written?.introduction) &&
    Array.isArray(s.written.subsections) &&
    Array.isArray(s.outline?.chapters) &&
    Array.isArray(s.bibliography)
  );
}
