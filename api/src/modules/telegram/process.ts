/** The bot process (`node api/src/main.ts bot`): the bot on the real database, Telegram's updates
 * by long polling (default) or by webhook, and the consumer of the `telegram` notification queue.
 * Long polling allows one bot process per token; with a webhook any number may run. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { COMMANDS, createBot, isTokenRefused, safeError, webhookListener, type Bot, type UserFromGetMe } from '@app/bot';
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { Config } from '../../config.ts';
import type { Orm } from '../../db/orm.ts';
import { QUEUE, startBoss, type TelegramJob } from '../../jobs/queues.ts';
import { botDepsOf } from './account.ts';
import { deliverTelegram } from './deliver.ts';

/** The bot reads only messages; Telegram keeps other kinds of updates to itself. */
const ALLOWED_UPDATES = ['message'] as const;

/** Telegram refused the token: starting again will not help until the configuration changes. */
export class TokenRefused extends Error {}

export interface TelegramBotProcess {
  bot: Bot;
  /** The webhook server's port (webhook mode). */
  webhookPort: number | null;
  /** Settles when long polling ends; rejects when Telegram refuses it: TokenRefused, or another
   * process polls with the same token. Null in webhook mode. */
  polling: Promise<void> | null;
  stop(): Promise<void>;
}

export async function startTelegramBot(
  config: Config,
  orm: Orm,
  databaseUrl: string,
  log: FastifyBaseLogger,
  options: { botInfo?: UserFromGetMe; boss?: PgBoss } = {},
): Promise<TelegramBotProcess> {
  const token = config.telegram.botToken;
  if (!token) throw new Error('TELEGRAM_BOT_TOKEN is not set');
  const safe = (error: unknown) => safeError(error, token);
  const bot = createBot(
    token,
    botDepsOf(config, () => orm.em.fork()),
    { log, apiRoot: config.telegram.apiRoot, ...(options.botInfo ? { botInfo: options.botInfo } : {}) },
  );

  try {
    // grammY retries getMe quietly while Telegram is unreachable; after a minute we say so (and
    // the process ends, to be restarted).
    await bot.init(AbortSignal.timeout(60_000) as Parameters<Bot['init']>[0]);
  } catch (error) {
    // Not rethrown as such: a network error carries the request URL, and with it the token.
    log.error({ err: safe(error) }, 'telegram getMe failed (a wrong token, or no connection to the Bot API)');
    throw isTokenRefused(error)
      ? new TokenRefused('Telegram refused the bot token')
      : new Error('Telegram getMe failed; see the log above');
  }
  const username = bot.botInfo.username;
  if (config.telegram.botUsername && config.telegram.botUsername.toLowerCase() !== username.toLowerCase()) {
    log.warn(
      { configured: config.telegram.botUsername, actual: username },
      'TELEGRAM_BOT_USERNAME is not the bot of TELEGRAM_BOT_TOKEN: the site links to another bot',
    );
  }
  if (!config.telegram.botUsername) log.warn('TELEGRAM_BOT_USERNAME is not set: the site cannot link to the bot for binding');
  await bot.api.setMyCommands(COMMANDS).catch((error) => log.warn({ err: safe(error) }, 'could not set the bot commands'));

  // A test may pass its own (with job spies); then it also stops it.
  const boss = options.boss ?? (await startBoss(databaseUrl, (error) => log.error({ err: error }, 'job queue error')));
  // A few sends at a time: the throttler keeps them within Telegram's limits.
  await boss.work<TelegramJob>(QUEUE.telegram, { batchSize: 1, localConcurrency: 4, pollingIntervalSeconds: 1 }, async ([job]) => {
    const result = await deliverTelegram({ em: orm.em.fork(), config, api: bot.api, log }, job.data);
    log.info({ ...job.data, result }, 'telegram notification');
  });

  let polling: Promise<void> | null = null;
  let server: http.Server | null = null;
  const webhook = config.telegram.webhook;
  if (webhook) {
    server = await startWebhookServer(bot, token, webhook, log);
    await bot.api.setWebhook(webhook.url, { secret_token: webhook.secret, allowed_updates: [...ALLOWED_UPDATES] });
    log.info({ url: webhook.url, port: (server.address() as AddressInfo).port }, `telegram bot @${username}: webhook`);
  } else {
    polling = new Promise<void>((resolve, reject) => {
      bot
        .start({ allowed_updates: [...ALLOWED_UPDATES], onStart: () => log.info(`telegram bot @${username}: long polling`) })
        .then(resolve, (error: unknown) => {
          log.error({ err: safe(error) }, 'telegram long polling stopped (wrong token, or another process polls with it)');
          reject(isTokenRefused(error) ? new TokenRefused('Telegram refused the bot token') : new Error('telegram long polling stopped'));
        });
    });
    polling.catch(() => undefined); // observed by the caller; never an unhandled rejection
  }
  log.info('telegram bot started');

  return {
    bot,
    webhookPort: server ? (server.address() as AddressInfo).port : null,
    polling,
    async stop() {
      if (polling) {
        await bot.stop().catch((error) => log.warn({ err: safe(error) }, 'telegram: could not confirm the last update'));
        await polling.catch(() => undefined);
      }
      if (server) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      if (options.boss) await boss.offWork(QUEUE.telegram);
      else await boss.stop({ graceful: false, close: true });
    },
  };
}

/** Telegram posts updates to the webhook URL; the reverse proxy forwards that path here. */
async function startWebhookServer(
  bot: Bot,
  token: string,
  webhook: NonNullable<Config['telegram']['webhook']>,
  log: FastifyBaseLogger,
): Promise<http.Server> {
  const server = http.createServer(webhookListener(bot, { token, path: new URL(webhook.url).pathname, secret: webhook.secret, log }));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(webhook.port, webhook.host, () => resolve());
  });
  return server;
}
