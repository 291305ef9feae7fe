/** The paper's list of sources as the run's state keeps it: data, no functions. */
import type { BibliographyEntry, PaperSourceRef } from '../types.ts';

/** An entry of the list and the source it describes. */
export interface ListedEntry extends BibliographyEntry {
  sourceId: string;
}

export interface PaperBibliography {
  /** In print order; `group` is the group's heading when the list is split. */
  entries: ListedEntry[];
  /** Source id -> its number in the list (a source listed twice is numbered as its first entry). */
  numberOf: Record<string, number>;
  /** The list as the preview page shows it: where each entry was verified. */
  references: PaperSourceRef[];
}
