/** /start: a welcome, or with a token from the site's bind button, binding the account. */
import { Composer, type Context } from 'grammy';
import type { BindResult, BotDeps, BotLog } from '../deps.ts';
import * as t from '../texts.ts';
import { NO_PREVIEW } from './reply.ts';

/** Telegram's deep-link parameter alphabet; anything else cannot be one of our tokens. */
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

export function startFeature(deps: BotDeps, log: BotLog): Composer<Context> {
  const feature = new Composer<Context>();
  feature.chatType('private').command('start', async (ctx) => {
    const token = ctx.match.trim();
    if (!token) {
      await ctx.reply(t.welcome(deps.siteUrl), NO_PREVIEW);
      return;
    }
    const result: BindResult = TOKEN.test(token) ? await deps.bindAccount(token, String(ctx.from.id)) : { ok: false, reason: 'unknown' };
    log.info({ bind: result.ok ? 'ok' : result.reason }, 'telegram bind attempt');
    await ctx.reply(result.ok ? t.bound(result.username) : t.bindFailed(result.reason, deps.siteUrl), NO_PREVIEW);
  });
  return feature;
}
