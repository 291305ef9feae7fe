/**
 * The source plan: which work is cited where, decided once the works are read and before the
 * first word is written (source-planning/stage.ts). Data in the run's state, checkpointed: the
 * writing of each subsection is given its works and their passages, and the checks that follow
 * keep every planned work cited.
 */
import type { GlossaryEntry } from '../writer/types.ts';

/** A work placed in a subsection, with the passages (ids) the subsection is written from. */
export interface PlannedWork {
  source: string;
  passages: string[];
  /** The work's home: the subsection must cite it (elsewhere it may). */
  home: boolean;
}

export interface SourcePlan {
  /** Subsection ("1.2") -> the works placed there, home works first. */
  placed: Record<string, PlannedWork[]>;
  /** Every work the list will hold: the placed ones, the attached files and the works a kept chapter cites. */
  works: string[];
  /**
   * English terms of the planned foreign passages in Russian: a Russian statement on an English
   * passage is matched through it. Asked beside the writing (empty until then).
   */
  glossary: GlossaryEntry[];
}
