/**
 * Every malformed answer a model's server sends with status 200, served by the local stand-ins of
 * an OpenAI-compatible server, YandexGPT and GigaChat: each is retried, and when it persists the
 * user reads its Russian name, with no English word in it (the server's own text is kept in the
 * error's cause, for support). A whole-answer JSON step in the wrong structure (the outline) too.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MALFORMED, startFakeLlm, type Behaviour, type FakeLlm, type FakeLlmOptions, type Malformed } from '../dev/fake-llm.ts';
import { ATTACHED, CATALOGUE, TOPIC } from '../dev/fixtures.ts';
import { startGigaChatStandIn } from '../dev/gigachat-stand-in.ts';
import { startYandexStandIn } from '../dev/yandex-stand-in.ts';
import {
  createGigaChatWriter,
  createLlmWriter,
  createLocalSearch,
  createMemoryCheckpoints,
  createPdfConverterPool,
  createYandexWriter,
  generatePaper,
  PaperError,
} from '../src/index.ts';
import type { Writer, WriterCall } from '../src/index.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

const fast = { retryBaseMs: 5, retryMaxMs: 20, maxRetries: 1 };
const models = { basic: 'model-basic', professional: 'model-pro' };
const FOLDER = 'b1gfolder0test';
const GIGA_KEY = Buffer.from('client-id:secret').toString('base64');

/** A provider's stand-in with the given behaviour, and a writer for it; `log` is the chat server's. */
type Provider = (o: FakeLlmOptions) => Promise<{ writer: Writer; llm: FakeLlm }>;
const PROVIDERS: Record<string, Provider> = {
  'OpenAI-compatible': async (o) => {
    const llm = await startFakeLlm({ apiKey: 'k', ...o });
    closers.push(() => llm.close());
    return { llm, writer: createLlmWriter({ baseURL: llm.url, apiKey: 'k', models, ...fast }) };
  },
  YandexGPT: async (o) => {
    const s = await startYandexStandIn({ folderId: FOLDER, apiKey: 'y-key', ...o });
    closers.push(() => s.close());
    return { llm: s, writer: createYandexWriter({ baseURL: s.url, folderId: FOLDER, apiKey: 'y-key', models, ...fast }) };
  },
  GigaChat: async (o) => {
    const s = await startGigaChatStandIn({ authKey: GIGA_KEY, scope: 'GIGACHAT_API_CORP', ...o });
    closers.push(() => s.close());
    const writer = createGigaChatWriter({
      baseURL: s.url,
      oauthUrl: s.oauthUrl,
      authKey: GIGA_KEY,
      scope: 'GIGACHAT_API_CORP',
      models,
      ...fast,
    });
    return { llm: s.llm, writer };
  },
};

const textCall = (key: string): WriterCall => ({
  key,
  tariff: 'basic',
  task: {
    kind: 'introduction',
    outline: { topic: 't', title: 't', keywords: [], chapters: [], goal: '', tasks: [], object: '', subject: '', methods: [] },
    targetChars: 1200,
  },
  messages: [{ role: 'user', content: 'Напиши текст около 1200 знаков.' }],
  maxTokens: 2000,
});
const reviewSchema = z.object({ remarks: z.array(z.object({ subsection: z.string(), remark: z.string() })) });
const jsonCall = (key: string): WriterCall => ({
  ...textCall(key),
  messages: [{ role: 'user', content: 'Отрецензируй главу.\n### 1.1 Первый\nтекст' }],
  json: { name: 'chapter_review', schema: reviewSchema },
});

/** The Russian name each shape must be given, for a whole answer and for a stream. */
const NAMES: Record<Malformed, { json: RegExp; stream: RegExp }> = {
  'empty body': { json: /модель прислала пустой ответ/, stream: /модель прислала пустой ответ/ },
  'not JSON': { json: /ответ сервера модели повреждён и не читается/, stream: /ответ сервера модели повреждён и не читается/ },
  'web page': { json: /веб-страницу вместо ответа/, stream: /веб-страницу вместо ответа/ },
  'error object': { json: /сервер модели сообщил об ошибке вместо ответа/, stream: /сервер модели сообщил об ошибке вместо ответа/ },
  'no choices': { json: /в ответе сервера нет ответа модели/, stream: /в ответе сервера нет ответа модели/ },
  'empty choices': { json: /в ответе сервера нет ответа модели/, stream: /в ответе сервера нет ответа модели/ },
  'no message': { json: /в ответе сервера нет сообщения модели/, stream: /в ответе сервера нет сообщения модели/ },
  'null content': { json: /модель прислала пустой ответ/, stream: /модель прислала пустой ответ/ },
  'number content': { json: /ответ модели пришёл не текстом/, stream: /ответ модели пришёл не текстом/ },
  'cut short': { json: /ответ сервера модели повреждён и не читается/, stream: /ответ модели оборван на середине/ },
  length: { json: /оборван: исчерпана допустимая длина ответа/, stream: /оборван: исчерпана допустимая длина ответа/ },
  refusal: { json: /модель отказалась отвечать/, stream: /модель отказалась отвечать/ },
  'content filter': { json: /отказалась отвечать: сработал фильтр содержания/, stream: /отказалась отвечать: сработал фильтр содержания/ },
  'bad event': { json: /ответ сервера модели повреждён и не читается/, stream: /ответ сервера модели повреждён и не читается/ },
};

/** Latin words left in a message once the providers' own names are taken out. */
const englishIn = (message: string) => message.replace(/YandexGPT|GigaChat/g, '').match(/[A-Za-z]+/g) ?? [];

describe.each(Object.entries(PROVIDERS))('%s: every malformed answer is named in Russian', (_, provider) => {
  it.each(MALFORMED)('%s', async (shape) => {
    const { writer, llm } = await provider({ behave: (): Behaviour => ({ malformed: shape }) });
    for (const [kind, call] of [
      ['stream', textCall(`text-${shape}`)],
      ['json', jsonCall(`json-${shape}`)],
    ] as const) {
      const error = await writer.complete(call).catch((e: unknown) => e);
      expect(error, `${kind}: ${String(error)}`).toBeInstanceOf(PaperError);
      const { code, message, cause } = error as PaperError;
      expect(code).toBe('llm_failed');
      expect(message, kind).toMatch(NAMES[shape][kind]);
      expect(message).toMatch(/\(попыток: 2\)/);
      expect(englishIn(message), message).toEqual([]);
      // The technical detail stays for support, apart from what the user reads.
      expect(String((cause as Error | undefined)?.message ?? ''), kind).not.toBe('');
      expect(llm.log.filter((e) => e.key === call.key)).toHaveLength(2); // retried once
    }
  });
});

describe('a malformed answer once', () => {
  it.each(Object.entries(PROVIDERS))('%s: is retried, and the second answer is used', async (_, provider) => {
    const { writer, llm } = await provider({
      behave: (req): Behaviour | undefined => (req.attempt === 1 ? { malformed: MALFORMED[req.key.length % MALFORMED.length] } : undefined),
    });
    const text = await writer.complete(textCall('once-text'));
    expect(text.text.length).toBeGreaterThan(1000);
    const json = await writer.complete(jsonCall('once-json-1'));
    expect(reviewSchema.parse(JSON.parse(json.text)).remarks).toHaveLength(1);
    expect(llm.log.map((e) => e.attempt)).toEqual([1, 2, 1, 2]);
  });

  it('a server that ignores `stream` and answers whole is read as a whole answer', async () => {
    const { writer } = await PROVIDERS['OpenAI-compatible']({ behave: () => ({ whole: true }) });
    const deltas: string[] = [];
    const reply = await writer.complete({ ...textCall('whole'), onDelta: (d) => deltas.push(d) });
    expect(reply.text.length).toBeGreaterThan(1000);
    expect(deltas).toEqual([reply.text]);
  });
});

describe('a stream still coming at the time limit', () => {
  it('is a timeout, never a short answer taken as whole', async () => {
    const llm = await startFakeLlm({ apiKey: 'k', tokensPerSecond: 40 });
    closers.push(() => llm.close());
    const writer = createLlmWriter({ baseURL: llm.url, apiKey: 'k', models, ...fast, timeoutMs: 400 });
    const deltas: string[] = [];
    const error = (await writer.complete({ ...textCall('slow'), onDelta: (d) => deltas.push(d) }).catch((e: unknown) => e)) as PaperError;
    expect(deltas.length).toBeGreaterThan(0); // it was streaming when the time ran out
    expect(error).toBeInstanceOf(PaperError);
    expect(error.code).toBe('llm_timeout');
    expect(error.message).toBe('Языковая модель не ответила вовремя (попыток: 2): нет ответа за 1 с');
  });
});

describe('errors of the servers themselves', () => {
  it('a refused request names its status only; the server’s English stays in the cause', async () => {
    const { writer } = await PROVIDERS['OpenAI-compatible']({ behave: () => ({ status: 400 }) });
    const error = (await writer.complete(textCall('bad-request')).catch((e: unknown) => e)) as PaperError;
    expect(error.message).toBe('Языковая модель отклонила запрос (400)');
    expect(String((error.cause as Error).message)).toMatch(/simulated 400/);
  });

  it('GigaChat: a token endpoint that answers a page with 200 is retried; a wrong scope is named in Russian', async () => {
    const s = await startGigaChatStandIn({ authKey: GIGA_KEY, scope: 'GIGACHAT_API_CORP', oauthGarbage: 1 });
    closers.push(() => s.close());
    const writer = (scope: 'GIGACHAT_API_CORP' | 'GIGACHAT_API_PERS') =>
      createGigaChatWriter({ baseURL: s.url, oauthUrl: s.oauthUrl, authKey: GIGA_KEY, scope, models, ...fast });
    const reply = await writer('GIGACHAT_API_CORP').complete(textCall('g-after-page'));
    expect(reply.text.length).toBeGreaterThan(1000);
    expect(s.oauth.map((o) => o.status)).toEqual([200, 200]);
    const scope = (await writer('GIGACHAT_API_PERS')
      .complete(textCall('g-scope'))
      .catch((e: unknown) => e)) as PaperError;
    expect(scope.message).toBe('Модель GigaChat: токен доступа не выдан (400): ключ выпущен для другой области доступа');
    expect(String((scope.cause as Error).message)).toMatch(/scope from db not fully includes consumed scope/);
  });
});

describe('a JSON step answered in the wrong structure', () => {
  const pool = createPdfConverterPool({ size: 1 });
  afterAll(() => pool.close());

  it('the outline: one repair told the field, then a Russian error', async () => {
    const llm = await startFakeLlm({
      apiKey: 'k',
      answer: (req, text) => (req.key.startsWith('outline') ? JSON.stringify({ plan: 'Глава 1. Введение в тему' }) : text),
    });
    closers.push(() => llm.close());
    const error = (await generatePaper(
      {
        topic: TOPIC,
        type: 'demo',
        tariff: 'basic',
        useFootnotes: true,
        separateBibliography: false,
        minPublicationYear: 2015,
        requiredVolume: 80,
        userStructure: null,
        attachedSources: ATTACHED,
      },
      {
        writer: createLlmWriter({ baseURL: llm.url, apiKey: 'k', models, ...fast }),
        search: createLocalSearch(CATALOGUE),
        checkpoints: createMemoryCheckpoints(),
        pdf: pool,
        onProgress: () => {},
      },
    ).catch((e: unknown) => e)) as PaperError;
    expect(error).toBeInstanceOf(PaperError);
    expect(error.message).toBe('Языковая модель вернула непригодный план работы: ответ не соответствует заданной структуре');
    expect(String((error.cause as Error).message)).toMatch(/keywords/);
    expect(llm.log.map((e) => e.key)).toEqual(['outline', 'outline:repair']);
  });
});
