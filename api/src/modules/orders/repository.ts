/**
 * The orders module's data access: orders, their payments and refunds. Every change of money or
 * order state takes its locks here, in one order: the order row, then its payment row, then its
 * refunds. Concurrent pay, cancel, expiry, refund and reconciliation therefore take turns instead
 * of deadlocking. Locked rows are read without joins (a joined FOR UPDATE would lock the user too).
 */
import type { PaperType } from '@app/contract';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { BOSS_SCHEMA, QUEUE } from '../../jobs/queues.ts';
import { Order, OrderFile, Payment, Refund, type OrderStatus } from './entities.ts';

export const lockOrder = (em: EntityManager, orderId: string) =>
  em.findOne(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });

/** The order of a payment and the payment, locked in that order. */
export async function lockOrderAndPayment(em: EntityManager, paymentId: string): Promise<{ order: Order; payment: Payment } | null> {
  // A payment never changes its order, so the id can be read before the locks are taken.
  const [row] = await em.execute<{ order_id: string }[]>('select order_id from payments where id = ?', [paymentId]);
  if (!row) return null;
  const order = await lockOrder(em, row.order_id);
  const payment = await em.findOne(Payment, { id: paymentId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  return order && payment ? { order, payment } : null;
}

/** The order's payment (one per order; the newest should there ever be more). */
export const paymentOfOrder = (em: EntityManager, orderId: string) =>
  em.findOne(Payment, { order: orderId }, { orderBy: { createdAt: 'desc' } });

/** The refund of a payment that is not declined (at most one: full refunds only). */
export const liveRefundOf = (em: EntityManager, paymentId: string) =>
  em.findOne(Refund, { payment: paymentId, status: { $ne: 'canceled' } });

// ---------- what the reconciliation looks for ----------

/** Payments the provider has not settled yet, least recently checked first. */
export const unsettledPayments = (em: EntityManager, olderThanSeconds: number, limit: number) =>
  em.execute<{ id: string }[]>(
    `select id from payments
     where status in ('pending', 'waiting_for_capture') and provider_payment_id is not null
       and created_at < now() - make_interval(secs => ?) and (checked_at is null or checked_at < now() - make_interval(secs => ?))
     order by checked_at nulls first limit ?`,
    [olderThanSeconds, olderThanSeconds, limit],
  );

/** Captured money with neither a delivered paper nor a refund, whose order will not deliver one:
 * failed, canceled or expired orders (queued and generating ones are still on their way). */
export const capturedWithoutOutcome = (em: EntityManager, limit: number) =>
  em.execute<{ payment_id: string; order_id: string; status: OrderStatus; declined: number }[]>(
    `select p.id as payment_id, o.id as order_id, o.status,
            (select count(*)::int from refunds r where r.payment_id = p.id and r.status = 'canceled') as declined
     from payments p join orders o on o.id = p.order_id
     where p.status = 'succeeded' and o.status in ('failed', 'canceled', 'expired')
       and not exists (select 1 from refunds r where r.payment_id = p.id and r.status <> 'canceled')
     limit ?`,
    [limit],
  );

/** Refunds sent or to be sent that the provider has not settled yet. */
export const pendingRefunds = (em: EntityManager, limit: number) =>
  em.execute<{ id: string }[]>(`select id from refunds where status = 'pending' order by created_at limit ?`, [limit]);

/**
 * Paid orders whose generation job was lost, or whose worker went silent, and that no job waits
 * for: an order queued behind others on the day of a rush already has its job (a job sent again
 * at every sweep of every worker filled the queue faster than the workers emptied it:
 * `npm run bench:scale -w api`), and one handed back by a stopping worker has its retry.
 */
export const stalledGenerations = (em: EntityManager, staleSeconds: number) =>
  em.execute<{ id: string; status: OrderStatus; attempts: number; paper_type: PaperType }[]>(
    `select o.id, o.status, o.attempts, o.paper_type from orders o
     where ((o.status = 'queued' and o.updated_at < now() - interval '30 seconds')
        or (o.status = 'generating' and (o.heartbeat_at is null or o.heartbeat_at < now() - make_interval(secs => ?))))
       and not exists (select 1 from ${BOSS_SCHEMA}.job j
                       where j.name = ? and j.state in ('created', 'retry') and j.data->>'orderId' = o.id::text)`,
    [staleSeconds, QUEUE.generate],
  );

/**
 * The files a paper made for this order is written from, in the order the engine numbers them:
 * a full version's demo's files first (the demo's chapter 1, kept, may cite them), then its own.
 */
export async function attachedFilesOf(em: EntityManager, orderId: string): Promise<OrderFile[]> {
  const order = await em.findOneOrFail(Order, { id: orderId }, { populate: ['sourcePaper'] });
  const demoOrderId = order.sourcePaper?.orderId;
  const own = await em.find(OrderFile, { order: orderId }, { orderBy: { position: 'asc' } });
  if (!demoOrderId) return own;
  return [...(await em.find(OrderFile, { order: demoOrderId }, { orderBy: { position: 'asc' } })), ...own];
}
