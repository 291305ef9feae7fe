/** The user's current order: has_active_generation, cancelling an unpaid order, expiring them. */
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, errorBody } from '../../errors.ts';
import type { AuthSession } from '../accounts/sessions.ts';
import { Payment } from './entities.ts';
import type { PaymentProvider } from './providers/types.ts';
import { releasePromo } from '../promo/promo.ts';
import { ACTIVE_STATUSES, Order } from './entities.ts';
import { publishOrder } from './events.ts';

export async function pendingDataOf(em: EntityManager, order: Order) {
  const payment = await em.findOneOrFail(Payment, { order: order.id }, { orderBy: { createdAt: 'desc' } });
  const left = Math.max(0, Math.floor((order.paymentExpiresAt.getTime() - Date.now()) / 1000));
  return {
    confirmation_url: payment.confirmationUrl ?? '',
    topic: order.topic,
    task_id: order.id,
    payment_id: payment.id,
    minutes_to_cancel: Math.floor(left / 60),
    seconds_to_cancel: left % 60,
  };
}

export type GenerationStatus =
  | { status: 200; body: { data: { type: 'active_generation'; topic: string; confirmation_url: null; task_id: string } } }
  | { status: 202; body: { data: Awaited<ReturnType<typeof pendingDataOf>> & { type: 'pending_payment' } } }
  | { status: 400; body: ReturnType<typeof errorBody<'no_active_generation'>> & { data: { type: 'no_active_generation'; topic: null; confirmation_url: null; task_id: null } } };

/** has_active_generation: 200 running, 202 waiting for payment, 400 nothing. */
export async function generationStatus(em: EntityManager, session: AuthSession): Promise<GenerationStatus> {
  const active = await em.findOne(Order, { user: session.user.id, status: { $in: ACTIVE_STATUSES } }, { orderBy: { createdAt: 'desc' } });
  if (active) return { status: 200, body: { data: { type: 'active_generation', topic: active.topic, confirmation_url: null, task_id: active.id } } };
  const pending = await em.findOne(Order, { user: session.user.id, status: 'pending_payment', paymentExpiresAt: { $gt: new Date() } });
  if (pending) return { status: 202, body: { data: { type: 'pending_payment', ...(await pendingDataOf(em, pending)) } } };
  return { status: 400, body: { ...errorBody('no_active_generation'), data: { type: 'no_active_generation', topic: null, confirmation_url: null, task_id: null } } };
}

/** Ends an unpaid order: its payment, the order, the promo use. Nothing happens to a paid one. */
async function endUnpaid(em: EntityManager, orderId: string, to: 'canceled' | 'expired'): Promise<Order | null> {
  return em.transactional(async (tx) => {
    const order = await tx.findOne(Order, { id: orderId }, { populate: ['user'], lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!order || order.status !== 'pending_payment') return null;
    order.status = to;
    await tx.nativeUpdate(Payment, { order: orderId, status: 'pending' }, { status: 'canceled' });
    if (order.promoCode) await releasePromo(tx, order.promoCode.id);
    await tx.flush();
    await publishOrder(tx, order);
    return order;
  });
}

/** Tells the provider (best effort: a redirect payment that was never paid cannot be cancelled at
 * YooKassa and simply lapses there; if it is paid after all, the late success is honoured). */
async function releaseAtProvider(provider: PaymentProvider, payment: Payment | null, log: FastifyBaseLogger) {
  if (!payment?.providerPaymentId) return;
  try {
    await provider.cancel(payment.providerPaymentId);
  } catch (error) {
    log.info({ err: error, paymentId: payment.id }, 'provider did not cancel the payment (it lapses on its side)');
  }
}

export async function cancelPayment(d: { em: EntityManager; provider: PaymentProvider; log: FastifyBaseLogger }, session: AuthSession, paymentId: string) {
  const payment = /^[0-9a-f-]{36}$/i.test(paymentId) ? await d.em.findOne(Payment, { id: paymentId, user: session.user.id }) : null;
  if (!payment || payment.status !== 'pending') throw new AppError('payment_not_found');
  const order = await endUnpaid(d.em, payment.order.id, 'canceled');
  if (!order) throw new AppError('payment_not_found');
  await releaseAtProvider(d.provider, payment, d.log);
}

/** The scheduled job: unpaid orders past their time expire. Returns how many. */
export async function expirePendingOrders(d: { em: EntityManager; provider: PaymentProvider; log: FastifyBaseLogger }): Promise<number> {
  const due = await d.em.find(Order, { status: 'pending_payment', paymentExpiresAt: { $lte: new Date() } }, { limit: 500 });
  let expired = 0;
  for (const order of due) {
    const payment = await d.em.findOne(Payment, { order: order.id }, { orderBy: { createdAt: 'desc' } });
    if (await endUnpaid(d.em.fork(), order.id, 'expired')) {
      expired++;
      await releaseAtProvider(d.provider, payment, d.log);
    }
  }
  return expired;
}

