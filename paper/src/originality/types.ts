/** An outside check (OriginalityCheck, ../types.ts) that could not answer; `reason` is Russian and safe to show. */
export class OriginalityCheckError extends Error {
  readonly reason: string;
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'OriginalityCheckError';
    this.reason = reason;
  }
}
