/**
 * generatePaper: runs the stages in order, saving each checkpointed stage's result and reporting
 * progress. A stage (`<stage>/stage.ts`) is an entry function that takes the paper's state and
 * returns the next one; what it produces is data in that state, and it imports no other stage
 * (the lint gate checks it). Adding or reordering a stage is one line of STAGES.
 *
 * A demo is: the title page, the contents of the whole outline (the parts not in the demo are
 * listed without page numbers), the introduction and the first chapter with all its subsections,
 * at demo length: about 10-15 pages, and the list of the sources that part cites and of the
 * attached files (when there are any), so that every reference of the demo can be checked. It has
 * no conclusion. A full paper made from a demo (`fromDemo`) keeps the demo's title, annotation,
 * keywords, structure, introduction and chapter 1 with the sources it cites.
 *
 * Resuming: every writer call is stored as it finishes (calls.ts), and so is the result of a stage
 * with a checkpoint; a killed run started again with the same store repeats neither.
 */
import { createCallRunner, withKeyPrefix } from './calls.ts';
import { keptChapterOf } from './demo/kept-chapter.ts';
import { PaperError, throwIfAborted } from './errors.ts';
import { defenceStage } from './defence/stage.ts';
import { evidenceStage } from './evidence/stage.ts';
import { factCheckStage } from './fact-check/stage.ts';
import { findingStage } from './finding/stage.ts';
import { noClaims } from './grounding/claims.ts';
import { noCorrections } from './grounding/correct.ts';
import type { PaperInput } from './input/types.ts';
import { normocontrolStage } from './normocontrol/stage.ts';
import { originalityStage } from './originality/stage.ts';
import type { Outline } from './outline/types.ts';
import { planningStage } from './planning/stage.ts';
import { previewStage } from './preview/stage.ts';
import { createProgress, revisionRanges, stageRanges } from './progress.ts';
import { readingStage } from './reading/stage.ts';
import { referencesStage } from './references/stage.ts';
import { reviewStage } from './review/stage.ts';
import { sourcePlanningStage } from './source-planning/stage.ts';
import { revisionReportStage } from './revision-report/stage.ts';
import { revisionScopeStage, revisionStage } from './revision/stage.ts';
import type { RevisionReport, RevisionRequest } from './remarks/types.ts';
import { restoreState, snapshotOf, type PaperSnapshot } from './run/snapshot.ts';
import { widened, windowFor } from './run/budget.ts';
import type { PaperRun, PaperState, Stage } from './run/state.ts';
import { accessDate } from './sources/run-sources.ts';
import { need } from './run/state.ts';
import { typesettingStage } from './typesetting/stage.ts';
import type { NormocontrolReport, OriginalityReport, PaperEvidence, PaperResult, RunContext } from './types.ts';
import type { SectionText } from './typeset/types.ts';
import type { Usage } from './writer/types.ts';
import type { PaperSourceRef } from './bibliography/types.ts';
import { validateInput } from './input/validate.ts';
import { volumeError, volumeStage } from './volume/stage.ts';
import { writingStage } from './writing/stage.ts';

/** The engine, in order, up to the paper's normocontrol, which it must pass to go on. */
export const STAGES: readonly Stage[] = [
  planningStage,
  findingStage,
  readingStage,
  sourcePlanningStage,
  writingStage,
  reviewStage,
  factCheckStage,
  volumeStage,
  referencesStage,
  typesettingStage,
  previewStage,
  normocontrolStage,
];

/** What is reported on a paper that passed its normocontrol: its originality (an outside check may be paid for), its «Отчёт об источниках». */
const AFTER_NORMOCONTROL: readonly Stage[] = [originalityStage, evidenceStage];

/**
 * The defence kit of a laid-out paper, a pipeline of its own beside STAGES: run after a paper on
 * the run's state (its .docx and PDF), the writer calls under the run's checkpoints. The api makes
 * the kit of a delivered paper with `makeDefenceKit` (defence/kit.ts) instead.
 */
export const DEFENCE_STAGES: readonly Stage[] = [defenceStage];

/** An attached file's text beyond this is not read. */
const MAX_SOURCE_CHARS = 2_000_000;

async function runStage(stage: Stage, run: PaperRun, state: PaperState): Promise<PaperState> {
  const checkpoint = stage.checkpoint;
  if (!checkpoint) return stage.run(run, state);
  const saved = await run.ctx.checkpoints.get(checkpoint.key);
  let next = saved === undefined ? undefined : checkpoint.restore(run, state, saved);
  if (!next) {
    // A clean stop: the stage before was stored; this one is left to the next worker.
    throwIfAborted(run.ctx.stopping);
    next = await stage.run(run, state);
    await run.ctx.checkpoints.set(checkpoint.key, checkpoint.save(next));
  }
  await run.progress.part(1);
  return next;
}

/** A run of the engine on a checked input: what its stages share, fixed for the whole run. */
export function startRun(input: PaperInput, ctx: RunContext): PaperRun {
  validateInput(input);
  const professional = input.tariff === 'professional';
  return {
    input,
    ctx,
    now: ctx.now ?? new Date(),
    signal: ctx.signal,
    demo: input.type === 'demo',
    professional,
    calls: createCallRunner({
      writer: ctx.writer,
      checkpoints: ctx.checkpoints,
      tariff: input.tariff,
      signal: ctx.signal,
      stopping: ctx.stopping,
    }),
    progress: createProgress(ctx.onProgress, stageRanges(input.type, professional)),
    attached: input.attachedSources.map((s) => ({ ...s, text: s.text.slice(0, MAX_SOURCE_CHARS) })),
  };
}

/** A paper and, for a full one, its state as JSON, kept with it: a revision round starts from it. */
export type GeneratedPaper = PaperResult & { snapshot: PaperSnapshot | null };

export async function generatePaper(input: PaperInput, ctx: RunContext): Promise<GeneratedPaper> {
  const run = startRun(input, ctx);
  let state = await runStages(run, { warnings: [] }, STAGES, { report: true });
  state = await passNormocontrol(run, state, STAGES.slice(STAGES.indexOf(volumeStage)));
  state = await runStages(run, state, AFTER_NORMOCONTROL, { report: true });
  await run.progress.stage('done');
  const found = need(state.sources, 'the sources').found;
  return { ...resultOf(run, state), snapshot: run.demo ? null : snapshotOf(run, state, { found, added: [] }) };
}

/**
 * Nothing that fails the engine's own normocontrol is delivered: the volume is corrected and the
 * paper typeset and checked again (`again`, with new writer calls), and a paper that still fails
 * is not delivered (the order is refunded).
 */
async function passNormocontrol(run: PaperRun, state: PaperState, again: readonly Stage[]): Promise<PaperState> {
  for (let retry = 1; !need(state.normocontrol, 'the normocontrol').ok; retry++) {
    const issues = need(state.normocontrol, 'the normocontrol').issues;
    if (retry > NORMOCONTROL_RETRIES)
      throw new PaperError('normocontrol_failed', `Работа не прошла нормоконтроль: ${issues.map((i) => i.message).join('; ')}`);
    const retried: PaperRun = { ...run, calls: withKeyPrefix(run.calls, `retry${retry}:`) };
    state = await runStages(retried, { ...state, warnings: [...state.warnings] }, again, { report: false });
  }
  return state;
}

/**
 * A revision round: the remarks applied to the sections they concern, then the paper's list, layout,
 * preview, normocontrol and originality made again; out-of-scope sections are neither rewritten nor
 * resized (keptSubsections).
 */
export const REVISION_STAGES: readonly Stage[] = [
  revisionStage,
  factCheckStage,
  volumeStage,
  revisionScopeStage,
  referencesStage,
  typesettingStage,
  previewStage,
  normocontrolStage,
];

export interface RevisionResult {
  docx: Buffer;
  pdf: Buffer;
  pageCount: number;
  structure: Record<string, string[]>;
  sections: SectionText[];
  sources: PaperSourceRef[];
  normocontrol: NormocontrolReport;
  originality: OriginalityReport;
  report: RevisionReport;
  /** «Лист доработок» as a .docx. */
  reportDocx: Buffer;
  /** «Отчёт об источниках» of the new version. */
  evidence: PaperEvidence;
  /** The new version's state: what the next round starts from. */
  snapshot: PaperSnapshot;
  usage: Usage;
  writer: 'llm' | 'offline';
}

/** Applies a supervisor's remarks to a delivered paper (its snapshot): a new version and its «Лист доработок». */
export async function revisePaper(base: PaperSnapshot, request: RevisionRequest, ctx: RunContext): Promise<RevisionResult> {
  const at = ctx.now ?? new Date();
  // The paper's own clock: its title page and the access dates of its works stay as delivered.
  const run0 = startRun(base.input, {
    ...ctx,
    now: new Date(base.now),
    titlePage: base.titlePage ?? ctx.titlePage,
    producedBy: base.producedBy ?? ctx.producedBy,
  });
  const run: PaperRun = { ...run0, progress: createProgress(ctx.onProgress, revisionRanges()) };
  let state: PaperState = {
    ...restoreState(run, base),
    revision: {
      request,
      at: at.toISOString(),
      base: { pageCount: base.pageCount, bibliography: base.bibliography, written: base.written },
      changed: [],
      outcomes: [],
      added: [],
    },
  };
  state = await runStages(run, state, REVISION_STAGES, { report: true });
  state = await passNormocontrol(run, state, REVISION_STAGES.slice(REVISION_STAGES.indexOf(volumeStage)));
  state = await runStages(run, state, [...AFTER_NORMOCONTROL, revisionReportStage], { report: true });
  await run.progress.stage('done');
  const revision = need(state.revision, 'the revision');
  const result = resultOf(run, state);
  return {
    docx: result.docx,
    pdf: result.pdf,
    pageCount: result.pageCount,
    structure: result.structure,
    sections: result.sections,
    sources: result.sources,
    normocontrol: result.normocontrol,
    originality: result.originality,
    report: need(revision.report, 'the report'),
    reportDocx: need(revision.reportDocx, 'the report'),
    evidence: result.evidence,
    snapshot: snapshotOf(run, state, {
      found: base.found,
      added: [...base.added, ...(revision.added.length ? [{ accessed: accessDate(at), works: revision.added }] : [])],
    }),
    usage: result.usage,
    writer: result.writer,
  };
}

/** How many times the stages from the volume on run again when the paper fails its normocontrol. */
const NORMOCONTROL_RETRIES = 1;

/** Runs the stages that apply to the run, in order; `report`: enter each one's progress stage. */
export async function runStages(
  run: PaperRun,
  state: PaperState,
  stages: readonly Stage[],
  options: { report: boolean },
): Promise<PaperState> {
  let reported: string | null = null;
  for (const stage of stages) {
    if (stage.applies && !stage.applies(run)) continue;
    if (options.report && stage.progress !== reported) await run.progress.stage(stage.progress);
    reported = stage.progress;
    state = await runStage(stage, run, state);
  }
  return state;
}

function resultOf(run: PaperRun, state: PaperState): PaperResult {
  const { input, calls } = run;
  const outlineWithoutIntroduction = need(state.outline, 'the outline');
  const written = need(state.written, 'the texts');
  const laid = need(state.laid, 'the laid-out paper');
  const final = need(state.final, 'the assembly');
  const bibliography = need(state.bibliography, 'the list of sources');
  const structure: Record<string, string[]> = {};
  outlineWithoutIntroduction.chapters.forEach((c, ci) => {
    structure[`${ci + 1}. ${c.title}`] = c.subsections.map((s, si) => `${ci + 1}.${si + 1} ${s}`);
  });
  const warnings = [...state.warnings];
  const window = widened(windowFor(input.type, input.requiredVolume), state.extraPages ?? 0);
  const withinTolerance = laid.pageCount >= window.min && laid.pageCount <= window.max;
  // A paper outside its window is not complete: the generation fails (and is refunded).
  if (!withinTolerance) throw volumeError(laid.pageCount, window);
  if (need(state.sources, 'the sources').list.length === 0) warnings.push('Нет ни одного источника: список литературы пуст');
  const passages = need(state.passages, 'the passages');
  const outline: Outline = {
    ...outlineWithoutIntroduction,
    introduction: written.introduction.join('\n\n'),
    // What the full version keeps: the chapter as the user read it, with the passages it cites.
    ...(run.demo ? { keptChapter: keptChapterOf(written.subsections, passages.byId, need(state.sources, 'the sources').byId) } : {}),
  };
  return {
    title: outline.title,
    annotation: outline.annotation,
    keywords: outline.keywords,
    structure,
    sections: final.sectionTexts,
    bibliography: bibliography.entries.map(({ sourceId: _, ...entry }) => entry),
    docx: laid.docx,
    pdf: need(state.preview, 'the preview'),
    pageCount: laid.pageCount,
    volume: {
      requested: run.demo ? null : input.requiredVolume,
      actual: laid.pageCount,
      withinTolerance,
    },
    normocontrol: need(state.normocontrol, 'the normocontrol'),
    originality: need(state.originality, 'the originality report'),
    evidence: need(state.evidence, 'the evidence report'),
    usage: { ...calls.usage },
    outline,
    writer: run.ctx.writer.kind,
    warnings,
    sources: bibliography.references,
    citations: {
      passages: passages.list.length,
      fullTexts: need(state.sources, 'the sources').list.filter((s) => s.origin === 'found' && passages.readAs[s.id] !== 'abstract').length,
      claims: state.claims ?? noClaims(),
      grounding: state.grounding ?? noCorrections(),
      glossary: state.plan?.glossary ?? [],
    },
  };
}
