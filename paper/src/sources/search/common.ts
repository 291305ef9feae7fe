import { PaperError } from '../../errors.ts';
import type { Person } from '../../bibliography/record.ts';

/** GET JSON with a time limit and one retry on 429/5xx; errors are Russian PaperErrors. */
export async function getJson(fetchFn: typeof fetch, url: string, signal: AbortSignal | undefined, timeoutMs: number): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetchFn(url, { signal: combined, headers: { accept: 'application/json' } });
    } catch (error) {
      if (signal?.aborted) throw new PaperError('aborted', 'Генерация остановлена');
      if (attempt === 0) continue;
      throw new PaperError('search_failed', 'Библиографическая база недоступна', { cause: error });
    }
    if ((response.status === 429 || response.status >= 500) && attempt === 0) {
      await response.body?.cancel();
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new PaperError('search_failed', `Библиографическая база ответила ошибкой ${response.status}`);
    }
    const text = await response.text();
    if (text.length > 5_000_000) throw new PaperError('search_failed', 'Слишком большой ответ библиографической базы');
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new PaperError('search_failed', 'Библиографическая база вернула не JSON', { cause: error });
    }
  }
}

/** "Иванов Иван Иванович" (family first, Russian patronymic) or "John R. Smith" (family last). */
export function personFromDisplayName(name: string): Person {
  const parts = name.replace(/\s+/g, ' ').trim().split(' ');
  if (parts.length === 1) return { family: parts[0] };
  if (parts.length === 3 && /(вич|вна|чна|ична|ич)$/.test(parts[2])) return { family: parts[0], given: `${parts[1]} ${parts[2]}` };
  if (/,$/.test(parts[0])) return { family: parts[0].replace(/,$/, ''), given: parts.slice(1).join(' ') };
  return { family: parts[parts.length - 1], given: parts.slice(0, -1).join(' ') };
}

export function stripTags(text: string): string {
  return text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
}
