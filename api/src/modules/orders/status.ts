/** The user's current order: has_active_generation, and what an unpaid one shows (cancelling and
 * expiring it are the payments module's: payments/unpaid.ts). */
import type { Contract } from '@app/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServerInferResponses } from '@ts-rest/core';
import { errorBody } from '../../errors.ts';
import type { AuthSession } from '../accounts/sessions.ts';
import { ACTIVE_STATUSES, Order } from './entities.ts';
import { paymentOfOrder } from './repository.ts';

export async function pendingDataOf(em: EntityManager, order: Order) {
  const payment = await paymentOfOrder(em, order.id);
  const left = Math.max(0, Math.floor((order.paymentExpiresAt.getTime() - Date.now()) / 1000));
  return {
    confirmation_url: payment?.confirmationUrl ?? '',
    topic: order.topic,
    task_id: order.id,
    payment_id: payment?.id ?? '',
    minutes_to_cancel: Math.floor(left / 60),
    seconds_to_cancel: left % 60,
  };
}

/** What has_active_generation answers, as the contract declares it. */
export type ActiveGenerationResponse = ServerInferResponses<Contract['generation']['hasActiveGeneration'], 200 | 202 | 400>;

/** has_active_generation: 200 running, 202 waiting for payment, 400 nothing. */
export async function generationStatus(em: EntityManager, session: AuthSession): Promise<ActiveGenerationResponse> {
  const active = await em.findOne(Order, { user: session.user.id, status: { $in: ACTIVE_STATUSES } }, { orderBy: { createdAt: 'desc' } });
  if (active)
    return { status: 200, body: { data: { type: 'active_generation', topic: active.topic, confirmation_url: null, task_id: active.id } } };
  const pending = await em.findOne(Order, { user: session.user.id, status: 'pending_payment', paymentExpiresAt: { $gt: new Date() } });
  if (pending) return { status: 202, body: { data: { type: 'pending_payment', ...(await pendingDataOf(em, pending)) } } };
  return {
    status: 400,
    body: {
      ...errorBody('no_active_generation'),
      data: { type: 'no_active_generation', topic: null, confirmation_url: null, task_id: null },
    },
  };
}
