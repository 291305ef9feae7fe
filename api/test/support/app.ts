/** A real app on its own database (cloned from the migrated template) for one test file. */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { watch } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { buildServer } from '../../src/app.ts';
import { loadConfig, type Config, type Env } from '../../src/config.ts';
import { ensureDatabase } from '../../src/db/embedded.ts';
import { openOrm, type Orm } from '../../src/db/orm.ts';
import type { Mailer } from '../../src/modules/mail/mailer.ts';
import { startServices, type Services } from '../../src/services.ts';
import { startWorker } from '../../src/worker.ts';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  /** Set when started with `worker: true` (an in-process worker). */
  worker: Awaited<ReturnType<typeof startWorker>> | null;
  orm: Orm;
  config: Config;
  databaseUrl: string;
  outbox: Outbox;
  logs: string[];
  sql: (text: string, params?: unknown[]) => Promise<pg.QueryResult>;
  close: () => Promise<void>;
}

/** Generous limits so that tests of other things never trip them; limit tests lower them. */
const TEST_ENV: Env = {
  NODE_ENV: 'test',
  SECRET_KEY: 'test-secret-key-that-is-long-enough-000000',
  LOG_LEVEL: 'info',
  LOGIN_LIMIT_PER_MINUTE: '1000',
  REGISTER_LIMIT_PER_HOUR: '1000',
  CODE_REQUESTS_LIMIT_PER_HOUR: '1000',
  PUBLIC_URL: 'http://localhost:8000',
  // An installation with a bot (binding works); a test of one without it leaves this out.
  TELEGRAM_BOT_USERNAME: 'test_paper_bot',
};

export async function createTestDatabase(): Promise<string> {
  const serverUrl = inject('pgServerUrl');
  const name = `t_${randomUUID().replace(/-/g, '')}`;
  await ensureDatabase(serverUrl, name, 'template_app');
  return serverUrl.replace(/\/postgres$/, `/${name}`);
}

export async function startTestApp(
  env: Env = {},
  options: { mailer?: (config: Config) => Mailer; worker?: boolean } = {},
): Promise<TestApp> {
  const databaseUrl = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'paper-app-'));
  const config = loadConfig({ ...TEST_ENV, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, ...env });
  const orm = await openOrm(databaseUrl, { poolMax: 5 });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const log = pino({ level: 'info' }, logStream);
  const services = await startServices(config, orm, databaseUrl, log);
  if (options.mailer) services.mailer = options.mailer(config);
  const app = await buildServer({ config, orm, ...services }, { logStream });
  await app.ready();
  const worker = options.worker ? await startWorker(config, orm, databaseUrl, log) : null;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  return {
    app,
    services,
    worker,
    orm,
    config,
    databaseUrl,
    logs,
    outbox: new Outbox(config.mail.outboxDir),
    sql: (text, params) => pool.query(text, params as unknown[]),
    close: async () => {
      await worker?.stop();
      await app.close();
      await services.stop();
      await orm.close();
      await pool.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Reads the .eml files the default mailer writes. */
export class Outbox {
  readonly dir: string;
  constructor(dir: string) {
    this.dir = dir;
  }

  async messagesTo(email: string) {
    let files: string[];
    try {
      files = readdirSync(this.dir)
        .filter((f) => f.endsWith('.eml'))
        .sort();
    } catch {
      return [];
    }
    const parsed = await Promise.all(files.map((f) => simpleParser(readFileSync(join(this.dir, f)))));
    return parsed.filter((m) => JSON.stringify(m.to).toLowerCase().includes(email.toLowerCase()));
  }

  /** Resolves with the first message to `email` that matches, watching the folder for new files. */
  async waitFor(email: string, match: (m: Awaited<ReturnType<Outbox['messagesTo']>>[number]) => boolean, timeoutMs = 60_000) {
    mkdirSync(this.dir, { recursive: true });
    const stop = new AbortController();
    const events = watch(this.dir, { signal: stop.signal })[Symbol.asyncIterator]();
    const timer = setTimeout(() => stop.abort(), timeoutMs);
    try {
      // Ask for the first event before looking, so that a file written in between is not missed.
      const ask = () => {
        const next = events.next();
        next.catch(() => undefined); // the last one is left pending and rejects when the watch stops
        return next;
      };
      let next = ask();
      for (;;) {
        const found = (await this.messagesTo(email)).find(match);
        if (found) return found;
        if ((await next).done) break;
        next = ask();
      }
    } catch (error) {
      if ((error as Error).name !== 'AbortError') throw error;
    } finally {
      clearTimeout(timer);
      stop.abort();
    }
    throw new Error(`no matching e-mail to ${email} within ${timeoutMs} ms`);
  }

  /** The code of the newest message to `email`. */
  async lastCode(email: string): Promise<string> {
    const messages = await this.messagesTo(email);
    const text = messages.at(-1)?.text ?? '';
    const match = /(\d{6})/.exec(text);
    if (!match) throw new Error(`no code mailed to ${email}`);
    return match[1];
  }
}

/** An HTTP client over inject that keeps cookies, like a browser. */
export class Client {
  readonly app: FastifyInstance;
  readonly cookies = new Map<string, string>();
  readonly headers: Record<string, string>;
  constructor(app: FastifyInstance, headers: Record<string, string> = {}) {
    this.app = app;
    this.headers = headers;
  }

  async request(method: InjectOptions['method'], url: string, payload?: unknown) {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      method,
      url,
      headers: { ...this.headers, ...(cookie ? { cookie } : {}) },
      ...(payload !== undefined ? { payload: payload as never } : {}),
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now());
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return { status: res.statusCode, body: res.body ? safeJson(res.body) : null, raw: res };
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body: unknown = {}) => this.request('POST', url, body);
  patch = (url: string, body: unknown) => this.request('PATCH', url, body);
  delete = (url: string) => this.request('DELETE', url);
}

function safeJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Registers and verifies a user; returns a logged-in client. */
export async function signUp(t: TestApp, name = `u${randomUUID().slice(0, 8)}`, password = 'password123') {
  const client = new Client(t.app);
  const email = `${name}@example.ru`;
  const reg = await client.post('/api/v1/registration/register/', { username: name, email, password });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const verified = await client.post('/api/v1/registration/verify-email/', { code: await t.outbox.lastCode(email) });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status}`);
  const login = await client.post('/api/v1/auth/login/', { username_or_email: name, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  return { client, name, email, password };
}
