/**
 * A local OpenAI-compatible chat completions server for tests and the benchmark. It checks what a
 * real endpoint checks (auth, model, messages, response_format), streams Server-Sent Events at a
 * configurable token rate after a first-token latency, reports usage, and logs every call with
 * the engine's call key (x-paper-call header) so tests can count calls at the server. Its own
 * answers are crude; `answer` changes or replaces them (dev/misbehaving-llm.ts: simulated models).
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { figureOf } from '../src/text/tables.ts';
import { crudeDefenceJson } from './defence-llm.ts';
import { capital, freshSentence, pick, random, TEMPLATES, type Rnd } from './prose.ts';

/** The ways a real server's answer goes wrong with status 200 (src/writer/answers.ts names each). */
export const MALFORMED = [
  'empty body',
  'not JSON',
  'web page',
  'error object',
  'no choices',
  'empty choices',
  'no message',
  'null content',
  'number content',
  'cut short',
  'length',
  'refusal',
  'content filter',
  'bad event',
] as const;
export type Malformed = (typeof MALFORMED)[number];

export type Behaviour =
  | { status: number; retryAfterSec?: number }
  | { hang: true }
  | { cutAfterChars: number }
  | { malformed: Malformed }
  /** A stream asked for, a whole JSON answer sent (a server that ignores `stream`). */
  | { whole: true };

const ERROR_OBJECT = {
  error: {
    message: 'The server had an error while processing your request. Sorry about that!',
    type: 'server_error',
    param: null,
    code: null,
  },
};
const REFUSAL_EN = "I'm sorry, but I can't help with that request.";

/** Answers a request with one malformed shape, as a whole body or as an event stream. */
function sendMalformed(
  res: http.ServerResponse,
  shape: Malformed,
  at: { stream: boolean; text: string; model: string; filterReason: string },
): void {
  const half = at.text.slice(0, Math.ceil(at.text.length / 2));
  const base = { id: 'chatcmpl-bad', created: 0, model: at.model };
  const send = (type: string, body: string) => {
    res.writeHead(200, { 'content-type': type });
    res.end(body);
  };
  if (shape === 'web page' || (shape === 'not JSON' && at.stream)) {
    // Not what was asked for: a maintenance page of a proxy, or its plain-text complaint.
    return shape === 'web page'
      ? send(
          'text/html; charset=utf-8',
          '<!DOCTYPE html><html><head><title>Maintenance</title></head><body><h1>We will be back soon</h1></body></html>',
        )
      : send('text/plain', 'upstream connect error or disconnect/reset before headers. reset reason: connection termination');
  }
  if (!at.stream) {
    const whole = (choices: unknown) => send('application/json', JSON.stringify({ ...base, object: 'chat.completion', choices }));
    const message = (m: Record<string, unknown>, finish = 'stop') =>
      whole([{ index: 0, message: { role: 'assistant', ...m }, finish_reason: finish }]);
    const complete = JSON.stringify({
      ...base,
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: at.text }, finish_reason: 'stop' }],
    });
    const answers: Record<Malformed, () => void> = {
      'empty body': () => send('application/json', ''),
      'not JSON': () =>
        send('application/json', 'upstream connect error or disconnect/reset before headers. reset reason: connection termination'),
      'web page': () => undefined,
      'error object': () => send('application/json', JSON.stringify(ERROR_OBJECT)),
      'no choices': () =>
        send('application/json', JSON.stringify({ ...base, object: 'chat.completion', usage: { prompt_tokens: 1, completion_tokens: 0 } })),
      'empty choices': () => whole([]),
      'no message': () => whole([{ index: 0, finish_reason: 'stop' }]),
      'null content': () => message({ content: null }),
      'number content': () => message({ content: 42 }),
      'cut short': () => send('application/json', complete.slice(0, Math.floor(complete.length / 2))),
      length: () => message({ content: half }, 'length'),
      refusal: () => message({ content: null, refusal: REFUSAL_EN }),
      'content filter': () => message({ content: '' }, at.filterReason),
      'bad event': () => send('application/json', complete.slice(0, 40)),
    };
    return answers[shape]();
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const event = (data: unknown) => res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  const chunk = (choice: Record<string, unknown>) =>
    event({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, ...choice }] });
  const deltas = (text: string) => {
    for (let i = 0; i < text.length; i += 200) chunk({ delta: { content: text.slice(i, i + 200) }, finish_reason: null });
  };
  const streams: Record<Malformed, () => void> = {
    'empty body': () => undefined,
    'not JSON': () => undefined,
    'web page': () => undefined,
    'error object': () => {
      deltas(half);
      event(ERROR_OBJECT);
    },
    'no choices': () => event({ ...base, object: 'chat.completion.chunk' }),
    'empty choices': () => event({ ...base, object: 'chat.completion.chunk', choices: [] }),
    'no message': () => {
      chunk({ finish_reason: null });
      chunk({ finish_reason: 'stop' });
    },
    'null content': () => {
      chunk({ delta: { role: 'assistant', content: null }, finish_reason: null });
      chunk({ delta: {}, finish_reason: 'stop' });
    },
    'number content': () => chunk({ delta: { content: 42 }, finish_reason: null }),
    'cut short': () => deltas(half), // and the server closes the stream cleanly, with no finish
    length: () => {
      deltas(half);
      chunk({ delta: {}, finish_reason: 'length' });
    },
    refusal: () => {
      chunk({ delta: { role: 'assistant', content: null, refusal: REFUSAL_EN }, finish_reason: null });
      chunk({ delta: {}, finish_reason: 'stop' });
    },
    'content filter': () => {
      deltas(half.slice(0, 100));
      chunk({ delta: {}, finish_reason: at.filterReason });
    },
    'bad event': () => {
      deltas(half.slice(0, 100));
      event('{"id":"chatcmpl-bad","choices":[{"index":0,"delta":{"content":"Нача');
    },
  };
  streams[shape]();
  // An empty, cut or broken stream has no end marker either.
  res.end(['empty body', 'cut short', 'bad event'].includes(shape) ? '' : 'data: [DONE]\n\n');
}

export interface FakeRequest {
  key: string;
  body: Record<string, unknown> & { messages: { role: string; content: string }[] };
  kind: 'stream' | 'json';
  /** 1 for the first request with this key, 2 for its retry, ... */
  attempt: number;
  /** The messages' contents joined by newlines. */
  prompt: string;
  /** The JSON schema's name of a structured-output call. */
  schema?: string;
}

export interface CallLog {
  key: string;
  kind: 'stream' | 'json';
  attempt: number;
  status: number;
  startedAt: number;
  firstTokenAt?: number;
  finishedAt?: number;
  promptTokens: number;
  completionTokens: number;
  /** The whole answer was sent. */
  completed: boolean;
}

export interface FakeLlmOptions {
  apiKey?: string;
  /** Tokens per second per stream (default: as fast as possible). */
  tokensPerSecond?: number;
  /** Delay before the first token (default 0). */
  firstTokenMs?: number;
  /** Characters per token of the simulated tokenizer (default 3). */
  charsPerToken?: number;
  behave?: (req: FakeRequest) => Behaviour | undefined;
  /** The answer's text for a request: `text` is this server's own answer, to be changed or replaced. */
  answer?: (req: FakeRequest, text: string) => string;
  /** A provider's own check of the credentials (replaces the apiKey check): a refusal, or nothing to let it pass. */
  authorize?: (headers: http.IncomingHttpHeaders, body: FakeRequest['body']) => { status: number; message: string } | undefined;
  /** A provider's concurrency quota: a request beyond this many answers in flight gets 429 with Retry-After. */
  maxConcurrent?: number;
  /** Retry-After (seconds) of those 429s (default 1). */
  quotaRetryAfterSec?: number;
  /** Structured output by response_format (default, OpenAI) or by a forced function call, with
   * response_format refused (GigaChat). */
  structured?: 'response_format' | 'functions';
  /** Usage in a stream's last chunk when asked by stream_options (default, OpenAI) or always (GigaChat). */
  streamUsage?: 'stream_options' | 'always';
  /** Serve https with this key and certificate. */
  tls?: { key: string; cert: string };
}

/**
 * Crude text of about the length the prompt asks for: sentences of a small grammar of the field,
 * each repeating as few 5-grams as it can of what this server wrote before (the engine drops what
 * repeats), a citation in every paragraph; and, with passages, what a careless model adds.
 */
function generateText(prompt: string, key: string, written: Set<string>): string {
  const target = Number(/около (\d+) знаков/.exec(prompt)?.[1] ?? 1500);
  // Passages of a paper's prompt ([p17]) or fragments of a defence prompt ([f12]).
  const ids = [...new Set([...prompt.matchAll(/^\[([pf]\d+)\]/gm)].map((m) => m[1]))];
  const r = random(`${key}:${written.size}`);
  const make = (x: Rnd) => capital(pick(x, TEMPLATES)(x));
  const paragraphs: string[] = [];
  let total = 0;
  let cite = 0;
  while (total < target) {
    const sentences: string[] = [];
    for (let i = 0; i < 5; i++) {
      let s = freshSentence(r, make, written, sentences[sentences.length - 1] ?? '');
      if (ids.length && i === 2) s = s.replace(/\.$/, ` [[${ids[cite++ % ids.length]}]].`);
      sentences.push(s);
    }
    paragraphs.push(sentences.join(' '));
    total += paragraphs[paragraphs.length - 1].length + 2;
  }
  // Asked for a table (TABLE_INSTRUCTION): the figures of its passages, a row each, the passage cited.
  if (/сведи их в одну таблицу/.test(prompt)) {
    const rows = [...prompt.matchAll(/^\[(p\d+)\] .*\n(.*)$/gm)].flatMap(([, id, text]) =>
      text
        .split(/(?<=[.!?])\s+/)
        .filter((s) => figureOf(s) && !s.includes('|'))
        .map((s) => `| ${s.replace(/[.!?]$/, '')} | ${figureOf(s)} | [[${id}]] |`),
    );
    if (rows.length >= 2) {
      paragraphs[0] += ' Данные источников сведены в таблице ниже.';
      paragraphs.splice(
        1,
        0,
        ['Таблица: Данные источников', '| Положение | Значение | Источник |', '|---|---|---|', ...rows.slice(0, 5)].join('\n'),
      );
    }
  }
  if (ids.length) {
    // What a careless model does: a made-up source, a numeric reference and markdown.
    paragraphs.push('Кроме того, **важно** учитывать выводы других авторов [[S99]], [[p9999]] и данные отраслевых обзоров [7].');
  }
  return paragraphs.join('\n\n');
}

function planJson(prompt: string): string {
  const topic = /на тему «([^»]+)»/.exec(prompt)?.[1] ?? 'тема';
  return JSON.stringify({
    keywords: ['управление', 'анализ', 'эффективность', 'развитие', 'методология'],
    chapters: [
      {
        title: 'Теоретические основы исследования проблемы',
        subsections: [
          'Понятие и сущность исследуемого явления',
          'Подходы к изучению проблемы в научной литературе',
          'Нормативная основа регулирования',
        ],
      },
      {
        title: 'Анализ современного состояния объекта',
        subsections: ['Характеристика объекта исследования', 'Оценка текущего состояния и динамики', 'Выявленные проблемы и их причины'],
      },
      {
        title: 'Пути совершенствования и их оценка',
        subsections: [
          'Обоснование направлений совершенствования',
          'Рекомендации по реализации предложений',
          'Оценка ожидаемой эффективности мер',
        ],
      },
    ],
    goal: 'разработка обоснованных предложений по совершенствованию практики на основе анализа',
    tasks: [
      'изучить теоретические основы проблемы',
      'проанализировать подходы в литературе',
      'оценить современное состояние объекта',
      'выявить основные проблемы',
      'предложить меры и оценить их эффективность',
    ],
    object: 'процессы, составляющие содержание темы',
    subject: 'закономерности и факторы развития объекта',
    methods: ['анализ', 'синтез', 'сравнение', 'обобщение'],
    searchQueries: [topic, 'management analysis'],
  });
}

/** The judge of cited claims: every other claim unsupported, and rewritten without its citation. */
function verdictsJson(prompt: string): string {
  const claims = [...prompt.matchAll(/^Утверждение (\d+): (.*)$/gm)];
  return JSON.stringify({
    verdicts: claims.map((m) => {
      const n = Number(m[1]);
      return n % 2 === 1 ? { n, supported: true, rewrite: '' } : { n, supported: false, rewrite: m[2] };
    }),
  });
}

/** The glossary: nothing translated (a crude model: foreign passages are matched by their own words). */
const glossaryJson = () => JSON.stringify({ terms: [] });

/** Repairs: each point told as its fragment's first sentence, citing it. */
function repairsJson(prompt: string): string {
  const points = [...prompt.matchAll(/^Пункт (\d+)\.[\s\S]*?^Фрагмент \[(p\d+)\][^\n]*\n(.*)$/gm)];
  return JSON.stringify({
    repairs: points.map(([, n, id, text]) => ({
      n: Number(n),
      sentence: `Согласно источнику, ${text.split(/(?<=[.!?])\s/)[0].replace(/[.!?]$/, '')} [[${id}]].`,
    })),
  });
}

function reviewJson(prompt: string): string {
  const subs = [...prompt.matchAll(/^### (\d+\.\d+) /gm)].map((m) => m[1]);
  return JSON.stringify({ remarks: subs.map((s) => ({ subsection: s, remark: 'Усилить аргументацию и добавить промежуточный вывод.' })) });
}

export async function startFakeLlm(options: FakeLlmOptions = {}) {
  const log: CallLog[] = [];
  /** The 5-grams this server has written. */
  const written = new Set<string>();
  const attempts = new Map<string, number>();
  const cpt = options.charsPerToken ?? 3;
  const rate = options.tokensPerSecond ?? Infinity;
  const firstMs = options.firstTokenMs ?? 0;
  let inFlight = 0;
  let quotaRefusals = 0;
  const refused: { status: number; message: string; at: number }[] = [];
  let maxInFlight = 0;
  const sockets = new Set<import('node:net').Socket>();

  const handler = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const fail = (status: number, message: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify({ error: { message, type: 'invalid_request_error' } }));
    };
    if (req.method !== 'POST' || !/\/chat\/completions$/.test(req.url ?? '')) return fail(404, 'not found');
    if (!options.authorize && options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) return fail(401, 'bad key');
    let body: FakeRequest['body'];
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return fail(400, 'bad json');
    }
    const refusal = options.authorize?.(req.headers, body);
    if (refusal) {
      refused.push({ status: refusal.status, message: refusal.message, at: Date.now() });
      return fail(refusal.status, refusal.message);
    }
    if (typeof body.model !== 'string' || !Array.isArray(body.messages) || !body.messages.length)
      return fail(400, 'model and messages are required');
    const stream = body.stream === true;
    const format = body.response_format as
      { type?: string; json_schema?: { name?: string; strict?: boolean; schema?: { type?: string } } } | undefined;
    const functions = body.functions as { name?: string; parameters?: { type?: string } }[] | undefined;
    const forced = (body.function_call as { name?: string } | undefined)?.name;
    const byFunction = options.structured === 'functions';
    if (byFunction && format) return fail(422, 'response_format is not supported');
    if (byFunction && forced && !functions?.some((f) => f.name === forced && f.parameters?.type === 'object'))
      return fail(422, 'function_call names a function missing from functions');
    const structured = byFunction ? Boolean(forced) : Boolean(format);
    if (!stream && !structured) return fail(400, 'this server answers text only as a stream');
    if (format && format.type === 'json_schema' && (format.json_schema?.schema?.type !== 'object' || !format.json_schema?.name))
      return fail(400, 'bad json_schema');
    const usageAsked = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
    if (stream && options.streamUsage !== 'always' && !usageAsked) return fail(400, 'include_usage expected');
    if (options.maxConcurrent !== undefined && inFlight >= options.maxConcurrent) {
      quotaRefusals++;
      return fail(429, 'too many concurrent requests', { 'retry-after': String(options.quotaRetryAfterSec ?? 1) });
    }

    const key = String(req.headers['x-paper-call'] ?? '');
    const attempt = (attempts.get(key) ?? 0) + 1;
    attempts.set(key, attempt);
    const prompt = body.messages.map((m) => m.content).join('\n');
    const entry: CallLog = {
      key,
      kind: stream ? 'stream' : 'json',
      attempt,
      status: 200,
      startedAt: Date.now(),
      promptTokens: Math.ceil(prompt.length / cpt),
      completionTokens: 0,
      completed: false,
    };
    log.push(entry);
    const schemaName = byFunction ? forced : format?.json_schema?.name;
    const request: FakeRequest = { key, body, kind: entry.kind, attempt, prompt, schema: schemaName };
    const behaviour = options.behave?.(request);
    if (behaviour && 'status' in behaviour) {
      entry.status = behaviour.status;
      entry.finishedAt = Date.now();
      return fail(
        behaviour.status,
        `simulated ${behaviour.status}`,
        behaviour.retryAfterSec !== undefined ? { 'retry-after': String(behaviour.retryAfterSec) } : {},
      );
    }
    if (behaviour && 'hang' in behaviour) return; // never answers; the client must time out

    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    const own = stream
      ? generateText(prompt, key, written)
      : schemaName?.startsWith('defence_')
        ? crudeDefenceJson(schemaName, prompt)
        : schemaName === 'claim_verdicts' || /Утверждение 1:/.test(prompt)
          ? verdictsJson(prompt)
          : schemaName === 'term_glossary'
            ? glossaryJson()
            : schemaName === 'statement_repairs'
              ? repairsJson(prompt)
              : schemaName === 'chapter_review' || /Отрецензируй/.test(prompt)
                ? reviewJson(prompt)
                : planJson(prompt);
    const text = options.answer ? options.answer(request, own) : own;
    if (behaviour && 'malformed' in behaviour) {
      entry.finishedAt = Date.now();
      return sendMalformed(res, behaviour.malformed, {
        stream,
        text,
        model: body.model,
        filterReason: byFunction ? 'blacklist' : 'content_filter',
      });
    }
    const tokens: string[] = [];
    for (let i = 0; i < text.length; i += cpt) tokens.push(text.slice(i, i + cpt));
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await wait(firstMs);
    entry.firstTokenAt = Date.now();
    const id = `chatcmpl-${log.length}`;
    const usage = { prompt_tokens: entry.promptTokens, completion_tokens: tokens.length, total_tokens: entry.promptTokens + tokens.length };

    if (!stream || (behaviour && 'whole' in behaviour)) {
      if (Number.isFinite(rate)) await wait((tokens.length / rate) * 1000);
      entry.completionTokens = tokens.length;
      let message: Record<string, unknown> = { role: 'assistant', content: text };
      if (forced) {
        // GigaChat: the arguments of the forced call as an object, the content empty.
        let args: unknown;
        try {
          args = JSON.parse(text);
        } catch {
          args = { text };
        }
        message = { role: 'assistant', content: '', function_call: { name: forced, arguments: args } };
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created: 0,
          model: body.model,
          choices: [{ index: 0, message, finish_reason: forced ? 'function_call' : 'stop' }],
          usage,
        }),
      );
      entry.finishedAt = Date.now();
      entry.completed = true;
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (obj: unknown) => res.write(`data: ${JSON.stringify(obj)}\n\n`);
    const cut = behaviour && 'cutAfterChars' in behaviour ? behaviour.cutAfterChars : Infinity;
    const tick = 50;
    const perTick = Number.isFinite(rate) ? Math.max(1, Math.round((rate * tick) / 1000)) : tokens.length;
    let sentChars = 0;
    for (let i = 0; i < tokens.length; i += perTick) {
      if (res.destroyed) return;
      const piece = tokens.slice(i, i + perTick).join('');
      send({
        id,
        object: 'chat.completion.chunk',
        created: 0,
        model: body.model,
        choices: [{ index: 0, delta: { content: piece }, finish_reason: null }],
      });
      entry.completionTokens += Math.min(perTick, tokens.length - i);
      sentChars += piece.length;
      if (sentChars >= cut) {
        res.destroy(); // a connection dropped in the middle of the answer
        return;
      }
      if (Number.isFinite(rate)) await wait(tick);
    }
    if (options.streamUsage === 'always') {
      // GigaChat: the last chunk carries the finish reason and the usage.
      send({
        id,
        object: 'chat.completion',
        created: 0,
        model: body.model,
        choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
        usage,
      });
    } else {
      send({
        id,
        object: 'chat.completion.chunk',
        created: 0,
        model: body.model,
        choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
      });
      if (usageAsked) send({ id, object: 'chat.completion.chunk', created: 0, model: body.model, choices: [], usage });
    }
    res.end('data: [DONE]\n\n');
    entry.finishedAt = Date.now();
    entry.completed = true;
  };
  const server = options.tls ? https.createServer(options.tls, handler) : http.createServer(handler);
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}/v1`,
    log,
    /** Requests refused by `authorize`. */
    refused,
    /** Requests refused with 429 by the concurrency quota. */
    get quotaRefusals() {
      return quotaRefusals;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    /** Completed answers per call key. */
    completedByKey(): Map<string, number> {
      const m = new Map<string, number>();
      for (const e of log) if (e.completed) m.set(e.key, (m.get(e.key) ?? 0) + 1);
      return m;
    },
    close(): Promise<void> {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeLlm = Awaited<ReturnType<typeof startFakeLlm>>;
