/**
 * The refund decision: whether the money captured for an order goes back, and why. Every path that
 * finds an order's money captured asks here: the provider's word that it took the money
 * (payments.ts), a generation that failed for good (lifecycle.ts's failOrder, called by a failed
 * run in generation/ and by the reconciliation for a worker lost too often) and the
 * reconciliation's sweep of captured money whose order ended without a refund (reconcile.ts).
 * Support's refund by hand and an account's deletion are decisions of people, made where they act
 * (lifecycle.ts); all are recorded and sent by refunds.ts.
 */
import type { RefundReason } from '@app/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../accounts/entities.ts';
import type { Order } from '../orders/entities.ts';
import { demoAlreadyBought } from '../papers/papers.ts';

/**
 * Why the captured money of this order goes back, or null when the order keeps it (it is delivered,
 * or is to be). `justCaptured`: the provider has just taken the money, so an order already paid
 * (queued, generating, completed) was paid twice. Call it under the order's lock.
 */
export async function decideRefund(
  em: EntityManager,
  order: Order,
  { justCaptured }: { justCaptured: boolean },
): Promise<RefundReason | null> {
  switch (order.status) {
    case 'failed':
      return 'generation_failed';
    case 'canceled':
      return 'order_canceled';
    case 'expired':
      return 'order_expired';
    case 'pending_payment': {
      const user = await em.findOne(User, { id: order.user.id });
      if (!user || user.deletedAt) return 'account_deleted';
      if (order.sourcePaper && (await demoAlreadyBought(em, order.sourcePaper.id, order.id))) return 'duplicate';
      return null;
    }
    default:
      return justCaptured ? 'duplicate' : null;
  }
}
