/** What the outside originality check (OriginalityCheck in ../types.ts) throws when it cannot answer. */

/** An outside check that could not answer; `reason` is Russian and safe to show. */
export class OriginalityCheckError extends Error {
  readonly reason: string;
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'OriginalityCheckError';
    this.reason = reason;
  }
}
