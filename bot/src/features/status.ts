/** /status: the current generation's stage and progress, or that there is none. */
import { Composer, type Context } from 'grammy';
import type { BotDeps } from '../deps.ts';
import * as t from '../texts.ts';
import { NO_PREVIEW } from './reply.ts';

export function statusFeature(deps: BotDeps): Composer<Context> {
  const feature = new Composer<Context>();
  feature.chatType('private').command('status', async (ctx) => {
    const answer = await deps.currentGeneration(String(ctx.from.id));
    await ctx.reply(answer.bound ? t.status(answer.generation, deps.siteUrl) : t.notBound(deps.siteUrl), NO_PREVIEW);
  });
  return feature;
}
