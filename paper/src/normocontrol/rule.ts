import type { CheckedDocument } from './document.ts';

export interface Finding {
  message: string;
  where?: string;
}

/** One requirement: the clause it comes from, what it measures, what it says when it is broken. */
export interface NormocontrolRule {
  /** Stable id, reported with every issue, e.g. "page.margins". */
  id: string;
  /** The clause of the standard, e.g. "ГОСТ 7.32-2017, 6.1.1". */
  clause: string;
  /** Omitted: always applies. A rule that does not apply is left out of the report's `checked`. */
  applies?: (d: CheckedDocument) => boolean;
  check: (d: CheckedDocument) => Finding[];
}
