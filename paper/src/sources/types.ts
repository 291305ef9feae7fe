/** The sources of a run as the run's state keeps them. */
import type { BibSource, FoundWork } from '../bibliography/types.ts';
import type { AttachedSource } from '../input/types.ts';

export interface RunSource {
  id: string;
  origin: 'attached' | 'found';
  bib: BibSource;
  label: string;
  /** Attached: the full text; found: the abstract. */
  text: string;
  stems: Set<string>;
  /** The work as the search found it (its open full text, its DOI). */
  work?: FoundWork;
  /** The user's file. */
  file?: AttachedSource;
}

export interface RunSources {
  /** The works found by the search (what the finding stage stores). */
  found: FoundWork[];
  list: RunSource[];
  byId: Map<string, RunSource>;
}
