/** /papers: the last five papers with links to them. */
import { Composer, type Context } from 'grammy';
import type { BotDeps } from '../deps.ts';
import * as t from '../texts.ts';
import { NO_PREVIEW } from './reply.ts';

export const PAPERS_SHOWN = 5;

export function papersFeature(deps: BotDeps): Composer<Context> {
  const feature = new Composer<Context>();
  feature.chatType('private').command('papers', async (ctx) => {
    const answer = await deps.lastPapers(String(ctx.from.id), PAPERS_SHOWN);
    await ctx.reply(answer.bound ? t.papers(answer.papers, deps.siteUrl) : t.notBound(deps.siteUrl), NO_PREVIEW);
  });
  return feature;
}
