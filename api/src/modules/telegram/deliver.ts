/** The consumer of the `telegram` queue: one notification to the user's bound chat. The account is
 * read again here, so a user who unbound on the web (or deleted the account) gets nothing. */
import { isUnreachableChat, safeError, sendNotification, type Api, type Notification } from '@app/bot';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { TelegramJob } from '../../jobs/queues.ts';
import { User } from '../accounts/entities.ts';
import { sendOnce } from '../notifications/deliveries.ts';
import { Order } from '../orders/entities.ts';
import { defenceNotification } from '../defence/notify.ts';
import { roundOf } from '../revisions/notify.ts';

export interface DeliverDeps {
  em: EntityManager;
  config: Config;
  api: Api;
  log: FastifyBaseLogger;
}

export type Delivery = 'sent' | 'dropped' | 'unreachable';

/**
 * Sends the job's message. Resolves when the job is done, whatever became of the message: sent,
 * dropped (nobody to tell, or nothing to say), or unreachable (the user blocked the bot: the
 * binding is cleared, so no further message is even tried, and the web shows Telegram as not
 * bound). Throws only for what a later retry can cure (network, Telegram's 5xx, a long 429).
 */
export async function deliverTelegram(d: DeliverDeps, job: TelegramJob): Promise<Delivery> {
  const user = await d.em.findOne(User, { id: job.userId, deletedAt: null });
  const chatId = user?.telegramUid;
  if (!chatId) return 'dropped';
  const order = await d.em.findOne(Order, { id: job.orderId, user: job.userId }, { populate: ['paper'] });
  const notification =
    order && (order.kind === 'revision' ? await revisionNotificationOf(d.em, order, job, d.config) : notificationOf(order, job, d.config));
  if (!notification) return 'dropped';
  try {
    const send = () => sendNotification(d.api, chatId, notification, d.config.publicUrl);
    // Once per notification: a retried job that finds its message sent sends nothing.
    if (job.notificationId && !(await sendOnce(d.em, job.notificationId, 'telegram', send))) return 'dropped';
    if (!job.notificationId) await send();
    return 'sent';
  } catch (error) {
    const err = safeError(error, d.config.telegram.botToken ?? '');
    if (isUnreachableChat(error)) {
      // Only if the binding is still this chat: the user may have bound another one meanwhile.
      await d.em.nativeUpdate(User, { id: job.userId, telegramUid: chatId }, { telegramUid: null });
      d.log.info({ userId: job.userId, err }, 'telegram chat unreachable (bot blocked?): binding cleared');
      return 'unreachable';
    }
    if (err.type === 'GrammyError' && Number(err.error_code) >= 400 && Number(err.error_code) < 500 && err.error_code !== 429) {
      // Telegram refused this message as such: sending it again would be refused again.
      d.log.error({ userId: job.userId, kind: job.kind, err }, 'telegram refused the notification; not retried');
      return 'dropped';
    }
    d.log.warn({ userId: job.userId, kind: job.kind, err }, 'telegram notification failed; the queue retries it');
    // eslint-disable-next-line preserve-caught-error -- the raw error holds the bot token in its URL; its scrubbed copy is the cause
    throw new Error(`telegram notification failed: ${String(err.description ?? err.message ?? err.type)}`, { cause: err });
  }
}

function notificationOf(order: Order, job: TelegramJob, config: Config): Notification | null {
  if (order.kind === 'defence') return defenceNotification(job.kind, order, config);
  switch (job.kind) {
    case 'payment_succeeded':
      return { kind: 'payment_succeeded', topic: order.topic, paperType: order.paperType };
    case 'generation_completed':
      return order.paper
        ? { kind: 'generation_completed', title: order.paper.title, paperId: order.paper.id, paperType: order.paperType }
        : null;
    case 'generation_failed':
      return { kind: 'generation_failed', topic: order.topic, message: order.error ?? '', supportEmail: config.supportEmail };
    case 'refund_succeeded':
      return { kind: 'refund_succeeded', topic: order.topic, amount: order.amount };
  }
}

/** A revision round's messages (its paper, the version made, the remarks done). */
async function revisionNotificationOf(em: EntityManager, order: Order, job: TelegramJob, config: Config): Promise<Notification | null> {
  const round = await roundOf(em, order);
  switch (job.kind) {
    case 'payment_succeeded':
      return { kind: 'revision_paid', title: round.title, paperId: round.paperId };
    case 'generation_completed':
      return { kind: 'revision_completed', ...round };
    case 'generation_failed':
      return {
        kind: 'revision_failed',
        title: round.title,
        message: order.error ?? '',
        refunded: order.amount > 0,
        supportEmail: config.supportEmail,
      };
    case 'refund_succeeded':
      return notificationOf(order, job, config);
  }
}
