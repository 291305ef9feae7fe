import { createPaymentFormData, type CreatePaymentForm } from '@app/contract';
import { tsr } from '@/lib/api-client';

/** POST payment/create (multipart). Resolves with every status; the caller maps it (section 8). */
export const createPayment = (form: CreatePaymentForm) => tsr.payment.create.mutate({ body: createPaymentFormData(form) });
