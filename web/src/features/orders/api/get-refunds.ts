import { tsr } from '@/lib/api-client';

/** The user's refunds, newest first (the cabinet's "Возвраты"). */
export const useRefunds = () => tsr.payment.refunds.useQuery({ queryKey: ['payment', 'refunds'] });
