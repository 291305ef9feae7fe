/** The one error type of the domain. Handlers and domain functions throw it with a code declared
 * in the contract (which also gives its HTTP status and Russian message); the error handler
 * (http/errors.ts) turns it into `{ detail, code, ...extra }`. */
import { ERRORS, type ErrorCode } from '@app/contract';

export interface AppErrorOptions {
  /** A more specific text than the code's message (which file, how many seconds to wait). */
  detail?: unknown;
  /** Fields the specification names next to `detail` (`data.retries_left`, the pending payment). */
  extra?: Record<string, unknown>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: unknown;
  readonly extra: Record<string, unknown>;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    const detail = options.detail ?? ERRORS[code].message;
    super(typeof detail === 'string' ? detail : JSON.stringify(detail), { cause: options.cause });
    this.code = code;
    this.status = ERRORS[code].status;
    this.detail = detail;
    this.extra = options.extra ?? {};
  }
}

/** The body of an error answered without throwing (a ts-rest handler's typed response). */
export const errorBody = <C extends ErrorCode>(code: C, extra: Record<string, unknown> = {}) => ({
  detail: ERRORS[code].message,
  code,
  ...extra,
});
