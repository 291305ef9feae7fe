/** YooKassa API v3: single-stage payments (capture: true, so that СБП and SberPay are offered),
 * redirect confirmation, refunds, 54-FZ receipts with the customer's e-mail (when the shop sends
 * receipts through YooKassa), our ids in metadata, an Idempotence-Key on every POST. */
import type { RefundStatus } from '@app/contract';
import type { PaymentStatus } from '../../orders/entities.ts';
import type { CreatePaymentInput } from '../../orders/place.ts';
import { ProviderError, type PaymentProvider, type ProviderPayment, type ProviderRefund, type RefundInput } from './types.ts';

export interface YooKassaOptions {
  shopId: string;
  secretKey: string;
  apiUrl: string;
  /** Send 54-FZ receipts (payment and refund) through YooKassa. */
  receipts: boolean;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface YooKassaPayment {
  id: string;
  status: PaymentStatus;
  amount: { value: string; currency: string };
  metadata?: Record<string, string>;
  confirmation?: { type: string; confirmation_url?: string };
  cancellation_details?: { party?: string; reason?: string };
}

interface YooKassaRefund {
  id: string;
  payment_id: string;
  status: RefundStatus;
  amount: { value: string; currency: string };
}

/** "30.00": YooKassa wants a decimal string with two digits after the point. */
const yookassaAmount = (rubles: number) => ({ value: rubles.toFixed(2), currency: 'RUB' });

/** A receipt of one service line (no VAT: vat_code 1), paid in full in advance. */
const receipt = (email: string, description: string, amount: number) => ({
  customer: { email },
  items: [
    {
      description,
      quantity: '1.00',
      amount: yookassaAmount(amount),
      vat_code: 1,
      payment_mode: 'full_prepayment',
      payment_subject: 'service',
    },
  ],
});

export function createYooKassaProvider(o: YooKassaOptions): PaymentProvider {
  const doFetch = o.fetch ?? fetch;
  const auth = `Basic ${Buffer.from(`${o.shopId}:${o.secretKey}`).toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotenceKey?: string): Promise<T> {
    let res: Response;
    try {
      res = await doFetch(`${o.apiUrl}${path}`, {
        method,
        headers: {
          authorization: auth,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(idempotenceKey ? { 'idempotence-key': idempotenceKey } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(o.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new ProviderError(`YooKassa ${method} ${path}: ${(error as Error).message}`);
    }
    const text = await res.text();
    // 500 means "the result is unknown": the same call with the same key is repeated later.
    if (!res.ok) throw new ProviderError(`YooKassa ${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ProviderError(`YooKassa ${method} ${path}: an answer that is not JSON`);
    }
  }

  const view = (p: YooKassaPayment): ProviderPayment => ({
    providerPaymentId: p.id,
    status: p.status,
    amount: Math.round(Number(p.amount.value)),
    metadata: p.metadata ?? {},
    ...(p.cancellation_details?.reason ? { failureCode: p.cancellation_details.reason } : {}),
  });
  const refundView = (r: YooKassaRefund): ProviderRefund => ({
    providerRefundId: r.id,
    providerPaymentId: r.payment_id,
    status: r.status,
    amount: Math.round(Number(r.amount.value)),
  });
  const id = (s: string) => encodeURIComponent(s);

  return {
    name: 'yookassa',
    async create(input: CreatePaymentInput) {
      const description = input.description.slice(0, 128);
      const payment = await call<YooKassaPayment>(
        'POST',
        '/payments',
        {
          amount: yookassaAmount(input.amount),
          capture: true,
          confirmation: { type: 'redirect', return_url: input.returnUrl },
          description,
          metadata: { order_id: input.orderId, payment_id: input.paymentId },
          ...(o.receipts ? { receipt: receipt(input.customerEmail, description, input.amount) } : {}),
        },
        input.paymentId,
      );
      const url = payment.confirmation?.confirmation_url;
      if (!url) throw new ProviderError('YooKassa returned no confirmation_url');
      return { providerPaymentId: payment.id, confirmationUrl: url, status: payment.status };
    },
    fetch: async (paymentId) => view(await call<YooKassaPayment>('GET', `/payments/${id(paymentId)}`)),
    // Only a payment waiting for capture can be cancelled through the API; a pending redirect
    // payment lapses at YooKassa by itself. Either way the answer is the payment as it stands.
    async cancel(paymentId) {
      const current = view(await call<YooKassaPayment>('GET', `/payments/${id(paymentId)}`));
      if (current.status !== 'waiting_for_capture') return current;
      return view(await call<YooKassaPayment>('POST', `/payments/${id(paymentId)}/cancel`, {}, `cancel-${paymentId}`));
    },
    async refund(input: RefundInput) {
      const description = input.description.slice(0, 250);
      const withReceipt = o.receipts && input.customerEmail;
      return refundView(
        await call<YooKassaRefund>(
          'POST',
          '/refunds',
          {
            payment_id: input.providerPaymentId,
            amount: yookassaAmount(input.amount),
            description,
            ...(withReceipt ? { receipt: receipt(input.customerEmail!, description.slice(0, 128), input.amount) } : {}),
          },
          input.refundId,
        ),
      );
    },
    fetchRefund: async (refundId) => refundView(await call<YooKassaRefund>('GET', `/refunds/${id(refundId)}`)),
  };
}
