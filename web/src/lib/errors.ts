/** Turns a failed call into the error catalogue's text (specification section 8). */
import { errorCode, FALLBACK_ERROR, NETWORK_ERROR, STATUS_TEXT, type ErrorCode } from '@app/contract';

export interface HttpFailure {
  status: number;
  body: unknown;
}

/** A non-2xx response as ts-rest's react-query hooks throw it. */
export function isHttpFailure(error: unknown): error is HttpFailure {
  return (
    typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    typeof (error as { status: unknown }).status === 'number' &&
    'body' in error
  );
}

export function statusOf(error: unknown): number | null {
  return isHttpFailure(error) ? error.status : null;
}

/** The stable code of an error answer (the contract's ERRORS); switch on it, never on `detail`. */
export function codeOf(error: unknown): ErrorCode | null {
  if (!isHttpFailure(error)) return null;
  const parsed = errorCode.safeParse((error.body as { code?: unknown } | null)?.code);
  return parsed.success ? parsed.data : null;
}

/** The server's `detail` when it is a string. */
export function detailOf(error: unknown): string | null {
  if (!isHttpFailure(error)) return null;
  const body = error.body as { detail?: unknown } | null;
  if (typeof body?.detail === 'string') return body.detail;
  const nested = body?.detail as { message?: unknown } | undefined;
  return typeof nested?.message === 'string' ? nested.message : null;
}

/** Generic text: by status, then the server's detail, then the fallback; no response: network. */
export function errorText(error: unknown): string {
  if (!isHttpFailure(error)) return NETWORK_ERROR;
  return STATUS_TEXT[error.status] ?? detailOf(error) ?? FALLBACK_ERROR;
}

/** Extra data a response carries next to `detail` (retries_left, pending payment, ...). */
export function dataOf<T>(error: unknown): T | null {
  if (!isHttpFailure(error)) return null;
  const body = error.body as { data?: T } | null;
  return body?.data ?? null;
}

/** Per-field messages of a 422 response. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isHttpFailure(error) || error.status !== 422) return {};
  const body = error.body as { errors?: { field: string; message: string }[] } | null;
  const out: Record<string, string> = {};
  for (const e of body?.errors ?? []) out[e.field] ??= e.message;
  return out;
}
