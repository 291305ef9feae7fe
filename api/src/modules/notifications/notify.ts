/** Telling the user that a payment went through, a generation ended or a refund was made: e-mail
 * with a link, and a Telegram message through the bot's queue when the account is bound (the bot
 * looks the account up again when it sends, so unbinding stops messages at once). The job was
 * queued in the transaction of the change it announces; each channel sends it once (deliveries.ts). */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import type { Config } from '../../config.ts';
import { inTransaction, QUEUE, type NotifyJob, type TelegramJob } from '../../jobs/queues.ts';
import type { MailMessage, Mailer } from '../mail/mailer.ts';
import { generationCompletedMail, generationFailedMail, paymentSucceededMail, refundSucceededMail } from '../mail/templates.ts';
import { Order } from '../orders/entities.ts';
import { defenceMail } from '../defence/notify.ts';
import { revisionMailOf } from '../revisions/notify.ts';
import { messageIdOf, sendOnce } from './deliveries.ts';

export interface NotifyDeps {
  em: EntityManager;
  config: Config;
  mailer: Mailer;
  boss: PgBoss;
}

/** Sends one notification (`notificationId`: its job's id, the same on every retry): the e-mail,
 * and the Telegram job queued with the e-mail's delivery record when the account is bound. */
export async function deliverNotification(d: NotifyDeps, notificationId: string, job: NotifyJob): Promise<void> {
  const order = await d.em.findOne(Order, { id: job.orderId }, { populate: ['user', 'paper'] });
  if (!order || order.user.deletedAt || !order.user.email) return;
  const user = order.user;
  // A revision round has e-mails of its own (revisions/notify.ts).
  const mail =
    order.kind === 'revision' ? await revisionMailOf(d, order, user.email!, job.kind) : mailOf(d.config, order, user.email!, job.kind);
  await sendOnce(d.em, notificationId, 'email', async (tx) => {
    if (mail) await d.mailer.send({ ...mail, messageId: messageIdOf(notificationId, d.config.publicUrl) });
    if (user.telegramUid) {
      const telegram: TelegramJob = { userId: user.id, kind: job.kind, orderId: order.id, notificationId };
      await d.boss.send(QUEUE.telegram, telegram, { db: inTransaction(tx) });
    }
  });
}

function mailOf(config: Config, order: Order, email: string, kind: NotifyJob['kind']): MailMessage | null {
  if (order.kind === 'defence') return defenceMail(email, kind, order, config);
  const full = order.paperType === 'full';
  switch (kind) {
    case 'payment_succeeded':
      return paymentSucceededMail(email, {
        topic: order.topic,
        full,
        amount: order.amount,
        url: `${config.publicUrl}/payment/waiting?task_id=${order.id}`,
      });
    case 'generation_completed':
      if (!order.paper) return null;
      return generationCompletedMail(email, {
        title: order.paper.title,
        url: full ? `${config.publicUrl}/home?from_generation=true` : `${config.publicUrl}/preview/${order.paper.id}`,
        full,
      });
    case 'generation_failed':
      return generationFailedMail(email, {
        topic: order.topic,
        message: order.error ?? '',
        supportEmail: config.supportEmail,
      });
    case 'refund_succeeded':
      return refundSucceededMail(email, { topic: order.topic, amount: order.amount });
  }
}
