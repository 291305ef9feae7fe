/**
 * Refunds: captured money for an order that can no longer be delivered goes back to the payer.
 * A refund is first recorded (in the transaction that decided it, under the order's lock), then
 * sent to the provider with its own id as the Idempotence-Key, so a refund sent again after a
 * crash, or by the reconciliation, is paid out once.
 */
import { randomUUID } from 'node:crypto';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../jobs/queues.ts';
import { REFUND_REASONS, type PaperType, type RefundItem, type RefundReason, type RefundStatus } from '@app/contract';
import { Refund, type Order, type Payment } from '../orders/entities.ts';
import { releasePromo } from '../promo/promo.ts';
import type { PaymentProvider, ProviderRefund } from './providers/types.ts';
import { publishOrder } from '../orders/events.ts';
import { liveRefundOf, lockOrder } from '../orders/repository.ts';

export interface RefundDeps {
  em: EntityManager;
  provider: PaymentProvider;
  jobs: Jobs;
  log: FastifyBaseLogger;
}

/** Records a full refund of a succeeded payment (or returns the one already recorded) and gives
 * the order's promo use back. Call it in the transaction that holds the order's lock; send it with
 * `sendRefund` after the commit. */
export async function recordRefund(
  em: EntityManager,
  r: { order: Order; payment: Payment; reason: RefundReason; comment?: string },
): Promise<Refund> {
  if (r.payment.status !== 'succeeded') throw new Error(`payment ${r.payment.id} is ${r.payment.status}: only captured money is refunded`);
  const existing = await liveRefundOf(em, r.payment.id);
  if (existing) return existing;
  // A refunded order gives its promo use back, whatever refunded it (once: not again for a refund
  // recorded anew after the provider declined the first).
  if (r.order.promoCode && !(await em.count(Refund, { order: r.order.id }))) await releasePromo(em, r.order.promoCode.id);
  return em.create(Refund, {
    id: randomUUID(),
    payment: r.payment,
    order: r.order,
    amount: r.payment.amount,
    status: 'pending',
    reason: r.reason,
    comment: r.comment ?? null,
    providerRefundId: null,
    receiptEmail: r.payment.receiptEmail ?? null,
  });
}

/**
 * Sends a pending refund to the provider, or asks the provider how a sent one went. Idempotent;
 * a provider that cannot be reached leaves the refund pending for the reconciliation. Returns the
 * refund's status as we now know it.
 */
export async function sendRefund(d: RefundDeps, refundId: string): Promise<RefundStatus | null> {
  const refund = await d.em.fork().findOne(Refund, { id: refundId }, { populate: ['payment'] });
  if (!refund || refund.status !== 'pending') return refund?.status ?? null;
  let remote: ProviderRefund;
  try {
    remote = refund.providerRefundId
      ? await d.provider.fetchRefund(refund.providerRefundId)
      : await d.provider.refund({
          refundId: refund.id,
          providerPaymentId: refund.payment.providerPaymentId!,
          amount: refund.amount,
          description: `Возврат оплаты заказа ${refund.order.id}`,
          customerEmail: refund.receiptEmail ?? null,
        });
  } catch (error) {
    d.log.warn({ err: error, refundId }, 'refund not settled with the provider yet; the reconciliation repeats it');
    return 'pending';
  }
  const status = await d.em.fork().transactional(async (em) => {
    const order = await lockOrder(em, refund.order.id);
    const current = await em.findOneOrFail(Refund, { id: refundId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!order || current.status !== 'pending') return null;
    current.providerRefundId = remote.providerRefundId;
    current.status = remote.status;
    if (remote.status !== 'pending') current.receiptEmail = null;
    await em.flush();
    // The order's state is unchanged, but whoever follows the order learns that its money moved.
    await publishOrder(em, order);
    if (current.status === 'succeeded') await d.jobs.notify(em, { orderId: order.id, kind: 'refund_succeeded' });
    return current.status;
  });
  if (status === 'canceled') d.log.error({ refundId, orderId: refund.order.id }, 'the provider declined a refund: support must look at it');
  return status ?? 'pending';
}

/** A provider's refund notification names its own refund id; unknown ones are ignored. */
export async function syncProviderRefund(d: RefundDeps, providerRefundId: string): Promise<void> {
  const refund = await d.em.fork().findOne(Refund, { providerRefundId });
  if (!refund) return d.log.warn({ providerRefundId }, 'refund notification for an unknown refund: ignored');
  await sendRefund(d, refund.id);
}

/** The user's refunds for the cabinet, newest first. */
export async function listRefunds(em: EntityManager, userId: number): Promise<RefundItem[]> {
  const rows = await em.execute<
    {
      id: string;
      task_id: string;
      topic: string;
      paper_type: PaperType;
      amount: number;
      status: RefundStatus;
      reason: RefundReason;
      created_at: string | Date;
    }[]
  >(
    `select r.id, o.id as task_id, o.topic, o.paper_type, r.amount, r.status, r.reason, r.created_at
     from refunds r join orders o on o.id = r.order_id where o.user_id = ? order by r.created_at desc limit 100`,
    [userId],
  );
  return rows.map((r) => ({ ...r, reason: REFUND_REASONS[r.reason], created_at: new Date(r.created_at).toISOString() }));
}
