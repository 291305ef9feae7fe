/** The one error type of the domain. Handlers and domain functions throw it; the error handler
 * (http/errors.ts) turns it into `{detail, ...extra}` with its status. */
export class AppError extends Error {
  readonly status: number;
  readonly detail: unknown;
  readonly extra: Record<string, unknown>;

  constructor(status: number, detail: unknown, extra: Record<string, unknown> = {}, cause?: unknown) {
    super(typeof detail === 'string' ? detail : JSON.stringify(detail), { cause });
    this.status = status;
    this.detail = detail;
    this.extra = extra;
  }
}

export const badRequest = (detail: string, extra?: Record<string, unknown>) => new AppError(400, detail, extra);
export const unauthorized = () => new AppError(401, 'Необходима авторизация');
export const notFound = (detail = 'Ресурс не найден') => new AppError(404, detail);
export const conflict = (detail: unknown, extra?: Record<string, unknown>) => new AppError(409, detail, extra);
export const tooManyRequests = (detail = 'Слишком много запросов. Попробуйте позже') => new AppError(429, detail);
