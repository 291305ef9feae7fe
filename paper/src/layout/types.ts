/** The laid-out paper as the run's state keeps it. */
import type { PageMap } from '../typeset/types.ts';

export interface LaidOutPaper {
  docx: Buffer;
  pdf: Buffer;
  pageCount: number;
  /** The page each written heading is on (heading id -> page). */
  pages: PageMap;
  conversions: number;
}
