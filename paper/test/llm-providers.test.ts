/**
 * YandexGPT and GigaChat against local stand-ins that check what the real services check: the
 * credentials (Yandex's API key and folder, GigaChat's OAuth call with RqUID and scope, then its
 * short-lived token), the concurrency quota (429 with Retry-After), SSE streaming, structured output
 * (GigaChat's forced function call), and GigaChat's certificate chain over real TLS.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startGigaChatStandIn, type GigaChatStandIn } from '../dev/gigachat-stand-in.ts';
import { startYandexStandIn, type YandexStandIn } from '../dev/yandex-stand-in.ts';
import { createGigaChatWriter, createTariffWriter, createYandexWriter, PaperError } from '../src/index.ts';
import type { WriterCall } from '../src/index.ts';

const FOLDER = 'b1gfolder0test';
const YANDEX_KEY = 'AQVN-yandex-secret-key';
const GIGA_KEY = Buffer.from('client-id:giga-secret').toString('base64');

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});
const yandex = async (o: Partial<Parameters<typeof startYandexStandIn>[0]> = {}): Promise<YandexStandIn> => {
  const s = await startYandexStandIn({ folderId: FOLDER, apiKey: YANDEX_KEY, ...o });
  closers.push(() => s.close());
  return s;
};
const gigachat = async (o: Partial<Parameters<typeof startGigaChatStandIn>[0]> = {}): Promise<GigaChatStandIn> => {
  const s = await startGigaChatStandIn({ authKey: GIGA_KEY, scope: 'GIGACHAT_API_PERS', ...o });
  closers.push(() => s.close());
  return s;
};
const fast = { retryBaseMs: 10, retryMaxMs: 50 };
const yandexWriter = (s: YandexStandIn, o: Partial<Parameters<typeof createYandexWriter>[0]> = {}) =>
  createYandexWriter({
    baseURL: s.url,
    folderId: FOLDER,
    apiKey: YANDEX_KEY,
    models: { basic: 'yandexgpt-lite/latest', professional: 'yandexgpt/latest' },
    ...fast,
    ...o,
  });
const gigaWriter = (s: GigaChatStandIn, o: Partial<Parameters<typeof createGigaChatWriter>[0]> = {}) =>
  createGigaChatWriter({
    baseURL: s.url,
    oauthUrl: s.oauthUrl,
    authKey: GIGA_KEY,
    scope: 'GIGACHAT_API_PERS',
    models: { basic: 'GigaChat-2', professional: 'GigaChat-2-Max' },
    ...fast,
    ...o,
  });

const textCall = (key: string, chars = 2000): WriterCall => ({
  key,
  tariff: 'basic',
  task: {
    kind: 'introduction',
    outline: { topic: 't', title: 't', keywords: [], chapters: [], goal: '', tasks: [], object: '', subject: '', methods: [] },
    targetChars: chars,
  },
  messages: [
    { role: 'system', content: 'Ты автор.' },
    { role: 'user', content: `Напиши текст около ${chars} знаков.` },
  ],
  maxTokens: 2000,
});
const reviewSchema = z.object({ remarks: z.array(z.object({ subsection: z.string(), remark: z.string() })) });
const jsonCall = (key: string): WriterCall => ({
  ...textCall(key),
  tariff: 'professional',
  messages: [{ role: 'user', content: 'Отрецензируй главу.\n### 1.1 Первый\nтекст\n### 1.2 Второй\nтекст' }],
  json: { name: 'chapter_review', schema: reviewSchema },
});

describe('YandexGPT (AI Studio, OpenAI-compatible)', () => {
  it('streams a whole answer with the API key, the folder and the model URI; structured output by JSON schema', async () => {
    const s = await yandex({ tokensPerSecond: 4000 });
    const writer = yandexWriter(s, { prices: { 'yandexgpt-lite/latest': { inputRubPerMillion: 200, outputRubPerMillion: 200 } } });
    const deltas: string[] = [];
    const reply = await writer.complete({ ...textCall('y-stream'), onDelta: (d) => deltas.push(d) });
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(reply.text);
    expect(reply.model).toBe(`gpt://${FOLDER}/yandexgpt-lite/latest`);
    expect(reply.completionTokens).toBe(s.log[0].completionTokens);
    expect(reply.costRub).toBeCloseTo(((reply.promptTokens + reply.completionTokens) * 200) / 1e6, 10);
    const json = await writer.complete(jsonCall('y-json'));
    expect(reviewSchema.parse(JSON.parse(json.text)).remarks.map((r) => r.subsection)).toEqual(['1.1', '1.2']);
    expect(json.model).toBe(`gpt://${FOLDER}/yandexgpt/latest`);
    expect(s.refused).toEqual([]);
  });

  it('fails at once with a clear error, without the key, when the key or the folder is wrong', async () => {
    const s = await yandex();
    const wrong = await yandexWriter(s, { apiKey: 'AQVN-wrong-secret' })
      .complete(textCall('y-bad-key'))
      .catch((e) => e);
    expect(wrong).toBeInstanceOf(PaperError);
    expect(wrong.code).toBe('llm_failed');
    expect(wrong.message).toMatch(/YandexGPT: ключ доступа не принят \(401\)/);
    expect(wrong.message).not.toMatch(/AQVN/);
    const folder = await yandexWriter(s, { folderId: 'b1gotherfolder' })
      .complete(textCall('y-bad-folder'))
      .catch((e) => e);
    expect(folder.message).toMatch(/YandexGPT: ключ доступа не принят \(403\)/);
    expect(s.refused.map((r) => r.status)).toEqual([401, 403]); // neither retried
    expect(s.log).toEqual([]);
  });

  it('accepts an IAM token as Bearer instead of the API key', async () => {
    const s = await yandex({ apiKey: undefined, iamToken: 't1.iam-token' });
    const reply = await yandexWriter(s, { apiKey: undefined, iamToken: 't1.iam-token' }).complete(textCall('y-iam', 300));
    expect(reply.text.length).toBeGreaterThan(300);
    const refused = await yandexWriter(s)
      .complete(textCall('y-key-not-token', 300))
      .catch((e) => e);
    expect(refused.message).toMatch(/\(401\)/);
  });

  it('backs off on 429 from the quota of concurrent requests, honouring Retry-After', async () => {
    const s = await yandex({ maxConcurrent: 1, quotaRetryAfterSec: 1, tokensPerSecond: 3000, firstTokenMs: 100 });
    const writer = yandexWriter(s, { concurrency: 3, retryMaxMs: 5000 });
    const started = Date.now();
    const replies = await Promise.all([0, 1, 2].map((i) => writer.complete(textCall(`y-q${i}`, 800))));
    expect(replies.every((r) => r.text.length >= 800)).toBe(true);
    expect(s.quotaRefusals).toBeGreaterThan(0);
    expect(s.maxInFlight).toBe(1);
    expect(writer.stats.retries).toBe(s.quotaRefusals);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000); // the refused waited the second Retry-After asked
  });
});

describe('GigaChat', () => {
  it('gets a token (Basic key, RqUID, scope) and streams a whole answer; structured output by a forced function call', async () => {
    const s = await gigachat({ tokensPerSecond: 4000 });
    const writer = gigaWriter(s);
    const deltas: string[] = [];
    const reply = await writer.complete({ ...textCall('g-stream'), onDelta: (d) => deltas.push(d) });
    expect(deltas.join('')).toBe(reply.text);
    expect(deltas.length).toBeGreaterThan(3);
    expect(reply.model).toBe('GigaChat-2');
    expect(reply.completionTokens).toBe(s.llm.log[0].completionTokens); // usage from the last chunk, unasked
    expect(reply.promptTokens).toBe(s.llm.log[0].promptTokens);
    const json = await writer.complete(jsonCall('g-json'));
    expect(reviewSchema.parse(JSON.parse(json.text)).remarks).toHaveLength(2);
    expect(s.oauth).toHaveLength(1); // one token for both calls
    expect(s.oauth[0]).toMatchObject({ status: 200, scope: 'GIGACHAT_API_PERS' });
    expect(s.oauth[0].rqUID).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refreshes the token before it expires', async () => {
    // A token lives 1.5 s here: refreshed a fifth of its life (0.3 s) before expiry.
    const s = await gigachat({ tokenTtlMs: 1500 });
    const writer = gigaWriter(s);
    await writer.complete(textCall('g-first', 300));
    await new Promise((r) => setTimeout(r, 1300));
    expect(Date.now()).toBeLessThan(s.oauth[0].at + 1500); // the first token is still valid...
    await writer.complete(textCall('g-second', 300));
    expect(s.oauth.map((o) => o.status)).toEqual([200, 200]); // ...yet a new one was taken
    expect(new Set(s.oauth.map((o) => o.rqUID)).size).toBe(2);
    expect(s.llm.refused).toEqual([]);
  });

  it('takes a new token and repeats the request when the server says the token expired (401)', async () => {
    const s = await gigachat();
    const writer = gigaWriter(s);
    await writer.complete(textCall('g-before', 300));
    s.expireAll(); // the server's clock runs ahead of ours
    const reply = await writer.complete(textCall('g-after', 300));
    expect(reply.text.length).toBeGreaterThan(300);
    expect(s.llm.refused.map((r) => r.message)).toEqual(['Token has expired']);
    expect(s.oauth).toHaveLength(2);
    expect(writer.tokens.stats).toEqual({ issued: 2, refusedByServer: 1 });
    expect(writer.stats.retries).toBe(0); // not a backoff
  });

  it('fails with a clear error, without the key, when the key or the scope is wrong', async () => {
    const s = await gigachat();
    const wrong = await gigaWriter(s, { authKey: Buffer.from('client-id:wrong').toString('base64') })
      .complete(textCall('g-bad-key'))
      .catch((e) => e);
    expect(wrong).toBeInstanceOf(PaperError);
    expect(wrong.code).toBe('llm_failed');
    expect(wrong.message).toMatch(/GigaChat: ключ авторизации не принят \(401\)/);
    expect(wrong.message).not.toContain(Buffer.from('client-id:wrong').toString('base64'));
    const scope = await gigaWriter(s, { scope: 'GIGACHAT_API_CORP' })
      .complete(textCall('g-bad-scope'))
      .catch((e) => e);
    expect(scope.message).toMatch(/токен доступа не выдан \(400\): ключ выпущен для другой области доступа/);
    expect(s.oauth.map((o) => o.status)).toEqual([401, 400]); // neither retried
    expect(s.llm.log).toEqual([]);
  });

  it('backs off on 429 when an individual asks for more than one stream', async () => {
    const s = await gigachat({ quotaRetryAfterSec: 0, tokensPerSecond: 3000 });
    const writer = gigaWriter(s, { concurrency: 3, maxRetries: 10, retryMaxMs: 300 });
    await Promise.all([0, 1, 2].map((i) => writer.complete(textCall(`g-q${i}`, 600))));
    expect(s.llm.quotaRefusals).toBeGreaterThan(0);
    expect(s.llm.maxInFlight).toBe(1);
    expect(s.llm.completedByKey().size).toBe(3);
    expect(s.oauth).toHaveLength(1); // three calls at once shared one token request
  });

  it('trusts the configured root certificate over TLS, and nothing else', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gigachat-ca-'));
    closers.push(async () => rmSync(dir, { recursive: true, force: true }));
    const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    // A root CA of our own (as the Russian root is to Node) and a server certificate it signs.
    ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Test Root CA');
    ssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
    const ext = path.join(dir, 'san.ext');
    execFileSync('sh', ['-c', `printf 'subjectAltName=IP:127.0.0.1\\n' > ${ext}`]);
    ssl(
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'server.pem',
      '-days',
      '2',
      '-extfile',
      ext,
    );
    const read = (f: string) => readFileSync(path.join(dir, f), 'utf8');
    const s = await gigachat({ tls: { key: read('server.key'), cert: read('server.pem') } });
    expect(s.url).toMatch(/^https:/);

    const reply = await gigaWriter(s, { ca: read('ca.pem') }).complete(textCall('g-tls', 300));
    expect(reply.text.length).toBeGreaterThan(300);

    const untrusted = await gigaWriter(s, { maxRetries: 0 })
      .complete(textCall('g-untrusted', 300))
      .catch((e) => e);
    expect(untrusted).toBeInstanceOf(PaperError);
    expect(untrusted.message).toMatch(/недоступна/);
    expect(s.oauth).toHaveLength(1); // the untrusted client never got as far as asking
  });
});

describe('a writer per tariff', () => {
  it('sends each tariff to its provider and model, and prices it', async () => {
    const y = await yandex();
    const g = await gigachat();
    const writer = createTariffWriter(
      {
        basic: {
          provider: { kind: 'yandex', baseURL: y.url, folderId: FOLDER, apiKey: YANDEX_KEY },
          model: 'yandexgpt-lite/latest',
          price: { inputRubPerMillion: 200, outputRubPerMillion: 200 },
        },
        professional: {
          provider: { kind: 'gigachat', baseURL: g.url, oauthUrl: g.oauthUrl, authKey: GIGA_KEY, scope: 'GIGACHAT_API_PERS' },
          model: 'GigaChat-2-Max',
          price: { inputRubPerMillion: 1950, outputRubPerMillion: 1950 },
        },
      },
      fast,
    );
    const basic = await writer.complete(textCall('t-basic', 500));
    const pro = await writer.complete({ ...textCall('t-pro', 500), tariff: 'professional' });
    expect(basic.model).toBe(`gpt://${FOLDER}/yandexgpt-lite/latest`);
    expect(pro.model).toBe('GigaChat-2-Max');
    expect(y.log.map((e) => e.key)).toEqual(['t-basic']);
    expect(g.llm.log.map((e) => e.key)).toEqual(['t-pro']);
    expect(basic.costRub).toBeCloseTo(((basic.promptTokens + basic.completionTokens) * 200) / 1e6, 10);
    expect(pro.costRub).toBeCloseTo(((pro.promptTokens + pro.completionTokens) * 1950) / 1e6, 10);
    expect(writer.stats.attempts).toBe(2);
  });
});
