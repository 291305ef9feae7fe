/**
 * The payment state machine. A provider's word (notification, sandbox decision, reconciliation) is
 * never taken at face value: the payment is re-read from the provider and only then applied, under
 * the order's lock, so that any number of notifications in any order start exactly one generation.
 * Captured money whose order can no longer be delivered (cancelled, expired, a duplicate, a
 * deleted account) is refunded, never kept.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../jobs/queues.ts';
import { releasePromo } from '../promo/promo.ts';
import { isFinalPayment, Payment, type PaymentStatus } from '../orders/entities.ts';
import { publishOrder } from '../orders/events.ts';
import type { PaymentProvider } from './providers/types.ts';
import { recordRefund, sendRefund } from './refunds.ts';
import { lockOrderAndPayment } from '../orders/repository.ts';
import { decideRefund } from './refund-decision.ts';

export interface PaymentDeps {
  em: EntityManager;
  provider: PaymentProvider;
  jobs: Jobs;
  log: FastifyBaseLogger;
}

/** Brings our payment (by our id) in line with the provider's; returns the provider's status. */
export async function syncPayment(d: PaymentDeps, paymentId: string): Promise<PaymentStatus | null> {
  const payment = await d.em.fork().findOne(Payment, { id: paymentId });
  if (!payment?.providerPaymentId) return payment?.status ?? null;
  const remote = await d.provider.fetch(payment.providerPaymentId);
  if (remote.amount !== payment.amount || remote.metadata.payment_id !== payment.id) {
    d.log.error({ paymentId, remote }, 'provider payment does not match ours: ignored');
    return null;
  }
  await d.em.fork().nativeUpdate(Payment, { id: paymentId }, { checkedAt: new Date() });
  if (remote.status === 'succeeded') await paymentSucceeded(d, paymentId);
  else if (remote.status === 'canceled') await paymentCanceled(d, paymentId, remote.failureCode);
  return remote.status;
}

/** A provider's notification names its own payment id; unknown ones are logged and ignored. */
export async function syncProviderPayment(d: PaymentDeps, providerPaymentId: string): Promise<void> {
  const payment = await d.em.fork().findOne(Payment, { providerPaymentId });
  if (!payment) return d.log.warn({ providerPaymentId }, 'payment notification for an unknown payment: ignored');
  await syncPayment(d, payment.id);
}

/** The provider took the money: the order is queued for generation, or the money is refunded. */
async function paymentSucceeded(d: PaymentDeps, paymentId: string): Promise<void> {
  const outcome = await d.em.fork().transactional(async (em) => {
    const locked = await lockOrderAndPayment(em, paymentId);
    if (!locked || locked.payment.status === 'succeeded') return null;
    const { order, payment } = locked;
    payment.status = 'succeeded';
    const reason = await decideRefund(em, order, { justCaptured: true });
    let refundId: string | null = null;
    if (reason) {
      if (order.status === 'pending_payment') order.status = 'canceled';
      refundId = (await recordRefund(em, { order, payment, reason })).id;
    } else {
      order.status = 'queued';
      order.paidAt = new Date();
    }
    await em.flush();
    await publishOrder(em, order);
    if (!reason) {
      // In the transaction: the generation and the user's e-mail are queued with the payment's
      // success, or neither is (a duplicated generation job is harmless: it must claim its order).
      await d.jobs.generate(order, em);
      await d.jobs.notify(em, { orderId: order.id, kind: 'payment_succeeded' });
    }
    return { orderId: order.id, refundId };
  });
  // After the commit, a refund is sent under its own key (the reconciliation repeats a lost send).
  if (outcome?.refundId) {
    d.log.warn(
      { orderId: outcome.orderId, refundId: outcome.refundId },
      'payment succeeded for an order that cannot be delivered: refunding',
    );
    await sendRefund(d, outcome.refundId);
  }
}

/** The provider says the payment will never succeed: the order ends and its promo use is given back. */
export async function paymentCanceled(d: PaymentDeps, paymentId: string, failureCode?: string): Promise<void> {
  await d.em.fork().transactional(async (em) => {
    const locked = await lockOrderAndPayment(em, paymentId);
    if (!locked || isFinalPayment(locked.payment.status)) return;
    const { order, payment } = locked;
    payment.status = 'canceled';
    // The metrics' payment failures by reason; a short token, whatever the provider sends.
    payment.failureCode = failureCode?.slice(0, 64) ?? null;
    if (order.promoCode) await releasePromo(em, order.promoCode.id);
    if (order.status === 'pending_payment') order.status = 'canceled';
    await em.flush();
    await publishOrder(em, order);
  });
}
