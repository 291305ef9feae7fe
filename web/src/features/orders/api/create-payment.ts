import { tsr } from '@/lib/api-client';

/** POST payment/create (multipart). Resolves with every status; the caller maps it (section 8). */
export const createPayment = (body: FormData) => tsr.payment.create.mutate({ body });
