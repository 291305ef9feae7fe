/** The ends of a paid order that are not a delivered paper: a generation that failed for good, a
 * refund that support decides on, an account deleted while its order was on its way. All give the
 * money back. */
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors.ts';
import { Paper } from '../papers/entities.ts';
import { ACTIVE_STATUSES, Order, Payment, type Refund } from '../orders/entities.ts';
import { publishOrder } from '../orders/events.ts';
import type { PaymentDeps } from './payments.ts';
import { decideRefund } from './refund-decision.ts';
import { recordRefund, sendRefund } from './refunds.ts';
import { lockOrder } from '../orders/repository.ts';

/** The order's payment, locked after the order (the one lock order), if it was captured. */
async function lockCapturedPayment(em: EntityManager, orderId: string): Promise<Payment | null> {
  const payment = await em.findOne(Payment, { order: orderId, status: 'succeeded' }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  return payment;
}

/** The technical detail of a failure, for support: the error's stack and its causes' (the engine's
 * error wraps the model's or the converter's), each cut to its first lines. */
export function failureDetail(error: unknown): string {
  const parts: string[] = [];
  for (let e = error, depth = 0; e !== undefined && e !== null && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const text = e instanceof Error ? (e.stack ?? `${e.name}: ${e.message}`) : String(e);
    parts.push(`${depth ? 'Caused by: ' : ''}${text.split('\n').slice(0, 8).join('\n')}`);
  }
  return parts.join('\n');
}

/**
 * The run that delivers: in one transaction, unless support refunded and cancelled the order
 * meanwhile (false), `deliver` records what was made, the order completes and the user is told.
 */
export async function completeOrder(
  d: Pick<PaymentDeps, 'em' | 'jobs'>,
  orderId: string,
  deliver: (tx: EntityManager, order: Order) => Promise<void> | void,
): Promise<boolean> {
  return d.em.fork().transactional(async (tx) => {
    const current = await lockOrder(tx, orderId);
    if (current?.status !== 'generating') return false;
    await deliver(tx, current);
    current.status = 'completed';
    current.progress = 100;
    current.stage = 'Готово';
    await tx.flush();
    await publishOrder(tx, current);
    await d.jobs.notify(tx, { orderId, kind: 'generation_completed' });
    return true;
  });
}

/**
 * A generation that failed for good: the order ends `failed` with a Russian message for the user
 * and the technical detail for support, its payment is refunded (decideRefund), and the user is told. Only a
 * generating order is failed (a finished or cancelled one is left as it is).
 */
export async function failOrder(d: PaymentDeps, orderId: string, failure: { message: string; detail: string }): Promise<boolean> {
  const refundId = await d.em.fork().transactional(async (em) => {
    const order = await lockOrder(em, orderId);
    if (!order || order.status !== 'generating') return undefined;
    order.status = 'failed';
    order.error = failure.message;
    order.failureDetail = failure.detail.slice(0, 4000);
    const payment = await lockCapturedPayment(em, orderId);
    const reason = payment && (await decideRefund(em, order, { justCaptured: false }));
    const refund = payment && reason ? await recordRefund(em, { order, payment, reason }) : null;
    await em.flush();
    await publishOrder(em, order);
    await d.jobs.notify(em, { orderId, kind: 'generation_failed' });
    return refund?.id ?? null;
  });
  if (refundId === undefined) return false;
  if (refundId) await sendRefund(d, refundId);
  return true;
}

/**
 * Support refunds an order by hand (a complaint, a goodwill gesture): the captured payment goes
 * back; a generation still on its way stops (the order is cancelled, so it can never complete);
 * a delivered full paper is no longer downloadable.
 */
export async function refundOrderBySupport(d: PaymentDeps, orderId: string, comment: string): Promise<Refund> {
  const refund = await d.em.fork().transactional(async (em) => {
    const order = await lockOrder(em, orderId);
    if (!order) throw new AppError('not_found', { detail: `Заказ ${orderId} не найден` });
    const payment = await lockCapturedPayment(em, orderId);
    if (!payment) throw new AppError('bad_request', { detail: `У заказа ${orderId} нет оплаченного платежа` });
    if (order.status === 'queued' || order.status === 'generating') order.status = 'canceled';
    // (A revision round's paper was bought by another order: refunding the round leaves it as it is.)
    if (order.paper && order.kind !== 'revision') await em.nativeUpdate(Paper, { id: order.paper.id }, { paidAt: null });
    const recorded = await recordRefund(em, { order, payment, reason: 'support', comment });
    await em.flush();
    await publishOrder(em, order);
    return recorded;
  });
  await sendRefund(d, refund.id);
  return refund;
}

/**
 * An account is being deleted: its unpaid and unfinished orders end (cancelled: no paper is made
 * for an account that no longer exists, and a late payment is refunded), and what was captured for
 * them is recorded for refund. Runs inside the deletion's transaction; the reconciliation sends the
 * refunds within one period.
 */
export async function endOrdersOfDeletedAccount(em: EntityManager, userId: number): Promise<void> {
  const orders = await em.find(
    Order,
    { user: userId, status: { $in: ['pending_payment', ...ACTIVE_STATUSES] } },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  for (const order of orders) {
    const payment = await lockCapturedPayment(em, order.id);
    order.status = 'canceled';
    if (payment) await recordRefund(em, { order, payment, reason: 'account_deleted' });
  }
  await em.flush();
  for (const order of orders) await publishOrder(em, order);
}
