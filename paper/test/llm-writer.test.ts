/**
 * The LLM writer against a local OpenAI-compatible server started here: streaming, structured
 * output, retries on 429/5xx and dropped streams, timeouts, the concurrency limit, a whole paper,
 * and a run killed in the middle that resumes without repeating a finished call.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { watch } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeLlm } from '../dev/fake-llm.ts';
import type { FakeLlm, FakeLlmOptions } from '../dev/fake-llm.ts';
import { ATTACHED, CATALOGUE, TOPIC } from '../dev/fixtures.ts';
import {
  createLlmWriter,
  createLocalSearch,
  createMemoryCheckpoints,
  createPdfConverterPool,
  generatePaper,
  PaperError,
} from '../src/index.ts';
import type { WriterCall } from '../src/index.ts';

let server: FakeLlm | null = null;
const start = async (o: FakeLlmOptions = {}) => (server = await startFakeLlm({ apiKey: 'test-key', ...o }));
afterEach(async () => {
  await server?.close();
  server = null;
});

const writerFor = (s: FakeLlm, extra: Partial<Parameters<typeof createLlmWriter>[0]> = {}) =>
  createLlmWriter({
    baseURL: s.url,
    apiKey: 'test-key',
    models: { basic: 'model-basic', professional: 'model-pro' },
    retryBaseMs: 10,
    retryMaxMs: 50,
    ...extra,
  });

const textCall = (key: string, chars = 3000): WriterCall => ({
  key,
  tariff: 'basic',
  task: {
    kind: 'introduction',
    outline: { topic: 't', title: 't', keywords: [], chapters: [], goal: '', tasks: [], object: '', subject: '', methods: [] },
    targetChars: chars,
  },
  messages: [{ role: 'user', content: `Напиши текст около ${chars} знаков.` }],
  maxTokens: 2000,
});

describe('LLM writer', () => {
  it('streams text and counts usage from the final chunk', async () => {
    const s = await start({ tokensPerSecond: 4000 });
    const deltas: string[] = [];
    const reply = await writerFor(s).complete({ ...textCall('stream-1'), onDelta: (d) => deltas.push(d) });
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(reply.text);
    expect(reply.text.length).toBeGreaterThanOrEqual(3000);
    expect(reply.completionTokens).toBe(Math.ceil(reply.text.length / 3));
    expect(reply.promptTokens).toBeGreaterThan(0);
    expect(reply.model).toBe('model-basic');
    expect(s.log).toMatchObject([{ key: 'stream-1', kind: 'stream', completed: true }]);
  });

  it('asks for structured output with a JSON schema made from zod', async () => {
    const s = await start();
    const schema = z.object({ remarks: z.array(z.object({ subsection: z.string(), remark: z.string() })) });
    const reply = await writerFor(s, { prices: { 'model-pro': { inputRubPerMillion: 100, outputRubPerMillion: 300 } } }).complete({
      ...textCall('json-1'),
      tariff: 'professional',
      messages: [{ role: 'user', content: 'Отрецензируй главу.\n### 1.1 Первый\nтекст\n### 1.2 Второй\nтекст' }],
      json: { name: 'chapter_review', schema },
    });
    expect(schema.parse(JSON.parse(reply.text)).remarks.map((r) => r.subsection)).toEqual(['1.1', '1.2']);
    expect(reply.model).toBe('model-pro');
    expect(reply.costRub).toBeCloseTo((reply.promptTokens * 100 + reply.completionTokens * 300) / 1e6, 10);
    expect(s.log[0]).toMatchObject({ kind: 'json', status: 200 });
  });

  it('retries 429 (honouring Retry-After), 5xx and a dropped stream, but not a 400', async () => {
    const s = await start({
      behave: (r) => {
        if (r.key === 'rate' && r.attempt <= 2) return { status: 429, retryAfterSec: 0 };
        if (r.key === 'server' && r.attempt === 1) return { status: 503 };
        if (r.key === 'cut' && r.attempt === 1) return { cutAfterChars: 500 };
        if (r.key === 'bad') return { status: 400 };
        return undefined;
      },
    });
    const writer = writerFor(s);
    for (const key of ['rate', 'server', 'cut']) expect((await writer.complete(textCall(key))).text.length).toBeGreaterThan(2000);
    const attempts = (key: string) => s.log.filter((e) => e.key === key).map((e) => e.status);
    expect(attempts('rate')).toEqual([429, 429, 200]);
    expect(attempts('server')).toEqual([503, 200]);
    expect(attempts('cut')).toEqual([200, 200]);
    expect(writer.stats.retries).toBe(4);
    const error = await writer.complete(textCall('bad')).catch((e) => e);
    expect(error).toBeInstanceOf(PaperError);
    expect(error.code).toBe('llm_failed');
    expect(error.message).toMatch(/отклонила запрос \(400\)/);
    expect(attempts('bad')).toEqual([400]);
  });

  it('gives up after the time limit of each attempt with a clear Russian error', async () => {
    const s = await start({ behave: () => ({ hang: true }) });
    const started = Date.now();
    const error = await writerFor(s, { timeoutMs: 300, maxRetries: 1 })
      .complete(textCall('slow'))
      .catch((e) => e);
    expect(error).toBeInstanceOf(PaperError);
    expect(error.code).toBe('llm_timeout');
    expect(error.message).toMatch(/не ответила вовремя/);
    expect(s.log.filter((e) => e.key === 'slow')).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('runs at most `concurrency` calls at once', async () => {
    const s = await start({ tokensPerSecond: 3000, firstTokenMs: 50 });
    const writer = writerFor(s, { concurrency: 2 });
    await Promise.all(Array.from({ length: 6 }, (_, i) => writer.complete(textCall(`c${i}`, 1500))));
    expect(s.log).toHaveLength(6);
    expect(s.maxInFlight).toBe(2);
  });
});

describe('a paper written by the LLM writer', () => {
  const pool = createPdfConverterPool({ size: 1 });
  afterAll(() => pool.close());

  it('writes a professional demo from the sources it was given only', async () => {
    const s = await start();
    const result = await generatePaper(
      {
        topic: TOPIC,
        type: 'demo',
        tariff: 'professional',
        useFootnotes: true,
        separateBibliography: false,
        minPublicationYear: 2015,
        requiredVolume: 80,
        userStructure: null,
        attachedSources: ATTACHED,
      },
      {
        writer: writerFor(s),
        search: createLocalSearch(CATALOGUE),
        checkpoints: createMemoryCheckpoints(),
        pdf: pool,
        onProgress: () => {},
        now: new Date('2025-03-01'),
      },
    );
    expect(result.normocontrol.issues).toEqual([]);
    expect(result.writer).toBe('llm');
    const keys = s.log.map((e) => e.key).sort();
    expect(keys).toEqual(
      expect.arrayContaining([
        'outline',
        'introduction',
        'section:1.1',
        'section:1.2',
        'section:1.3',
        'review:1',
        'revise:1.1',
        'verify:written:1.1',
        'verify:revised:1.1',
      ]),
    );
    expect(keys.filter((k) => k.startsWith('section:2'))).toEqual([]);
    // The server's usage is what the result reports.
    const completed = s.log.filter((e) => e.completed);
    expect(result.usage.calls).toBe(completed.length);
    expect(result.usage.completionTokens).toBe(completed.reduce((n, e) => n + e.completionTokens, 0));
    // The model's invented source, numeric reference and markdown do not reach the paper.
    const text = result.sections.map((x) => x.text).join('\n');
    expect(text).not.toMatch(/S99|\[\[|\*\*|\[7\]/);
    expect(result.normocontrol.stats.footnotes).toBeGreaterThan(0);
    // The judge found every other claim unsupported: each rewritten without its citation, and counted;
    // the claims it approved whose cited page does not hold their key terms go all the same.
    expect(result.citations.claims.rewritten).toBeGreaterThan(0);
    expect(result.citations.claims.checked).toBeGreaterThan(result.citations.claims.rewritten);
    expect(result.citations.claims.removed).toBeGreaterThan(0);
  });

  it('resumes a killed run without repeating a finished call (counted at the server)', async () => {
    const s = await start({ tokensPerSecond: 1500, firstTokenMs: 100 });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'paper-resume-'));
    const out = path.join(dir, 'paper');
    const ckpt = path.join(dir, 'checkpoints');
    await import('node:fs/promises').then((fs) => fs.mkdir(ckpt));
    const args = [
      'src/cli.ts',
      'generate',
      '--topic',
      TOPIC,
      '--type',
      'demo',
      '--out',
      out,
      '--checkpoints',
      ckpt,
      '--llm-base-url',
      s.url,
      '--llm-key',
      'test-key',
      '--model-basic',
      'm',
      '--concurrency',
      '2',
    ];
    const runCli = () => spawn(process.execPath, args, { cwd: path.resolve(import.meta.dirname, '..'), stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = (child: ReturnType<typeof runCli>) => new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const llmFiles = async () => (await readdir(ckpt)).filter((f) => f.startsWith('llm_') && f.endsWith('.json'));

    // Run 1: killed as soon as two calls are stored (the outline and one more), others still streaming.
    const first = runCli();
    const firstExit = exited(first);
    await new Promise<void>((resolve) => {
      const watcher = watch(ckpt, async () => {
        if ((await llmFiles()).length >= 2) {
          watcher.close();
          first.kill('SIGKILL');
          resolve();
        }
      });
    });
    await firstExit;
    const killedAt = Date.now();
    const stored = await llmFiles();
    const { readFile } = await import('node:fs/promises');
    const storedKeys = new Set(
      await Promise.all(
        stored.map(async (f) => (JSON.parse(await readFile(path.join(ckpt, f), 'utf8')) as { key: string }).key.replace(/^llm:/, '')),
      ),
    );
    const beforeKill = s.log.filter((e) => e.startedAt <= killedAt);
    expect(stored.length).toBeGreaterThanOrEqual(2);
    expect(beforeKill.length).toBeGreaterThan(stored.length - 1);

    // Run 2: finishes; no stored call is asked again.
    const second = runCli();
    let stderr = '';
    second.stderr!.on('data', (d) => (stderr += d));
    expect(await exited(second), stderr).toBe(0);
    const afterKill = s.log.filter((e) => e.startedAt > killedAt).map((e) => e.key);
    for (const key of storedKeys) expect(afterKill, key).not.toContain(key);
    expect(afterKill.length).toBeGreaterThan(0);
    // A stored call was answered once; a call the kill caught (answered, not yet stored) at most twice.
    const completed = s.completedByKey();
    for (const [key, n] of completed) expect(n, key).toBe(storedKeys.has(key) ? 1 : n <= 2 ? n : 1);
    expect(new Set([...storedKeys, ...afterKill])).toEqual(new Set(completed.keys()));
    await rm(dir, { recursive: true, force: true });
  });
});
