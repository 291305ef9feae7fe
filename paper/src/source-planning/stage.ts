/**
 * The source-planning stage: once the works are read, and before the first word is written, the
 * source plan (source-plan/): which works the paper cites and where. The works that can be cited
 * (something was read of them) are chosen as the estimate before payment chose them
 * (sources/choice.ts: the readable ones, the foreign share, the recent share; a demo's dozen,
 * every one for a full paper), and each is given a home subsection with its best passages
 * (source-plan/place.ts). A paper whose works cannot reach the minimum fails here, before anything
 * is written, with the exact reason.
 */
import { PaperError } from '../errors.ts';
import { briefOf } from '../outline/brief.ts';
import { citedPassageIds } from '../passages/markers.ts';
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { placeWorks, type PlacementTarget } from '../source-plan/place.ts';
import type { SourcePlan } from '../source-plan/types.ts';
import { chooseWorks } from '../sources/choice.ts';
import { englishQueryOf } from '../sources/glossary.ts';
import { firstRecentYear, minimumSources, plannedCap, providersOf, shortfallOf } from '../sources/minimums.ts';
import { queriesForOutline } from '../sources/queries.ts';
import { workLanguage } from '../sources/relevance.ts';

/** What each subsection to write is about, in both languages (its passages are found by it). */
function targetsOf(run: PaperRun, state: PaperState): PlacementTarget[] {
  const full = need(state.outline, 'the outline');
  const outline = briefOf(full);
  const paperEnglish = queriesForOutline(full).en.join(' ');
  const kept = state.keptSubsections ?? new Map<string, string[]>();
  const chapters = run.demo ? outline.chapters.slice(0, 1) : outline.chapters;
  return chapters.flatMap((c, ci) =>
    c.subsections
      .map((title, si) => ({
        number: `${ci + 1}.${si + 1}`,
        query: `${title} ${c.title} ${outline.topic} ${outline.keywords.join(' ')} ${englishQueryOf(`${title} ${c.title}`) ?? ''} ${paperEnglish}`,
      }))
      .filter((t) => !kept.has(t.number)),
  );
}

export async function planSources(run: PaperRun, state: PaperState): Promise<PaperState> {
  const { input } = run;
  const sources = need(state.sources, 'the sources');
  const passages = need(state.passages, 'the passages');
  const read = new Set(passages.list.map((p) => p.sourceId));
  // A full paper's chapter kept from its demo cites its works already.
  const keptWorks = new Set(
    [...(state.keptSubsections?.values() ?? [])]
      .flat()
      .flatMap((p) => citedPassageIds(p).map((id) => passages.byId.get(id)?.sourceId ?? '')),
  );
  const attached = sources.list.filter((s) => s.origin === 'attached').map((s) => s.id);
  const found = sources.list.filter((s) => s.origin === 'found' && !keptWorks.has(s.id));
  const readable = found.filter((s) => read.has(s.id));
  const recentFrom = firstRecentYear(run.now);
  const chosen = chooseWorks(readable, {
    want: Math.max(0, plannedCap(input.type, input.requiredVolume) - attached.length - keptWorks.size),
    recentFrom,
    facts: (s) => ({ foreign: workLanguage(s.work!) === 'en', year: s.work!.year, readable: true }),
  });
  const recent = [...chosen, ...sources.list.filter((s) => keptWorks.has(s.id))].filter((s) => (s.work?.year ?? 0) >= recentFrom).length;
  const problem = shortfallOf({
    found: found.length + keptWorks.size,
    citable: chosen.length + keptWorks.size,
    recent,
    attached: attached.length,
    type: input.type,
    requiredVolume: input.requiredVolume,
    minYear: input.minPublicationYear,
    now: run.now,
  });
  // Only a fixed catalogue (tests, offline development) may fall short: a real search must not.
  if (problem && providersOf(run.ctx).some((p) => !p.offline)) {
    // The topic's advice only when the topic is what lacks works (not when found ones had nothing to read).
    const topicAdvice =
      found.length + keptWorks.size + attached.length < minimumSources(input.type, input.requiredVolume)
        ? ' Попробуйте сформулировать тему шире или указать более ранний год издания.'
        : '';
    throw new PaperError('not_enough_sources', `Недостаточно научных источников: ${problem}.${topicAdvice}`);
  }
  const placed = placeWorks({
    subsections: targetsOf(run, state),
    works: [...attached, ...chosen.map((s) => s.id)],
    passages: passages.list,
  });
  // The glossary of the planned foreign passages is asked beside the writing (writing/stage.ts).
  const plan: SourcePlan = { placed, works: [...attached, ...keptWorks, ...chosen.map((s) => s.id)], glossary: [] };
  return withPlan(state, plan);
}

/** The state with its plan, and each subsection's passages (what the writing, review and volume stages read) from it. */
function withPlan(state: PaperState, plan: SourcePlan): PaperState {
  const passages = need(state.passages, 'the passages');
  const assigned = Object.fromEntries(Object.entries(plan.placed).map(([number, works]) => [number, works.flatMap((w) => w.passages)]));
  return { ...state, plan, passages: { ...passages, assigned } };
}

function isPlan(value: unknown, state: PaperState): value is SourcePlan {
  const plan = value as SourcePlan;
  const passages = need(state.passages, 'the passages').byId;
  return (
    typeof plan === 'object' &&
    plan !== null &&
    Array.isArray(plan.works) &&
    Array.isArray(plan.glossary) &&
    typeof plan.placed === 'object' &&
    Object.values(plan.placed).every((works) => Array.isArray(works) && works.every((w) => w.passages.every((id) => passages.has(id))))
  );
}

/** Stored, so a resumed run writes from the same plan (its writer calls are stored with it). */
export const sourcePlanningStage: Stage = {
  progress: 'sources',
  run: planSources,
  checkpoint: {
    key: 'sources:plan',
    save: (state) => need(state.plan, 'the source plan'),
    restore: (_run, state, saved) => (isPlan(saved, state) ? withPlan(state, saved) : undefined),
  },
};
