/** What support reads of a failed order: the engine's error and what caused it (the model's or the
 * converter's own error, which the engine wraps). */
import { PaperError } from '@app/paper';
import { describe, expect, it } from 'vitest';
import { failureDetail } from '../src/modules/payments/lifecycle.ts';

describe('failure detail', () => {
  it('keeps the causes under the error, each cut to its first lines', () => {
    const socket = new Error('connect ECONNREFUSED 127.0.0.1:8080');
    const provider = new Error('Языковая модель недоступна', { cause: socket });
    const error = new PaperError('llm_failed', 'Не удалось сгенерировать работу', { cause: provider });
    const detail = failureDetail(error);
    expect(detail).toContain('Не удалось сгенерировать работу');
    expect(detail).toContain('Caused by: Error: Языковая модель недоступна');
    expect(detail).toContain('Caused by: Error: connect ECONNREFUSED 127.0.0.1:8080');
    expect(detail.split('\n').length).toBeLessThanOrEqual(3 * 8);
  });

  it('tells what was thrown when it is no Error', () => {
    expect(failureDetail('stopped')).toBe('stopped');
    expect(failureDetail(undefined)).toBe('');
  });
});
