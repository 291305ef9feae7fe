/**
 * GigaChat (Sber): an access token from the OAuth endpoint (`Authorization: Basic <authorization
 * key>`, a fresh RqUID uuid4 per request, form body `scope=...`), valid 30 minutes (`expires_at`
 * in ms). The token is refreshed shortly before it expires, and at once when the API answers 401
 * (a clock that disagrees with the server's). Chat completions are OpenAI-like with SSE streaming
 * and usage in the last chunk; structured output is a forced function call (`functions` and
 * `function_call`), not response_format. The servers are signed by the Russian root CA: its PEM is
 * passed as `ca`, verification stays on.
 */
import { randomUUID } from 'node:crypto';
import { PaperError } from '../errors.ts';
import { RetryableError } from './answers.ts';
import { createLlmWriter, type LlmAuth, type LlmWriterOptions } from './llm.ts';
import { fetchTrusting } from './tls.ts';

export const GIGACHAT_OAUTH_URL = 'https://ngw.devices.sberbank.ru:9443/api/v2/oauth';
export const GIGACHAT_BASE_URL = 'https://gigachat.devices.sberbank.ru/api/v1';
export const GIGACHAT_SCOPES = ['GIGACHAT_API_PERS', 'GIGACHAT_API_B2B', 'GIGACHAT_API_CORP'] as const;
export type GigaChatScope = (typeof GIGACHAT_SCOPES)[number];

export interface GigaChatTokenOptions {
  /** The authorization key from the project's page (base64 of Client ID:Client Secret). */
  authKey: string;
  scope: GigaChatScope;
  oauthUrl?: string;
  /** Refresh this long before expiry (default 60 s, at most a fifth of the token's life). */
  refreshMarginMs?: number;
  /** Time limit of the token request (default 30 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/** The token endpoint's JSON, or null for anything else (a page, a cut body). */
function parseObject(raw: string): { access_token?: unknown; expires_at?: unknown; message?: unknown } | null {
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === 'object' && v !== null ? v : null;
  } catch {
    return null;
  }
}

export interface GigaChatTokenProvider extends LlmAuth {
  readonly stats: { issued: number; refusedByServer: number };
}

export function createGigaChatTokenProvider(options: GigaChatTokenOptions): GigaChatTokenProvider {
  const fetchFn = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const stats = { issued: 0, refusedByServer: 0 };
  let current: { header: string; refreshAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function issue(): Promise<string> {
    const asked = now();
    let response: Response;
    try {
      response = await fetchFn(options.oauthUrl ?? GIGACHAT_OAUTH_URL, {
        method: 'POST',
        headers: {
          authorization: `Basic ${options.authKey}`,
          rqUID: randomUUID(),
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ scope: options.scope }).toString(),
        // Its own time limit, not a caller's signal: concurrent calls share this request.
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      // A network failure or a timeout: the writer retries it like any other.
      throw new RetryableError('network', 'нет соединения с сервером авторизации GigaChat', String(error));
    }
    const raw = await response.text().catch(() => '');
    if (response.status === 401 || response.status === 403) {
      throw new PaperError(
        'llm_failed',
        `Модель GigaChat: ключ авторизации не принят (${response.status}), проверьте ключ и область доступа`,
      );
    }
    if (response.status === 429 || response.status >= 500)
      throw new RetryableError('server', `сервер авторизации GigaChat ответил ошибкой (${response.status})`, raw.slice(0, 300));
    const body = parseObject(raw);
    if (!response.ok) {
      // The server's words ("scope from db not fully includes consumed scope") go to the cause, for support.
      const why = /scope/i.test(String(body?.message)) ? ': ключ выпущен для другой области доступа' : '';
      throw new PaperError('llm_failed', `Модель GigaChat: токен доступа не выдан (${response.status})${why}`, {
        cause: new Error(raw.slice(0, 300)),
      });
    }
    if (typeof body?.access_token !== 'string' || !body.access_token || typeof body.expires_at !== 'number') {
      // A page or a body without the token with 200: a proxy's glitch, retried.
      throw new RetryableError('malformed', 'сервер авторизации GigaChat прислал ответ без токена доступа', raw.slice(0, 300));
    }
    stats.issued++;
    const life = Math.max(0, body.expires_at - asked);
    const margin = Math.min(options.refreshMarginMs ?? 60_000, life / 5);
    current = { header: `Bearer ${body.access_token}`, refreshAt: body.expires_at - margin };
    return current.header;
  }

  return {
    stats,
    header() {
      if (current && now() < current.refreshAt) return Promise.resolve(current.header);
      // One token request at a time: concurrent calls share it.
      pending ??= issue().finally(() => (pending = null));
      return pending;
    },
    refused(header) {
      stats.refusedByServer++;
      if (current?.header === header) current = null;
    },
  };
}

export interface GigaChatWriterOptions
  extends
    Omit<LlmWriterOptions, 'baseURL' | 'apiKey' | 'auth' | 'provider' | 'structuredOutput' | 'streamUsage'>,
    Omit<GigaChatTokenOptions, 'fetch'> {
  baseURL?: string;
  /** The root certificate (PEM) GigaChat's servers are signed with, trusted besides the usual ones. */
  ca?: string;
}

export function createGigaChatWriter(options: GigaChatWriterOptions) {
  const { authKey, scope, oauthUrl, refreshMarginMs, now, ca, baseURL, ...rest } = options;
  const fetchFn = options.fetch ?? (ca ? fetchTrusting(ca) : undefined);
  const tokens = createGigaChatTokenProvider({ authKey, scope, oauthUrl, refreshMarginMs, now, fetch: fetchFn });
  const writer = createLlmWriter({
    ...rest,
    fetch: fetchFn,
    provider: 'Модель GigaChat',
    baseURL: baseURL ?? GIGACHAT_BASE_URL,
    apiKey: 'unused', // the token provider's header replaces the client's Bearer
    auth: tokens,
    structuredOutput: 'functions',
    streamUsage: 'always',
  });
  return Object.assign(writer, { tokens });
}
