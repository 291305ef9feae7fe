/** The books must balance: every captured ruble ends as a delivered paper (or defence kit, or a
 * revision round's version) or a refund. Checked at
 * the end of every payment and fault test, against our database and the provider's own books. */
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { moneyBooks, type ProviderBooks } from './books.ts';
import { untilOrderEvents } from './events.ts';

export { sandboxBooks, type ProviderBooks } from './books.ts';

/** Asserts captured = delivered + refunded with nothing left open, and, when given, that the
 * provider's books say the same. */
export async function expectMoneyBalanced(t: Pick<TestApp, 'sql'>, provider?: ProviderBooks) {
  const books = await moneyBooks(t);
  expect(books.open, 'captured money that is neither delivered nor refunded').toEqual([]);
  expect(books.captured).toBe(books.delivered + books.refunded);
  if (provider) expect({ captured: books.captured, refunded: books.refunded }).toEqual(provider);
  return books;
}

/**
 * Resolves when no generation is on its way and no captured money is left open; given the
 * provider's books, also not before our database has seen every payment the provider captured and
 * every refund it made (a payment captured while the API was down is known only to the provider
 * until the reconciliation reads it).
 */
export function waitForMoneySettled(t: Pick<TestApp, 'sql' | 'databaseUrl'>, provider?: () => ProviderBooks, timeoutMs = 180_000) {
  const state = async () => {
    const books = await moneyBooks(t);
    const { rows } = await t.sql(`select count(*)::int as n from orders where status in ('queued', 'generating')`);
    return { books, generating: rows[0].n as number };
  };
  return untilOrderEvents(
    t,
    async () => {
      const s = await state();
      const known = !provider || (provider().captured === s.books.captured && provider().refunded === s.books.refunded);
      return s.books.open.length === 0 && s.generating === 0 && known ? s.books : null;
    },
    async () => `money still open: ${JSON.stringify(await state())}`,
    timeoutMs,
  );
}
