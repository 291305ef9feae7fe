/** Telling the user that a payment went through or a generation ended: e-mail with a link, and a
 * Telegram message through the bot's queue when the account is bound (the bot looks the account
 * up again when it sends, so unbinding stops messages at once). */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import type { Config } from '../../config.ts';
import { QUEUE, type NotifyJob, type TelegramJob } from '../../jobs/queues.ts';
import type { Mailer } from '../mail/mailer.ts';
import { generationCompletedMail, generationFailedMail, paymentSucceededMail, refundSucceededMail } from '../mail/templates.ts';
import { Order } from '../orders/entities.ts';
import { sendRevisionMail } from '../revisions/notify.ts';

export interface NotifyDeps {
  em: EntityManager;
  config: Config;
  mailer: Mailer;
  boss: PgBoss;
}

export async function deliverNotification(d: NotifyDeps, job: NotifyJob): Promise<void> {
  const order = await d.em.findOne(Order, { id: job.orderId }, { populate: ['user', 'paper'] });
  if (!order || order.user.deletedAt || !order.user.email) return;
  const user = order.user;
  const full = order.paperType === 'full';
  if (order.kind === 'revision' && (await sendRevisionMail(d, order, user.email!, job.kind))) {
    // A revision round's own e-mail (revisions/notify.ts).
  } else if (job.kind === 'payment_succeeded') {
    const url = `${d.config.publicUrl}/payment/waiting?task_id=${order.id}`;
    await d.mailer.send(paymentSucceededMail(user.email!, { topic: order.topic, full, amount: order.amount, url }));
  } else if (job.kind === 'generation_completed' && order.paper) {
    const url = full ? `${d.config.publicUrl}/home?from_generation=true` : `${d.config.publicUrl}/preview/${order.paper.id}`;
    await d.mailer.send(generationCompletedMail(user.email!, { title: order.paper.title, url, full }));
  } else if (job.kind === 'generation_failed') {
    await d.mailer.send(
      generationFailedMail(user.email!, {
        topic: order.topic,
        message: order.error ?? '',
        amount: order.amount,
        supportEmail: d.config.supportEmail,
      }),
    );
  } else if (job.kind === 'refund_succeeded') {
    await d.mailer.send(refundSucceededMail(user.email!, { topic: order.topic, amount: order.amount }));
  }
  if (user.telegramUid) {
    await d.boss.send(QUEUE.telegram, { userId: user.id, kind: job.kind, orderId: order.id } satisfies TelegramJob, {
      singletonKey: `${order.id}:${job.kind}`,
    });
  }
}
