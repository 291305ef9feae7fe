/** Promo codes: a percent off within a validity period and a usage limit. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors.ts';
import { PromoCode } from './entities.ts';

const live = (now = new Date()) => ({
  $and: [{ $or: [{ validFrom: null }, { validFrom: { $lte: now } }] }, { $or: [{ validUntil: null }, { validUntil: { $gt: now } }] }],
});

async function findLive(em: EntityManager, code: string): Promise<PromoCode | null> {
  const promo = await em.findOne(PromoCode, { code: code.trim().toUpperCase(), ...live() });
  if (!promo || (promo.usageLimit !== null && promo.usageLimit !== undefined && promo.usedCount >= promo.usageLimit)) return null;
  return promo;
}

/** The discount of a code as the promo endpoint answers it; 400 'Промокод не найден' otherwise. */
export async function promoDiscount(em: EntityManager, code: string): Promise<number> {
  const promo = await findLive(em, code);
  if (!promo) throw new AppError('promo_not_found');
  return promo.percent;
}

/**
 * Takes one use of a code for an order (atomically, so the limit holds under concurrency).
 * A code that is not usable fails the order with 412 'Промокод не найден'.
 */
export async function reservePromo(em: EntityManager, code: string): Promise<PromoCode> {
  const promo = await findLive(em, code);
  const taken = promo
    ? await em.execute<{ id: number }[]>(
        'update promo_codes set used_count = used_count + 1 where id = ? and (usage_limit is null or used_count < usage_limit) returning id',
        [promo.id],
      )
    : [];
  if (!promo || taken.length === 0) throw new AppError('promo_rejected');
  return promo;
}

/** Gives a use back when its order was cancelled or expired unpaid, or refunded. */
export async function releasePromo(em: EntityManager, promoId: number): Promise<void> {
  await em.execute('update promo_codes set used_count = greatest(used_count - 1, 0) where id = ?', [promoId]);
}

export async function createPromo(
  em: EntityManager,
  input: { code: string; percent: number; validFrom?: Date | null; validUntil?: Date | null; usageLimit?: number | null },
): Promise<PromoCode> {
  const code = input.code.trim().toUpperCase();
  if (!/^[A-Z0-9А-ЯЁ_-]{4,10}$/u.test(code)) throw new AppError('bad_request', { detail: 'Код: от 4 до 10 букв или цифр' });
  if (!Number.isInteger(input.percent) || input.percent < 1 || input.percent > 100)
    throw new AppError('bad_request', { detail: 'Скидка: целое число от 1 до 100' });
  const promo = em.create(PromoCode, {
    code,
    percent: input.percent,
    validFrom: input.validFrom ?? null,
    validUntil: input.validUntil ?? null,
    usageLimit: input.usageLimit ?? null,
    usedCount: 0,
  });
  await em.flush();
  return promo;
}

export const listPromos = (em: EntityManager) => em.find(PromoCode, {}, { orderBy: { id: 'asc' } });
