import { PaperError } from '../../errors.ts';
import type { Person } from '../../bibliography/types.ts';
import { isCyrillic } from '../../bibliography/text.ts';

/** What every provider is configured with (the api's config, the CLI's flags). */
export interface ProviderOptions {
  fetch?: typeof fetch;
  baseUrl?: string;
  /** Per request. */
  timeoutMs?: number;
  /** The provider's own limit on our request rate. */
  maxRequestsPerSecond?: number;
  /** How many times a 429 or a 5xx is retried before the query fails. */
  maxRetries?: number;
}

/** A 429's Retry-After longer than this fails the query instead of holding the paper up. */
const MAX_RETRY_WAIT_MS = 30_000;
const MAX_RESPONSE_CHARS = 5_000_000;

/** Spaces requests so that no more than `perSecond` start in any second (one provider, one process). */
function createRateLimiter(perSecond: number | undefined): () => Promise<void> {
  if (!perSecond || perSecond <= 0) return async () => {};
  const gapMs = 1000 / perSecond;
  let next = 0;
  return async () => {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + gapMs;
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
  };
}

/** Seconds ("3") or an HTTP date; missing or unreadable: a growing default. */
function retryAfterMs(header: string | null, attempt: number): number {
  const fallback = 500 * 2 ** attempt;
  if (!header) return fallback;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? fallback : Math.max(0, date - Date.now());
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new PaperError('aborted', 'Генерация остановлена'));
      },
      { once: true },
    );
  });
}

export interface JsonClient {
  /** GET JSON; null for a 404 (a DOI the database does not know). Errors are Russian PaperErrors. */
  get(url: string, signal: AbortSignal | undefined): Promise<unknown>;
}

/** An HTTP client for one provider: its time limit, its request rate, bounded retries honouring Retry-After. */
export function createJsonClient(name: string, options: ProviderOptions & { headers?: Record<string, string> }): JsonClient {
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const maxRetries = options.maxRetries ?? 3;
  const waitTurn = createRateLimiter(options.maxRequestsPerSecond);
  const headers = { accept: 'application/json', ...options.headers };
  return {
    async get(url, signal) {
      for (let attempt = 0; ; attempt++) {
        await waitTurn();
        const timeout = AbortSignal.timeout(timeoutMs);
        const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
        let response: Response;
        try {
          response = await fetchFn(url, { signal: combined, headers });
        } catch (error) {
          if (signal?.aborted) throw new PaperError('aborted', 'Генерация остановлена');
          if (attempt < maxRetries) continue;
          throw new PaperError('search_failed', `Библиографическая база ${name} недоступна`, { cause: error });
        }
        if (response.status === 404) {
          await response.body?.cancel();
          return null;
        }
        if ((response.status === 429 || response.status >= 500) && attempt < maxRetries) {
          const wait = retryAfterMs(response.headers.get('retry-after'), attempt);
          await response.body?.cancel();
          if (wait > MAX_RETRY_WAIT_MS)
            throw new PaperError('search_failed', `Библиографическая база ${name} просит подождать ${Math.ceil(wait / 1000)} с`);
          await sleep(wait, signal);
          continue;
        }
        if (!response.ok) {
          await response.body?.cancel();
          throw new PaperError('search_failed', `Библиографическая база ${name} ответила ошибкой ${response.status}`);
        }
        const text = await response.text();
        if (text.length > MAX_RESPONSE_CHARS) throw new PaperError('search_failed', `Слишком большой ответ библиографической базы ${name}`);
        try {
          return JSON.parse(text);
        } catch (error) {
          throw new PaperError('search_failed', `Библиографическая база ${name} вернула не JSON`, { cause: error });
        }
      }
    },
  };
}

const INITIALS = /^(\p{Lu}\.-?)+\p{Lu}?\.?$/u;

/**
 * A name as databases print it: "Иванов Иван Иванович" (family first, Russian patronymic),
 * "Иванов И. И." / "Иванов И.И." (family, then initials), "И. И. Иванов", "Иванов, Иван",
 * "John R. Smith" (family last).
 */
export function personFromDisplayName(name: string): Person {
  const clean = name.replace(/\s+/g, ' ').trim();
  if (clean.includes(',')) {
    const [family, ...rest] = clean.split(',');
    return { family: family.trim(), given: rest.join(' ').trim() || undefined };
  }
  const parts = clean.replace(/\.(?=\p{Lu})/gu, '. ').split(' ');
  if (parts.length === 1) return { family: parts[0] };
  if (parts.length === 3 && /(вич|вна|чна|ична|ич)$/.test(parts[2])) return { family: parts[0], given: `${parts[1]} ${parts[2]}` };
  const rest = parts.slice(1);
  if (!INITIALS.test(parts[0]) && rest.every((p) => INITIALS.test(p))) return { family: parts[0], given: rest.join(' ') };
  return { family: parts[parts.length - 1], given: parts.slice(0, -1).join(' ') };
}

/** A Russian work's authors are printed in Cyrillic: a Latin transliteration of a Russian name is not its author heading. */
export function authorsFitTitle(title: string, authors: Person[]): boolean {
  if (!isCyrillic(title)) return true;
  return authors.every((a) => isCyrillic(a.family));
}

export function stripTags(text: string): string {
  return text
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "Title: subtitle" as databases give it: the GOST title and other title information. */
export function splitTitle(full: string): { title: string; subtitle?: string } {
  const m = /^(.{5,}?)\s*:\s+(.{3,})$/.exec(full.trim());
  if (!m) return { title: full.trim() };
  return { title: m[1].trim(), subtitle: m[2].trim() };
}

export const bareDoi = (doi: string | null | undefined): string | undefined =>
  doi
    ? doi
        .trim()
        .replace(/^https?:\/\/(dx\.)?doi\.org\//i, '')
        .replace(/^doi:/i, '') || undefined
    : undefined;
