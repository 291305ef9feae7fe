/**
 * One error type for the engine. `message` is always Russian and safe to show to a customer;
 * `code` lets the caller decide (retry, refund, ask the user to fix input).
 */
export type PaperErrorCode =
  | 'invalid_input'
  | 'file_rejected'
  | 'llm_failed'
  | 'llm_timeout'
  | 'search_failed'
  /** The databases do not have enough works for the topic and year: the user may change them. */
  | 'not_enough_sources'
  | 'pdf_failed'
  /** The paper failed the engine's own normocontrol after a retry: it is not delivered. */
  | 'normocontrol_failed'
  /** The paper could not be brought within ±5 % of the volume ordered: not delivered as complete. */
  | 'volume_out_of_range'
  | 'aborted'
  | 'internal';

export class PaperError extends Error {
  readonly code: PaperErrorCode;
  constructor(code: PaperErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaperError';
    this.code = code;
  }
}

export function isAbort(error: unknown): boolean {
  return (
    (error instanceof PaperError && error.code === 'aborted') ||
    (error instanceof Error && (error.name === 'AbortError' || error.name === 'APIUserAbortError'))
  );
}

/** Throws the engine's abort error when the run was cancelled. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new PaperError('aborted', 'Генерация остановлена');
}
