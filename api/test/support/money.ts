/** The books must balance: every captured ruble ends as a delivered paper (or defence kit, or a
 * revision round's version) or a refund. Checked at
 * the end of every payment and fault test, against our database and the provider's own books. */
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { untilOrderEvents } from './events.ts';

export interface ProviderBooks {
  /** Rubles the provider took. */
  captured: number;
  /** Rubles the provider gave back. */
  refunded: number;
}

interface Row {
  payment_id: string;
  amount: number;
  order_status: string;
  has_paper: boolean;
  refunded: number;
  refunding: number;
}

async function moneyBooks(t: Pick<TestApp, 'sql'>) {
  const { rows } = await t.sql(
    `select p.id as payment_id, p.amount, o.status as order_status,
            (exists (select 1 from papers pa where pa.order_id = o.id)
              or exists (select 1 from defence_kits k where k.order_id = o.id)
              or exists (select 1 from paper_versions v where v.order_id = o.id and v.number > 1)) as has_paper,
            (select coalesce(sum(amount), 0)::int from refunds r where r.payment_id = p.id and r.status = 'succeeded') as refunded,
            (select count(*)::int from refunds r where r.payment_id = p.id and r.status = 'pending') as refunding
     from payments p join orders o on o.id = p.order_id where p.status = 'succeeded'`,
  );
  let captured = 0;
  let delivered = 0;
  let refunded = 0;
  const open: string[] = [];
  for (const r of rows as Row[]) {
    captured += r.amount;
    if (r.refunded > 0) {
      refunded += r.refunded;
      if (r.refunded !== r.amount) open.push(`${r.payment_id}: refunded ${r.refunded} of ${r.amount}`);
    } else if (r.order_status === 'completed' && r.has_paper) delivered += r.amount;
    else open.push(`${r.payment_id}: ${r.amount} ₽ captured, order ${r.order_status}${r.refunding ? ', refund pending' : ''}`);
  }
  const { rows: stray } = await t.sql(
    `select r.id from refunds r join payments p on p.id = r.payment_id where r.status <> 'canceled' and p.status <> 'succeeded'`,
  );
  for (const s of stray) open.push(`refund ${s.id} of a payment that was never captured`);
  return { captured, delivered, refunded, open };
}

/** Asserts captured = delivered + refunded with nothing left open, and, when given, that the
 * provider's books say the same. */
export async function expectMoneyBalanced(t: Pick<TestApp, 'sql'>, provider?: ProviderBooks) {
  const books = await moneyBooks(t);
  expect(books.open, 'captured money that is neither delivered nor refunded').toEqual([]);
  expect(books.captured).toBe(books.delivered + books.refunded);
  if (provider) expect({ captured: books.captured, refunded: books.refunded }).toEqual(provider);
  return books;
}

/** The sandbox provider's own books. */
export async function sandboxBooks(t: Pick<TestApp, 'sql'>): Promise<ProviderBooks> {
  const { rows } = await t.sql(
    `select (select coalesce(sum(amount), 0)::int from sandbox_payments where status = 'succeeded') as captured,
            (select coalesce(sum(amount), 0)::int from sandbox_refunds where status = 'succeeded') as refunded`,
  );
  return rows[0];
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
