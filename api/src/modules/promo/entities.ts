import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';

/** A promo code: a percent off, a validity period and an optional usage limit. */
export const PromoCode = defineEntity({
  name: 'PromoCode',
  tableName: 'promo_codes',
  properties: {
    id: p.integer().primary(),
    code: p.string(),
    percent: p.integer(),
    validFrom: p.datetime().nullable(),
    validUntil: p.datetime().nullable(),
    usageLimit: p.integer().nullable(),
    /** Orders holding the code: reserved when a payment is created, released if it never succeeds. */
    usedCount: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type PromoCode = InferEntity<typeof PromoCode>;
