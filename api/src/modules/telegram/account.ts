/** What the bot asks about the account bound to a Telegram user, answered from the database.
 * Each call gets its own EntityManager (the bot handles updates concurrently). */
import type { BotDeps, CurrentGeneration, PaperLink } from '@app/bot';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config.ts';
import { User } from '../accounts/entities.ts';
import { ACTIVE_STATUSES, Order } from '../orders/entities.ts';
import { generationMessageOf } from '../orders/messages.ts';
import { Paper } from '../papers/entities.ts';
import { downloadable } from '../papers/papers.ts';
import { consumeBindToken } from './binding.ts';

export function botDepsOf(config: Config, em: () => EntityManager): BotDeps {
  return {
    siteUrl: config.publicUrl,
    bindAccount: (token, telegramUid) => consumeBindToken(em(), token, telegramUid),
    async currentGeneration(telegramUid) {
      const e = em();
      const user = await boundUser(e, telegramUid);
      return user ? { bound: true, generation: await currentGeneration(e, user.id) } : { bound: false };
    },
    async lastPapers(telegramUid, limit) {
      const e = em();
      const user = await boundUser(e, telegramUid);
      return user ? { bound: true, papers: await lastPapers(e, user.id, limit) } : { bound: false };
    },
  };
}

const boundUser = (em: EntityManager, telegramUid: string) => em.findOne(User, { telegramUid, deletedAt: null });

/** The running generation, else an order still waiting for its payment (as the cabinet's
 * has_active_generation orders them), with stage and progress as the web's socket shows them. */
async function currentGeneration(em: EntityManager, userId: number): Promise<CurrentGeneration | null> {
  const active = await em.findOne(Order, { user: userId, status: { $in: ACTIVE_STATUSES } }, { orderBy: { createdAt: 'desc' } });
  if (active) {
    const m = generationMessageOf({ ...active, paperId: null });
    // queued gives 'waiting', generating 'started' or 'in_progress'.
    return { topic: active.topic, status: m.status as CurrentGeneration['status'], stage: m.stage, progress: m.progress };
  }
  const pending = await em.findOne(
    Order,
    { user: userId, status: 'pending_payment', paymentExpiresAt: { $gt: new Date() } },
    { orderBy: { createdAt: 'desc' } },
  );
  return pending ? { topic: pending.topic, status: 'pending_payment', stage: '', progress: 0 } : null;
}

async function lastPapers(em: EntityManager, userId: number, limit: number): Promise<PaperLink[]> {
  const rows = await em.find(Paper, { user: userId }, { orderBy: { id: 'desc' }, limit });
  // Downloadable as in the papers list: a paid full paper with its .docx.
  return rows.map((p) => ({ id: p.id, title: p.title, type: p.type, downloadable: downloadable(p) }));
}
