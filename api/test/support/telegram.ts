/** Helpers for the Telegram bot tests: the bot process on a test app's database against a local
 * Bot API server, a log to wait on, order rows in a given state. */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { PgBoss, type JobSpyInterface } from 'pg-boss';
import pino from 'pino';
import { BOT_INFO, messageUpdate, startFakeBotApi, type FakeBotApi } from '../../../bot/dev/fake-bot-api.ts';
import type { Config } from '../../src/config.ts';
import { QUEUE, type TelegramJob } from '../../src/jobs/queues.ts';
import { startTelegramBot, type TelegramBotProcess } from '../../src/modules/telegram/process.ts';
import type { Client, TestApp } from './app.ts';

export const BOT_TOKEN = '7000000001:AAtest-token_that-must-never-be-logged';

/** Log lines as objects, and a way to wait for one. */
export function recordingLog() {
  const lines: Record<string, any>[] = [];
  const events = new EventEmitter();
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      events.emit('line');
      done();
    },
  });
  const waitFor = (match: (line: Record<string, any>) => boolean, timeoutMs = 30_000) =>
    new Promise<Record<string, any>>((resolve, reject) => {
      const check = () => {
        const found = lines.find(match);
        if (!found) return;
        clearTimeout(timer);
        events.off('line', check);
        resolve(found);
      };
      const timer = setTimeout(() => {
        events.off('line', check);
        reject(new Error(`no matching log line within ${timeoutMs} ms; last: ${JSON.stringify(lines.slice(-3))}`));
      }, timeoutMs);
      events.on('line', check);
      check();
    });
  return { log: pino({ level: 'debug' }, stream), lines, waitFor, text: () => lines.map((l) => JSON.stringify(l)).join('\n') };
}

/** The env a test app needs for the bot: its token, its name for the web's link, the local API. */
export const botEnv = (api: FakeBotApi) => ({
  TELEGRAM_BOT_TOKEN: BOT_TOKEN,
  TELEGRAM_BOT_USERNAME: BOT_INFO.username,
  TELEGRAM_API_ROOT: api.apiRoot,
});

export async function startBotApi(behave?: Parameters<typeof startFakeBotApi>[0]['behave']) {
  return startFakeBotApi({ token: BOT_TOKEN, behave: (call) => behave?.(call) });
}

export type TestBotProcess = TelegramBotProcess & { spy: JobSpyInterface<TelegramJob> };

/** The bot process as `main.ts bot` runs it (botInfo given: no getMe), its queue consumer on a
 * pg-boss with job spies, so that a test can wait until a job is settled. */
export async function startBotProcess(t: TestApp, log: pino.Logger, config: Config = t.config): Promise<TestBotProcess> {
  const boss = new PgBoss({ connectionString: t.databaseUrl, schema: 'pgboss', max: 2, __test__enableSpies: true });
  await boss.start();
  const bot = await startTelegramBot(config, t.orm, t.databaseUrl, log, { botInfo: BOT_INFO, boss });
  return {
    ...bot,
    spy: boss.getSpy<TelegramJob>(QUEUE.telegram),
    stop: async () => {
      await bot.stop();
      await boss.stop({ graceful: false, close: true });
    },
  };
}

/** What the bot answered to `text` from Telegram user `from` (handled as Telegram delivers it). */
export async function say(bot: TelegramBotProcess, api: FakeBotApi, from: number, text: string): Promise<string[]> {
  const before = api.sentTo(from).length;
  await bot.bot.handleUpdate(messageUpdate(from, text) as any);
  return api
    .sentTo(from)
    .slice(before)
    .map((c) => c.payload.text);
}

/** The web's bind call: the one-time token of the link to the bot. */
export async function bindToken(client: Client): Promise<string> {
  const res = await client.get('/api/v1/telegram/bind/');
  if (res.status !== 200) throw new Error(`bind: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

export const telegramUidOf = async (client: Client) => (await client.get('/api/v1/users/me/')).body.telegram_uid as string | null;

/** An order of `username` in a given state (rows the payment and the worker would make). */
export async function insertOrder(
  t: TestApp,
  username: string,
  o: { status: string; paperType?: 'demo' | 'full'; topic?: string; paperId?: number; stage?: string; progress?: number; error?: string },
): Promise<string> {
  const id = randomUUID();
  await t.sql(
    `insert into orders (id, user_id, kind, paper_type, tariff, topic, options, amount, status, stage, progress, error, paper_id, heartbeat_at, payment_expires_at, paid_at)
     select $1, id, 'new', $2, 'basic', $3, '{}', 490, $4, $5, $6, $7, $8, now(), now() + interval '30 minutes', case when $4 = 'pending_payment' then null else now() end
     from users where username = $9`,
    [
      id,
      o.paperType ?? 'demo',
      o.topic ?? 'Логистика малого бизнеса',
      o.status,
      o.stage ?? null,
      o.progress ?? 0,
      o.error ?? null,
      o.paperId ?? null,
      username,
    ],
  );
  return id;
}
