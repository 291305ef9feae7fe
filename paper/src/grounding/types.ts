/** The grounding's counts as the run's state keeps them. */

/** The corrections of a paper's texts, by kind. */
export interface GroundingCounts {
  /** Statements naming a person or work the list does not hold. */
  names: number;
  /** A model's own list of literature, or its remnant. */
  referenceLists: number;
  /** Citations of a page outside the work's printed range. */
  pages: number;
  /** Citations of a page without the statement's figure. */
  figures: number;
  /** Citations of a page without the statement's key terms (the deterministic check). */
  unsupported: number;
  /** Paragraphs repeating an earlier one. */
  repeatedParagraphs: number;
  /** Listed works nothing cited, cited where a passage of theirs fits (or in a statement written from it). */
  recited: number;
  /** Statements rewritten from their passages (repair.ts) instead of removed. */
  repaired: number;
  /** Statements rewritten (a name left out) and removed (with their citations) by these corrections. */
  rewritten: number;
  removed: number;
}

/** What became of the cited sentences checked against their passages. */
export interface ClaimCounts {
  /** Cited sentences checked. */
  checked: number;
  /** Rewritten without the citation. */
  rewritten: number;
  /** Rewritten from the cited passage (grounding/repair.ts) and checked again: the citation stays. */
  repaired: number;
  /** Removed with their sentence. */
  removed: number;
  /** Citations removed from a statement that stands on its other ones (the cited page does not back it). */
  citationsRemoved: number;
}
