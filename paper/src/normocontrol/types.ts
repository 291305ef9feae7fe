export interface NormocontrolIssue {
  /** Stable rule id, e.g. "page.margins". */
  rule: string;
  /** Russian description of the violation. */
  message: string;
  /** Where: a heading, an entry number or the start of a paragraph. */
  where?: string;
}

export interface NormocontrolReport {
  ok: boolean;
  issues: NormocontrolIssue[];
  /** Rules that were checked (a rule missing here was not applicable). */
  checked: string[];
  stats: {
    paragraphs: number;
    headings: number;
    tocEntries: number;
    footnotes: number;
    bibliographyEntries: number;
    /** Present when a PDF was given. */
    pages?: number;
  };
}
