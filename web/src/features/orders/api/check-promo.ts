import { tsr } from '@/lib/api-client';

/** GET payment/promo-code/{code}. Resolves with every status. */
export const checkPromo = (code: string) => tsr.payment.promoCode.query({ params: { code } });
