import { tsr } from '@/lib/api-client';

/** POST payment/cancel. Resolves with every status. */
export const cancelPayment = (paymentId: string) => tsr.payment.cancel.mutate({ body: { payment_id: paymentId } });
