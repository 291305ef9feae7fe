import { E, retriesLeftText } from '@app/contract';
import { codeOf, dataOf, errorText, statusOf } from '@/lib/errors';

/** A rejected code: the attempts left when the server says so, otherwise 'try later'. */
export function codeErrorText(error: unknown): string {
  if (statusOf(error) !== 400) return errorText(error);
  const data = codeOf(error) === 'code_wrong' ? dataOf<{ retries_left?: number }>(error) : null;
  return typeof data?.retries_left === 'number' ? retriesLeftText(data.retries_left) : E.retryLater;
}
