/** /help, and the answer to anything else a user writes to the bot. */
import { Composer, type Context } from 'grammy';
import type { BotDeps } from '../deps.ts';
import * as t from '../texts.ts';
import { NO_PREVIEW } from './reply.ts';

export function helpFeature(deps: BotDeps): Composer<Context> {
  const feature = new Composer<Context>();
  const pm = feature.chatType('private');
  pm.command('help', (ctx) => ctx.reply(t.help(deps.siteUrl), NO_PREVIEW));
  pm.on('message', (ctx) => ctx.reply(ctx.message.text?.startsWith('/') ? t.unknownCommand : t.help(deps.siteUrl), NO_PREVIEW));
  return feature;
}
