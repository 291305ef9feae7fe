/** The built-in sandbox provider (the default): no real money. It keeps its own books in
 * `sandbox_payments`, shows its own confirmation page with pay and cancel buttons, and tells us
 * about a decision the way YooKassa does (a notification that we verify by re-reading), so both
 * providers take the same path through the service. */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaymentStatus } from '../entities.ts';
import { ProviderError, type PaymentProvider, type ProviderPayment } from './types.ts';

interface Row {
  id: string;
  amount: number;
  status: PaymentStatus;
  metadata: Record<string, string>;
  return_url: string;
  description: string;
}

export function createSandboxProvider(em: () => EntityManager, publicUrl: string): PaymentProvider & SandboxBooks {
  const read = async (id: string): Promise<Row> => {
    const [row] = await em().execute<Row[]>('select * from sandbox_payments where id = ?', [id]);
    if (!row) throw new ProviderError(`sandbox payment ${id} not found`);
    return row;
  };
  const view = (r: Row): ProviderPayment => ({ providerPaymentId: r.id, status: r.status, amount: r.amount, metadata: r.metadata });
  const move = async (id: string, from: PaymentStatus[], to: PaymentStatus): Promise<Row> => {
    const rows = await em().execute<Row[]>(`update sandbox_payments set status = ? where id = ? and status in (${from.map(() => '?').join(',')}) returning *`, [to, id, ...from]);
    return rows[0] ?? read(id);
  };

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
    capture: async (id) => view(await move(id, ['waiting_for_capture'], 'succeeded')),
    cancel: async (id) => view(await move(id, ['pending', 'waiting_for_capture'], 'canceled')),
    page: read,
    decide: async (id, decision) => view(await move(id, ['pending'], decision === 'pay' ? 'waiting_for_capture' : 'canceled')),
  };
}

/** What the sandbox's own confirmation page needs. */
export interface SandboxBooks {
  page(id: string): Promise<Row>;
  /** The payer's decision on the page: pay (the money waits for capture) or cancel. */
  decide(id: string, decision: 'pay' | 'cancel'): Promise<ProviderPayment>;
}
