/** The bot: one Composer per feature inside an error boundary, the unhandled-update handler last.
 * Every outgoing call goes through a throttler (Telegram's per-chat and global limits) and is
 * retried when Telegram answers 429 (or 5xx). */
import { autoRetry } from '@grammyjs/auto-retry';
import { apiThrottler } from '@grammyjs/transformer-throttler';
import { Bot, type BotError, type Context } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { BotDeps, BotLog } from './deps.ts';
import { safeError } from './errors.ts';
import { NO_PREVIEW } from './features/reply.ts';
import { helpFeature } from './features/help.ts';
import { papersFeature } from './features/papers.ts';
import { startFeature } from './features/start.ts';
import { statusFeature } from './features/status.ts';
import * as t from './texts.ts';

export interface BotOptions {
  log: BotLog;
  /** The bot's own user; given, no getMe call is made (tests, or a known bot). */
  botInfo?: UserFromGetMe;
  /** A local Bot API server instead of https://api.telegram.org. */
  apiRoot?: string;
}

/** Waits for a 429's retry_after up to a minute; a longer ban fails the call (a queued
 * notification is then retried by the queue). Network errors go to the caller: long polling
 * retries them itself, a notification job is retried by the queue. */
const RETRY = { maxRetryAttempts: 3, maxDelaySeconds: 60, rethrowHttpErrors: true };

export function createBot(token: string, deps: BotDeps, options: BotOptions): Bot {
  const { log } = options;
  const bot = new Bot(token, {
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
    ...(options.apiRoot ? { client: { apiRoot: options.apiRoot } } : {}),
  });
  // Installed later runs first: the throttler schedules the call, auto-retry repeats it inside.
  bot.api.config.use(autoRetry(RETRY));
  bot.api.config.use(apiThrottler());

  const onError = async (err: BotError<Context>) => {
    log.error({ err: safeError(err.error, token), update_id: err.ctx.update.update_id }, 'telegram update failed');
    if (err.ctx.chat?.type === 'private') {
      await err.ctx.reply(t.somethingWentWrong, NO_PREVIEW).catch(() => undefined);
    }
  };
  bot.errorBoundary(onError, startFeature(deps, log), statusFeature(deps), papersFeature(deps), helpFeature(deps));

  // Unhandled: groups, channels, edited messages and other update kinds. The bot only talks in
  // private chats, so it stays silent here.
  bot.use((ctx) => log.debug({ update_id: ctx.update.update_id, chat: ctx.chat?.type ?? null }, 'telegram update ignored'));

  // Only reached by an error in the error handler itself (long polling would stop without it).
  bot.catch((err) => log.error({ err: safeError(err.error, token) }, 'telegram error handler failed'));
  return bot;
}
