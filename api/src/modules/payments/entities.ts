import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { User } from '../accounts/entities.ts';
import { Order } from '../orders/entities.ts';

export const PAYMENT_STATUSES = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type ProviderName = 'sandbox' | 'yookassa';

/** A payment with a provider. Kept for accounting after the account is deleted. */
export const Payment = defineEntity({
  name: 'Payment',
  tableName: 'payments',
  properties: {
    id: p.uuid().primary(),
    order: () => p.manyToOne(Order),
    user: () => p.manyToOne(User),
    provider: p.string().$type<ProviderName>(),
    providerPaymentId: p.string().nullable().unique(),
    amount: p.integer(),
    currency: p.string().default('RUB'),
    status: p.string().$type<PaymentStatus>(),
    confirmationUrl: p.string().nullable(),
    /** For the 54-FZ receipt; removed with the account. */
    receiptEmail: p.string().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type Payment = InferEntity<typeof Payment>;
