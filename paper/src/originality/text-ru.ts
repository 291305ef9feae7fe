/**
 * Text.ru's uniqueness API (https://text.ru/api-check/manual): a POST of `text` and `userkey` to
 * /post answers `text_uid`; a POST of `uid`, `userkey` and `jsonvisible=detail` to the same
 * address answers `text_unique` (with `result_json`, whose `urls` name the matching pages), or
 * error_code 181 while the text is not checked yet; any other error_code is an error. A text is
 * 100 to 150 000 characters: a longer paper is sent in parts, and its uniqueness is the parts'
 * average weighted by length. Each part's uid is remembered (memo) as soon as it is given, so a
 * resumed run polls it instead of paying for the text again. Polling is bounded in time.
 */
import { createHash } from 'node:crypto';
import { PaperError } from '../errors.ts';
import type { CheckMemo, OriginalityCheck, OutsideResult } from '../types.ts';
import { OriginalityCheckError } from './types.ts';

export const TEXT_RU_MIN_CHARS = 100;
export const TEXT_RU_MAX_CHARS = 150_000;
/** "Текст ещё не проверен": ask again later. */
const NOT_CHECKED_YET = 181;

export interface TextRuOptions {
  userKey: string;
  /** Default https://api.text.ru (a stand-in's address in tests). */
  baseUrl?: string;
  /** How long to wait for the result of a text, from its submission. Default 5 minutes. */
  timeoutMs?: number;
  /** Between two polls. Default 10 s. */
  pollIntervalMs?: number;
  /** One HTTP request. Default 30 s. */
  requestTimeoutMs?: number;
}

/** Text.ru's error codes as the report tells them (the key never appears). */
function reasonOf(code: number): string {
  if ([120, 121, 141, 170, 171].includes(code)) return `Text.ru отклонил ключ API (код ${code})`;
  if (code === 142) return 'на счёте Text.ru не хватает символов (код 142)';
  if ([112, 150].includes(code)) return `текст слишком короткий для Text.ru (код ${code})`;
  if (code === 113) return 'текст слишком длинный для Text.ru (код 113)';
  if (code === 182) return 'Text.ru не смог проверить текст (код 182)';
  return `Text.ru ответил ошибкой (код ${code})`;
}

/** Pieces of at most `max` characters: a paragraph longer than that is cut between words. */
function piecesOf(paragraph: string, max: number): string[] {
  const out: string[] = [];
  let rest = paragraph;
  while (rest.length > max) {
    const space = rest.lastIndexOf(' ', max);
    const cut = space > max / 2 ? space : max;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  return rest ? [...out, rest] : out;
}

/**
 * Parts of at most `max` characters, cut between paragraphs. A part shorter than Text.ru takes
 * (a tail of a few words) is left out: it cannot change the figure.
 */
export function splitForTextRu(text: string, max = TEXT_RU_MAX_CHARS): string[] {
  const parts: string[] = [];
  let current = '';
  for (const piece of text.split(/\n\s*\n/).flatMap((p) => piecesOf(p.trim(), max))) {
    const joined = current ? `${current}\n\n${piece}` : piece;
    if (joined.length <= max) {
      current = joined;
    } else {
      parts.push(current);
      current = piece;
    }
  }
  if (current) parts.push(current);
  return parts.filter((p) => p.length >= TEXT_RU_MIN_CHARS);
}

type Answer = Record<string, unknown>;

function numberOf(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value.replace(',', '.')) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(n) ? n : undefined;
}

function matchesOf(resultJson: unknown): OutsideResult['matches'] {
  let parsed: unknown = resultJson;
  if (typeof resultJson === 'string') {
    try {
      parsed = JSON.parse(resultJson);
    } catch {
      return [];
    }
  }
  const urls = (parsed as { urls?: unknown } | null)?.urls;
  if (!Array.isArray(urls)) return [];
  return urls.flatMap((u: { url?: unknown; plagiat?: unknown }) => {
    const percent = numberOf(u?.plagiat);
    return typeof u?.url === 'string' && percent !== undefined ? [{ url: u.url, percent }] : [];
  });
}

export function createTextRuCheck(options: TextRuOptions): OriginalityCheck {
  const endpoint = `${(options.baseUrl ?? 'https://api.text.ru').replace(/\/$/, '')}/post`;
  const timeoutMs = options.timeoutMs ?? 300_000;
  const pollIntervalMs = options.pollIntervalMs ?? 10_000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;

  async function post(fields: Record<string, string>, signal: AbortSignal | undefined): Promise<Answer> {
    const limit = AbortSignal.timeout(requestTimeoutMs);
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'application/json' },
        body: new URLSearchParams({ ...fields, userkey: options.userKey }),
        signal: signal ? AbortSignal.any([signal, limit]) : limit,
      });
    } catch (error) {
      if (signal?.aborted) throw new PaperError('aborted', 'Генерация остановлена', { cause: error });
      if (limit.aborted) throw new OriginalityCheckError('Text.ru не ответил вовремя', { cause: error });
      throw new OriginalityCheckError('Text.ru недоступен', { cause: error });
    }
    if (!response.ok) throw new OriginalityCheckError(`Text.ru недоступен (HTTP ${response.status})`);
    try {
      const body: unknown = await response.json();
      if (typeof body !== 'object' || body === null) throw new Error('not an object');
      return body as Answer;
    } catch (error) {
      if (signal?.aborted) throw new PaperError('aborted', 'Генерация остановлена', { cause: error });
      throw new OriginalityCheckError('Text.ru ответил не в формате JSON', { cause: error });
    }
  }

  const errorCodeOf = (answer: Answer) => numberOf(answer.error_code);

  async function submit(text: string, signal: AbortSignal | undefined, memo: CheckMemo | undefined): Promise<string> {
    const key = `text.ru:${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    const remembered = await memo?.get(key);
    if (typeof remembered === 'string' && remembered) return remembered;
    const answer = await post({ text }, signal);
    const code = errorCodeOf(answer);
    if (code !== undefined) throw new OriginalityCheckError(reasonOf(code));
    const uid = answer.text_uid;
    if (typeof uid !== 'string' || !uid) throw new OriginalityCheckError('Text.ru не выдал номер проверки');
    await memo?.set(key, uid);
    return uid;
  }

  const wait = (ms: number, signal: AbortSignal | undefined) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(done, ms);
      function done() {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }
      function onAbort() {
        clearTimeout(timer);
        reject(new PaperError('aborted', 'Генерация остановлена'));
      }
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });

  async function result(uid: string, deadline: number, signal: AbortSignal | undefined): Promise<OutsideResult> {
    for (;;) {
      const answer = await post({ uid, jsonvisible: 'detail' }, signal);
      const code = errorCodeOf(answer);
      if (code === undefined) {
        const unique = numberOf(answer.text_unique);
        if (unique === undefined || unique < 0 || unique > 100) throw new OriginalityCheckError('Text.ru не сообщил уникальность текста');
        return { uniquePercent: unique, matches: matchesOf(answer.result_json) };
      }
      if (code !== NOT_CHECKED_YET) throw new OriginalityCheckError(reasonOf(code));
      const left = deadline - Date.now();
      if (left <= 0) throw new OriginalityCheckError(`Text.ru не проверил текст за ${Math.round(timeoutMs / 1000)} с`);
      await wait(Math.min(pollIntervalMs, left), signal);
    }
  }

  return {
    method: 'text.ru',
    async check(text, { signal, memo }) {
      const parts = splitForTextRu(text);
      if (!parts.length) throw new OriginalityCheckError(`текст короче ${TEXT_RU_MIN_CHARS} символов`);
      const total = parts.reduce((n, p) => n + p.length, 0);
      const deadline = Date.now() + timeoutMs;
      // Every part is submitted first, so that Text.ru checks them side by side; the first part
      // that fails stops the polling of the others.
      const uids: string[] = [];
      for (const part of parts) uids.push(await submit(part, signal, memo));
      const stop = new AbortController();
      const both = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
      const results = await Promise.all(
        uids.map((uid) =>
          result(uid, deadline, both).catch((error: unknown) => {
            stop.abort();
            throw error;
          }),
        ),
      );
      const unique = results.reduce((sum, r, i) => sum + r.uniquePercent * parts[i].length, 0) / total;
      const byUrl = new Map<string, number>();
      for (const r of results) for (const m of r.matches) byUrl.set(m.url, Math.max(byUrl.get(m.url) ?? 0, m.percent));
      return {
        uniquePercent: Math.round(unique * 10) / 10,
        matches: [...byUrl].map(([url, percent]) => ({ url, percent })).sort((a, b) => b.percent - a.percent),
      };
    },
  };
}
