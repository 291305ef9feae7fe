/** The texts of a paper as the stages hand them on. */

/** The texts written so far, paragraphs per part; a Map's order is the document's order. */
export interface Written {
  introduction: string[];
  /** "1.2" -> paragraphs. */
  subsections: Map<string, string[]>;
  conclusion: string[] | null;
}
