/** What the typesetter hands on in the run's state. */
import type { PrintedCitation } from '../bibliography/types.ts';
import type { SectionText } from '../types.ts';
import type { DocModel } from './model.ts';

/** A group of citations as the paper prints it, in the document's order: the evidence report's raw material. */
export interface PaperCitation extends PrintedCitation {
  /** "introduction", "1.2", "conclusion". */
  part: string;
  /** The paragraph (or a table's cell) with its source markers («[[S3, с. 47]]»), where `at` points. */
  paragraph: string;
}

export interface Assembled {
  model: DocModel;
  sectionTexts: SectionText[];
  citations: PaperCitation[];
}

/** Page numbers of headings by heading id; a missing id gets a placeholder. */
export type PageMap = Map<string, number>;
