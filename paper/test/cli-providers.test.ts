/**
 * The command line with YandexGPT and GigaChat: a demo written through each one's local stand-in
 * (which checks the credentials, the folder, GigaChat's OAuth and certificate chain), flags with the
 * api's environment variables as fallbacks, and bad flags refused in Russian before anything is
 * asked or written.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGigaChatStandIn } from '../dev/gigachat-stand-in.ts';
import { startYandexStandIn } from '../dev/yandex-stand-in.ts';
import { llmWriterOf } from '../src/writer/settings.ts';
import { PaperError, type WriterCall } from '../src/index.ts';

const cwd = path.resolve(import.meta.dirname, '..');
const FOLDER = 'b1gclifolder';
const YANDEX_KEY = 'AQVN-cli-secret';
const GIGA_KEY = Buffer.from('cli-client:giga-secret').toString('base64');
const TOPIC = ['--topic', 'Цифровая трансформация малого бизнеса в регионах России', '--type', 'demo'];
/** The environment of a run: none of the api's model variables of the machine running the tests. */
const cleanEnv = (extra: Record<string, string> = {}) => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(LLM_|YANDEX_|GIGACHAT_)/.test(k))),
  ...extra,
});

/** The CLI in a child process, without blocking this one (the stand-ins answer from here). */
function cli(args: string[], env: Record<string, string> = {}): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['src/cli.ts', 'generate', ...args], { cwd, env: cleanEnv(env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (status) => resolve({ status: status ?? 1, stdout, stderr }));
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'paper-cli-llm-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the CLI with YandexGPT', () => {
  it(
    'writes a demo through the stand-in: the folder by flag, the API key from YANDEX_API_KEY, the price counted',
    { timeout: 180_000 },
    async () => {
      const s = await startYandexStandIn({ folderId: FOLDER, apiKey: YANDEX_KEY });
      try {
        const out = path.join(dir, 'yandex');
        const r = await cli(
          [
            ...TOPIC,
            ...['--llm-provider', 'yandex', '--yandex-folder-id', FOLDER, '--yandex-base-url', s.url],
            ...['--model-basic', 'yandexgpt-lite/latest', '--llm-prices', 'yandexgpt-lite/latest=200/200', '--out', out],
          ],
          { YANDEX_API_KEY: YANDEX_KEY },
        );
        expect(r.status, r.stderr).toBe(0);
        expect(r.stdout).toContain('Нормоконтроль: нарушений нет');
        expect(r.stdout).toMatch(/Модель: вызовов \d+, токенов \d+ \+ \d+, стоимость \d+\.\d\d руб\./);
        expect(r.stdout + r.stderr).not.toContain(YANDEX_KEY);
        const meta = JSON.parse(await readFile(`${out}.json`, 'utf8'));
        expect(meta.writer).toBe('llm');
        expect(meta.usage.costRub).toBeGreaterThan(0);
        expect(s.log.length).toBeGreaterThan(5);
        expect(s.log.every((c) => c.status === 200 || c.status === 429)).toBe(true);
      } finally {
        await s.close();
      }
    },
  );

  it('takes the flag over the environment: an API key by flag is not joined by the IAM token of the environment', async () => {
    const s = await startYandexStandIn({ folderId: FOLDER, apiKey: YANDEX_KEY });
    try {
      const writer = llmWriterOf({
        flags: { 'llm-provider': 'yandex', 'llm-key': YANDEX_KEY, 'yandex-base-url': s.url },
        env: { YANDEX_FOLDER_ID: FOLDER, YANDEX_IAM_TOKEN: 't1.iam-of-the-environment' },
        tariff: 'basic',
      })!;
      const call: WriterCall = {
        key: 'cli-one',
        tariff: 'basic',
        task: { kind: 'verify', claims: [] },
        messages: [{ role: 'user', content: 'Напиши текст около 300 знаков.' }],
        maxTokens: 500,
      };
      const reply = await writer.complete(call);
      expect(reply.model).toBe(`gpt://${FOLDER}/yandexgpt-lite/latest`);
      expect(reply.text.length).toBeGreaterThan(100);
    } finally {
      await s.close();
    }
  });
});

describe('the CLI with GigaChat', () => {
  it('writes a demo through the stand-in over TLS, trusting the root certificate of --gigachat-ca', { timeout: 180_000 }, async () => {
    const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Test Root CA');
    ssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
    await writeFile(path.join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1\n');
    ssl(
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-out',
      'server.pem',
      '-days',
      '2',
      '-extfile',
      'san.ext',
    );
    const read = (f: string) => readFile(path.join(dir, f), 'utf8');
    const s = await startGigaChatStandIn({
      authKey: GIGA_KEY,
      scope: 'GIGACHAT_API_B2B',
      tls: { key: await read('server.key'), cert: await read('server.pem') },
    });
    try {
      const out = path.join(dir, 'gigachat');
      const flags = [
        ...['--llm-provider', 'gigachat', '--gigachat-scope', 'GIGACHAT_API_B2B'],
        ...['--gigachat-oauth-url', s.oauthUrl, '--gigachat-base-url', s.url, '--out', out],
      ];
      // Node does not trust this root: only the certificate given by --gigachat-ca lets the run through.
      const r = await cli([...TOPIC, ...flags, '--gigachat-ca', path.join(dir, 'ca.pem')], { GIGACHAT_AUTH_KEY: GIGA_KEY });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('Нормоконтроль: нарушений нет');
      expect(r.stdout).toMatch(/Модель: вызовов \d+/);
      expect(r.stdout + r.stderr).not.toContain(GIGA_KEY);
      expect(s.oauth.map((o) => [o.status, o.scope])).toContainEqual([200, 'GIGACHAT_API_B2B']);
      expect(JSON.parse(await readFile(`${out}.json`, 'utf8')).writer).toBe('llm');
    } finally {
      await s.close();
    }
  });
});

describe('bad model flags are refused in Russian', () => {
  /** Flags as the CLI gives them (`--name value` pairs), the environment, the error expected. */
  const cases: [string[], Record<string, string>, RegExp][] = [
    [['--llm-provider', 'mistral'], {}, /--llm-provider: допустимы openai, yandex, gigachat, а не «mistral»/],
    [['--llm-provider', 'openai'], {}, /укажите --llm-base-url \(или LLM_BASE_URL\)/],
    [['--llm-base-url', 'ftp://x'], {}, /--llm-base-url: ожидается адрес http\(s\)/],
    [['--llm-provider', 'yandex', '--llm-key', 'k'], {}, /Для YandexGPT укажите каталог: --yandex-folder-id/],
    [['--llm-provider', 'yandex', '--yandex-folder-id', 'f'], {}, /одно из двух: API-ключ --llm-key/],
    [['--llm-provider', 'yandex', '--yandex-folder-id', 'f'], { YANDEX_API_KEY: 'a', YANDEX_IAM_TOKEN: 'b' }, /одно из двух/],
    [
      ['--llm-provider', 'yandex', '--yandex-folder-id', 'f', '--llm-key', 'k', '--gigachat-scope', 'GIGACHAT_API_B2B'],
      {},
      /--gigachat-scope относится к провайдеру gigachat, а выбран yandex/,
    ],
    [['--llm-provider', 'gigachat'], {}, /Для GigaChat укажите ключ авторизации: --gigachat-auth-key/],
    [['--llm-provider', 'gigachat', '--llm-key', 'secret-key'], {}, /задаётся флагом --gigachat-auth-key, а не --llm-key/],
    [
      ['--llm-provider', 'gigachat', '--gigachat-scope', 'ALL'],
      { GIGACHAT_AUTH_KEY: 'k' },
      /--gigachat-scope: допустимы GIGACHAT_API_PERS/,
    ],
    [
      ['--llm-provider', 'gigachat', '--gigachat-ca', '/nonexistent/ca.pem'],
      { GIGACHAT_AUTH_KEY: 'k' },
      /--gigachat-ca: не удалось прочитать файл/,
    ],
    [['--llm-provider', 'gigachat', '--gigachat-ca', 'package.json'], { GIGACHAT_AUTH_KEY: 'k' }, /не сертификат в формате PEM/],
    [['--llm-base-url', 'http://127.0.0.1:9', '--concurrency', '0'], {}, /--concurrency: ожидается целое положительное число/],
    [['--llm-base-url', 'http://127.0.0.1:9', '--llm-prices', 'gpt=дорого'], {}, /--llm-prices: ожидается «модель=вход\/выход;…»/],
    [['--yandex-folder-id', 'f'], {}, /--yandex-folder-id задан, но модель не выбрана/],
    [[], { LLM_PROVIDER_BASIC: 'yandex' }, /Для YandexGPT укажите каталог/],
  ];
  const flagsOf = (argv: string[]) => Object.fromEntries(argv.flatMap((a, i) => (i % 2 ? [] : [[a.slice(2), argv[i + 1]]])));

  it('by the settings, each as PaperError invalid_input, never repeating a key', () => {
    for (const [argv, env, message] of cases) {
      let error: unknown;
      try {
        llmWriterOf({ flags: flagsOf(argv), env, tariff: 'basic' });
      } catch (e) {
        error = e;
      }
      expect(error, argv.join(' ')).toBeInstanceOf(PaperError);
      expect(error).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(message) });
      expect((error as Error).message).not.toContain('secret-key');
    }
    expect(llmWriterOf({ flags: {}, env: {}, tariff: 'basic' })).toBeNull();
    expect(llmWriterOf({ flags: {}, env: { LLM_PROVIDER_BASIC: 'openai' }, tariff: 'basic' })).toBeNull();
    // The tariff of the run picks its provider variable.
    expect(() => llmWriterOf({ flags: {}, env: { LLM_PROVIDER_PROFESSIONAL: 'gigachat' }, tariff: 'professional' })).toThrow(/GigaChat/);
    expect(llmWriterOf({ flags: {}, env: { LLM_PROVIDER_PROFESSIONAL: 'gigachat' }, tariff: 'basic' })).toBeNull();
  });

  it('by the CLI with exit code 2, before anything is written', { timeout: 60_000 }, () => {
    for (const [argv, env, message] of [cases[0], cases[8], cases[15]]) {
      const out = path.join(dir, 'refused');
      const r = spawnSync(process.execPath, ['src/cli.ts', 'generate', ...TOPIC, ...argv, '--out', out], {
        cwd,
        env: cleanEnv(env),
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(r.status, argv.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^Ошибка: /);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toContain('secret-key');
      expect(existsSync(`${out}.docx`)).toBe(false);
    }
  });
});
