/** The e-mails of a revision round (the notification job's kinds, said for a round). */
import type { MailMessage } from '../mail/mailer.ts';
import { refundSucceededMail, revisionCompletedMail, revisionFailedMail, revisionPaidMail } from '../mail/templates.ts';
import type { NotifyJob } from '../../jobs/queues.ts';
import type { Config } from '../../config.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Order } from '../orders/entities.ts';
import { Revision } from './entities.ts';

/** Where the owner sees a paper's versions and rounds. */
const revisionsPageUrl = (config: Config, paperId: number) => `${config.publicUrl}/papers/${paperId}/revisions`;

/** The facts a round's messages tell: the paper, the version made and what became of the remarks. */
export async function roundOf(em: EntityManager, order: Order) {
  const revision = await em.findOneOrFail(Revision, { order: order.id }, { populate: ['paper'] });
  const outcomes = revision.outcomes ?? [];
  return {
    title: revision.paper.title,
    paperId: revision.paper.id,
    version: revision.version ?? revision.fromVersion + 1,
    total: outcomes.length,
    done: outcomes.filter((o) => o.status === 'done' || o.status === 'partial').length,
    author: outcomes.filter((o) => o.status === 'author').length,
  };
}

/** A round's e-mail for a notification (null: nothing to say, e.g. its refund, which the common e-mail tells). */
export async function revisionMailOf(
  d: { em: EntityManager; config: Config },
  order: Order,
  to: string,
  kind: NotifyJob['kind'],
): Promise<MailMessage | null> {
  if (kind === 'refund_succeeded') return refundSucceededMail(to, { topic: order.topic, amount: order.amount });
  const round = await roundOf(d.em, order);
  const url = revisionsPageUrl(d.config, round.paperId);
  if (kind === 'payment_succeeded') return revisionPaidMail(to, { title: round.title, amount: order.amount, url });
  if (kind === 'generation_completed') return revisionCompletedMail(to, { ...round, url });
  return revisionFailedMail(to, {
    title: round.title,
    message: order.error ?? '',
    amount: order.amount,
    supportEmail: d.config.supportEmail,
  });
}
