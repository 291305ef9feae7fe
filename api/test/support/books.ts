/** The books of our database: every captured ruble, and whether it ended as a delivered paper (or
 * defence kit, or a revision round's version) or a refund; what is neither is `open`. Shared by
 * the money tests (support/money.ts) and the scale benchmark (bench/scale.ts), so free of vitest. */
import type { QueryResult } from 'pg';

type Sql = (text: string, params?: unknown[]) => Promise<QueryResult>;

export interface ProviderBooks {
  /** Rubles the provider took. */
  captured: number;
  /** Rubles the provider gave back. */
  refunded: number;
}

/** The sandbox provider's own books. */
export async function sandboxBooks(t: { sql: Sql }): Promise<ProviderBooks> {
  const { rows } = await t.sql(
    `select (select coalesce(sum(amount), 0)::int from sandbox_payments where status = 'succeeded') as captured,
            (select coalesce(sum(amount), 0)::int from sandbox_refunds where status = 'succeeded') as refunded`,
  );
  return rows[0];
}

interface Row {
  payment_id: string;
  amount: number;
  order_status: string;
  has_paper: boolean;
  refunded: number;
  refunding: number;
}

export async function moneyBooks(t: { sql: Sql }) {
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
