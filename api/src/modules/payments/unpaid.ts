/** Ending an unpaid order: the user's cancel (payment/cancel) and the scheduled expiry. */
import { AppError } from '../../errors.ts';
import type { AuthSession } from '../accounts/sessions.ts';
import { Order, Payment } from '../orders/entities.ts';
import { publishOrder } from '../orders/events.ts';
import { lockOrder, paymentOfOrder } from '../orders/repository.ts';
import { paymentCanceled, syncPayment, type PaymentDeps } from './payments.ts';

/**
 * Ends an unpaid order (the user's cancel or the expiry). The provider is asked first: a payment
 * that has already gone through is honoured, not cancelled (the answer is false). Otherwise the
 * order ends under its lock, so no later success can start its generation (a late success is
 * refunded), and the provider is asked to cancel the payment; the promo use comes back once the
 * provider says the payment will never succeed.
 */
async function endUnpaid(d: PaymentDeps, payment: Payment, to: 'canceled' | 'expired'): Promise<boolean> {
  const remote = await syncPayment(d, payment.id).catch((error: unknown) => {
    d.log.warn({ err: error, paymentId: payment.id }, 'provider not reachable; the order is ended and a late success refunded');
    return null;
  });
  if (remote === 'succeeded') return false;
  const ended = await d.em.fork().transactional(async (em) => {
    const order = await lockOrder(em, payment.order.id);
    if (!order || order.status !== 'pending_payment') return false;
    order.status = to;
    await em.flush();
    await publishOrder(em, order);
    return true;
  });
  if (ended && payment.providerPaymentId) {
    const now = await d.provider.cancel(payment.providerPaymentId).catch((error: unknown) => {
      d.log.info({ err: error, paymentId: payment.id }, 'provider did not cancel the payment (it lapses on its side)');
      return null;
    });
    if (now?.status === 'canceled') await paymentCanceled(d, payment.id);
  }
  return ended;
}

/** payment/cancel: 200 means the payment will never produce a generation; a cancel that comes
 * after the payment went through answers 400 and the generation goes on. */
export async function cancelPayment(d: PaymentDeps, session: AuthSession, paymentId: string): Promise<void> {
  const payment = /^[0-9a-f-]{36}$/i.test(paymentId) ? await d.em.findOne(Payment, { id: paymentId, user: session.user.id }) : null;
  if (!payment || !(await endUnpaid(d, payment, 'canceled'))) throw new AppError('payment_not_found');
}

/** The scheduled job: unpaid orders past their time expire. Returns how many. */
export async function expirePendingOrders(d: PaymentDeps): Promise<number> {
  const due = await d.em.find(Order, { status: 'pending_payment', paymentExpiresAt: { $lte: new Date() } }, { limit: 500 });
  let expired = 0;
  for (const order of due) {
    const payment = await paymentOfOrder(d.em, order.id);
    if (payment && (await endUnpaid(d, payment, 'expired'))) expired++;
  }
  return expired;
}
