/**
 * What the stages of a run share: the run (fixed for the whole run) and the paper's state, which
 * every stage takes and returns with its own part filled in (the next checkpoint).
 */
import type { EvidenceReport } from '@app/contract';
import type { PaperBibliography } from '../bibliography/types.ts';
import type { StageId, Progress, DefenceKit, NormocontrolReport, OriginalityReport, RunContext } from '../types.ts';
import type { CallRunner } from '../writer/types.ts';
import type { GroundingCounts, ClaimCounts } from '../grounding/types.ts';
import type { AttachedSource, PaperInput } from '../input/types.ts';
import type { LaidOutPaper } from '../layout/types.ts';
import type { KeptChapter, OutlineWithoutIntroduction } from '../outline/types.ts';
import type { PaperPassages } from '../passages/types.ts';
import type { RunSources } from '../sources/types.ts';
import type { SourcePlan } from '../source-plan/types.ts';
import type { Assembled, PageMap } from '../typeset/types.ts';
import type { RevisionState } from '../remarks/types.ts';
import type { Written } from '../text/types.ts';

export interface PaperRun {
  input: PaperInput;
  ctx: RunContext;
  /** The run's clock (ctx.now or the start of the run). */
  now: Date;
  signal?: AbortSignal;
  demo: boolean;
  professional: boolean;
  calls: CallRunner;
  progress: Progress;
  /** The attached files, their texts capped. */
  attached: AttachedSource[];
}

export interface PaperState {
  /** Things the customer's paper is worse for, in Russian. */
  warnings: string[];
  outline?: OutlineWithoutIntroduction;
  /** The introduction a full paper keeps from its demo. */
  keptIntroduction?: string | null;
  /** The chapter 1 a full paper keeps from its demo, as the demo stored it. */
  keptChapter?: KeptChapter;
  /** That chapter's subsections ("1.2" -> paragraphs) citing this run's passages: not written, reviewed or resized again. */
  keptSubsections?: Map<string, string[]>;
  /**
   * Of the kept subsections, those the volume stage may still shorten, never lengthen: a revision's
   * sections cleared of old works (their size is no remark's; nothing is cited in them again).
   */
  trimmableSubsections?: Set<string>;
  sources?: RunSources;
  /** The sources read as passages with their printed pages. */
  passages?: PaperPassages;
  /** Which work is cited where, decided before the writing (source-planning/). */
  plan?: SourcePlan;
  /** Cited sentences checked against their passages so far. */
  claims?: ClaimCounts;
  /** The grounding corrections of the whole paper so far (the fact-check stage). */
  grounding?: GroundingCounts;
  written?: Written;
  /** The last measurement of the volume stage, when it was not followed by a change of the text. */
  measuredPages?: PageMap;
  /** The list of sources of the final texts (the references stage). */
  bibliography?: PaperBibliography;
  /** The document model the typesetter laid out, and the sections' texts with their references resolved. */
  final?: Assembled;
  laid?: LaidOutPaper;
  /** The preview PDF: for a demo only the demo's pages. */
  preview?: Buffer;
  normocontrol?: NormocontrolReport;
  originality?: OriginalityReport;
  /** «Отчёт об источниках»: every citation with its passage, as data, .docx and PDF (evidence/). */
  evidence?: { report: EvidenceReport; docx: Buffer; pdf: Buffer };
  /** The defence kit made from the laid-out paper (defence/, a stage after a paper). */
  defence?: DefenceKit;
  /** Pages the paper may exceed its window by: a revision's remarks asked for that much more text. */
  extraPages?: number;
  /** A revision round: what it is asked and what it did (revision/, revision-report/). */
  revision?: RevisionState;
}

/** A step of the engine: takes the state, returns the next one. */
export interface Stage {
  /** The progress stage it reports under (consecutive stages may share one). */
  progress: StageId;
  /** Omitted: the stage runs for every paper. */
  applies?: (run: PaperRun) => boolean;
  run: (run: PaperRun, state: PaperState) => Promise<PaperState>;
  /**
   * Stored under `key` once the stage has run; a resumed run restores the stage from it instead
   * of running it again. Such a stage is reported complete (100 % of it) once saved or restored;
   * any other stage reports its own parts.
   */
  checkpoint?: {
    key: string;
    save: (state: PaperState) => unknown;
    /** undefined: the saved value is unusable, the stage runs again. */
    restore: (run: PaperRun, state: PaperState, saved: unknown) => PaperState | undefined;
  };
}

/** A part an earlier stage fills in; a missing one is a mistake in the order of the stages. */
export function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Engine stage order: ${what} is not ready`);
  return value;
}
