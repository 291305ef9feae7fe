/**
 * The payment state machine. A provider's word (notification, sandbox decision, expiry) is never
 * taken at face value: the payment is re-read from the provider, captured or released, and only
 * then applied, under a row lock, so that any number of notifications in any order start exactly
 * one generation.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../jobs/queues.ts';
import { publishOrder } from './events.ts';
import { releasePromo } from '../promo/promo.ts';
import { Order, Payment, type PaymentStatus } from './entities.ts';
import type { PaymentProvider } from './providers/types.ts';

export interface PaymentDeps {
  em: EntityManager;
  provider: PaymentProvider;
  jobs: Jobs;
  log: FastifyBaseLogger;
}

/** Brings our payment in line with the provider's. Unknown payments are logged and ignored. */
export async function syncPayment(d: PaymentDeps, providerPaymentId: string): Promise<void> {
  const payment = await d.em.findOne(Payment, { providerPaymentId }, { populate: ['order', 'user'] });
  if (!payment) {
    d.log.warn({ providerPaymentId }, 'payment notification for an unknown payment: ignored');
    return;
  }
  let remote = await d.provider.fetch(providerPaymentId);
  if (remote.amount !== payment.amount || remote.metadata.payment_id !== payment.id) {
    d.log.error({ paymentId: payment.id, remote }, 'provider payment does not match ours: ignored');
    return;
  }
  if (remote.status === 'waiting_for_capture') {
    // The money is held. We honour it, even after a cancel or an expiry (the user paid; the order
    // is generated). Only an order whose owner deleted the account is released instead.
    remote = payment.user.deletedAt ? await d.provider.cancel(providerPaymentId) : await d.provider.capture(providerPaymentId, payment.amount);
  }
  if (remote.status === 'succeeded' || remote.status === 'canceled') await applyPaymentStatus(d, payment.id, remote.status);
}

/** Applies a verified final status. Idempotent: a succeeded payment never changes again. */
export async function applyPaymentStatus(d: PaymentDeps, paymentId: string, status: 'succeeded' | 'canceled'): Promise<void> {
  const queuedOrder = await d.em.transactional(async (em) => {
    const payment = await em.findOneOrFail(Payment, { id: paymentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const order = await em.findOneOrFail(Order, { id: payment.order.id }, { populate: ['user'], lockMode: LockMode.PESSIMISTIC_WRITE });
    if (payment.status === 'succeeded' || payment.status === status) return null;
    payment.status = status as PaymentStatus;
    let queued = false;
    if (status === 'succeeded') {
      if (['pending_payment', 'canceled', 'expired'].includes(order.status)) {
        order.status = 'queued';
        order.paidAt = new Date();
        queued = true;
      }
    } else if (order.status === 'pending_payment') {
      order.status = 'canceled';
      if (order.promoCode) await releasePromo(em, order.promoCode.id);
    }
    await em.flush();
    await publishOrder(em, order);
    return queued ? order.id : null;
  });
  if (queuedOrder) {
    // After the commit: a lost send is repaired by the reconcile job; a duplicate is harmless
    // because a generation must claim its order first.
    await d.jobs.generate(queuedOrder);
    await d.jobs.notify({ orderId: queuedOrder, kind: 'payment_succeeded' });
  }
}
