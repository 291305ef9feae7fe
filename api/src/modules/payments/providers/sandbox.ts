/** The built-in sandbox provider (the default): no real money. It keeps its own books in
 * `sandbox_payments` and `sandbox_refunds`, shows its own confirmation page with pay and cancel
 * buttons, and tells us about a decision the way YooKassa does (a notification that we verify by
 * re-reading), so both providers take the same path through the service. Its rules are
 * YooKassa's: single-stage payments, refunds of succeeded payments only, never more than was paid,
 * one answer per idempotence key. */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RefundStatus } from '@app/contract';
import type { PaymentStatus } from '../../orders/entities.ts';
import { ProviderError, type PaymentProvider, type ProviderPayment, type ProviderRefund } from './types.ts';

interface Row {
  id: string;
  amount: number;
  status: PaymentStatus;
  metadata: Record<string, string>;
  return_url: string;
  description: string;
}

interface RefundRow {
  id: string;
  payment_id: string;
  amount: number;
  status: RefundStatus;
}

export function createSandboxProvider(em: () => EntityManager, publicUrl: string): PaymentProvider & SandboxBooks {
  const read = async (id: string): Promise<Row> => {
    const [row] = await em().execute<Row[]>('select * from sandbox_payments where id = ?', [id]);
    if (!row) throw new ProviderError(`sandbox payment ${id} not found`);
    return row;
  };
  const view = (r: Row): ProviderPayment => ({ providerPaymentId: r.id, status: r.status, amount: r.amount, metadata: r.metadata });
  const move = async (id: string, from: PaymentStatus, to: PaymentStatus): Promise<Row> => {
    const rows = await em().execute<Row[]>(`update sandbox_payments set status = ? where id = ? and status = ? returning *`, [
      to,
      id,
      from,
    ]);
    return rows[0] ?? read(id);
  };
  const refundView = (r: RefundRow): ProviderRefund => ({
    providerRefundId: r.id,
    providerPaymentId: r.payment_id,
    status: r.status,
    amount: r.amount,
  });

  return {
    name: 'sandbox',
    async create(input) {
      const id = `sbx_${randomUUID()}`;
      await em().execute(
        `insert into sandbox_payments (id, amount, status, metadata, return_url, description) values (?, ?, 'pending', ?, ?, ?)`,
        [id, input.amount, JSON.stringify({ order_id: input.orderId, payment_id: input.paymentId }), input.returnUrl, input.description],
      );
      return { providerPaymentId: id, confirmationUrl: `${publicUrl}/api/v1/payment/sandbox/${id}/`, status: 'pending' };
    },
    fetch: async (id) => view(await read(id)),
    cancel: async (id) => view(await move(id, 'pending', 'canceled')),
    async refund(input) {
      const [done] = await em().execute<RefundRow[]>('select * from sandbox_refunds where idempotence_key = ?', [input.refundId]);
      if (done) return refundView(done);
      // One statement, so that two refunds of one payment cannot both pass the checks.
      const rows = await em().execute<RefundRow[]>(
        `insert into sandbox_refunds (id, payment_id, amount, status, idempotence_key)
         select ?, p.id, ?, 'succeeded', ? from sandbox_payments p
         where p.id = ? and p.status = 'succeeded'
           and p.amount >= ? + coalesce((select sum(amount) from sandbox_refunds r where r.payment_id = p.id and r.status <> 'canceled'), 0)
         on conflict (idempotence_key) do nothing
         returning *`,
        [`sbx_refund_${randomUUID()}`, input.amount, input.refundId, input.providerPaymentId, input.amount],
      );
      if (rows[0]) return refundView(rows[0]);
      const [raced] = await em().execute<RefundRow[]>('select * from sandbox_refunds where idempotence_key = ?', [input.refundId]);
      if (raced) return refundView(raced);
      throw new ProviderError(
        `sandbox refund refused: payment ${input.providerPaymentId} is not succeeded or the amount exceeds what is left`,
      );
    },
    async fetchRefund(id) {
      const [row] = await em().execute<RefundRow[]>('select * from sandbox_refunds where id = ?', [id]);
      if (!row) throw new ProviderError(`sandbox refund ${id} not found`);
      return refundView(row);
    },
    page: read,
    decide: async (id, decision) => view(await move(id, 'pending', decision === 'pay' ? 'succeeded' : 'canceled')),
  };
}

/** What the sandbox's own confirmation page needs. */
export interface SandboxBooks {
  page(id: string): Promise<Row>;
  /** The payer's decision on the page: pay (the money is taken at once) or cancel. */
  decide(id: string, decision: 'pay' | 'cancel'): Promise<ProviderPayment>;
}
