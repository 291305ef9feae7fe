/** The originality report of a paper, and the outside check it may come from. */

/** Which check gave the originality figure: the engine's own, or Text.ru's. */
export type OriginalityMethod = 'internal' | 'text.ru';

export interface OriginalityFragment {
  /** In the paper's own wording, citations left out. */
  text: string;
  words: number;
  /** The section it stands in ("introduction", "1.2", "conclusion"). */
  section: string;
  /** 'source': it overlaps a passage of one of the paper's sources; 'self': it repeats an earlier place of the paper. */
  kind: 'source' | 'self';
  /** The source's number in the list; null for a repetition, or a source the list does not carry. */
  sourceNumber: number | null;
  /** A short description of the source (authors, title, year); null for a repetition. */
  sourceTitle: string | null;
}

export interface OriginalityReport {
  method: OriginalityMethod;
  /** 0-100, one decimal: 100 % less the overlapping share (by the method used). */
  originalityPercent: number;
  /** The internal check's shares of the paper's words, 0-100, one decimal. */
  sourcePercent: number;
  selfPercent: number;
  /** Marked quotations, left out of the overlap. */
  quotedPercent: number;
  /** Words of the paper checked. */
  words: number;
  /** The longest overlapping fragments (internal check), longest first. */
  fragments: OriginalityFragment[];
  /** Text.ru's matching pages, most overlapping first (empty for the internal check). */
  matches: { url: string; percent: number }[];
  /** In Russian: why the configured outside check was not used; null when nothing to say. */
  note: string | null;
}

/** What an outside check says about a text. */
export interface OutsideResult {
  /** 0-100. */
  uniquePercent: number;
  matches: { url: string; percent: number }[];
}

/** A place where a check keeps what it must not repeat after a restart (a paid submission's id). */
export interface CheckMemo {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

/** An outside originality check (Text.ru). It throws OriginalityCheckError when it cannot answer. */
export interface OriginalityCheck {
  readonly method: Exclude<OriginalityMethod, 'internal'>;
  check(text: string, options: { signal?: AbortSignal; memo?: CheckMemo }): Promise<OutsideResult>;
}

/** An outside check that could not answer; `reason` is Russian and safe to show. */
export class OriginalityCheckError extends Error {
  readonly reason: string;
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'OriginalityCheckError';
    this.reason = reason;
  }
}
