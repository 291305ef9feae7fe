/** YooKassa API v3: two-stage payments (capture after we have checked the order), redirect
 * confirmation, a 54-FZ receipt with the customer's e-mail, our ids in metadata. */
import type { PaymentStatus } from '../entities.ts';
import { ProviderError, type CreatePaymentInput, type PaymentProvider, type ProviderPayment } from './types.ts';

export interface YooKassaOptions {
  shopId: string;
  secretKey: string;
  apiUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface YooKassaPayment {
  id: string;
  status: PaymentStatus;
  amount: { value: string; currency: string };
  metadata?: Record<string, string>;
  confirmation?: { type: string; confirmation_url?: string };
}

/** "30.00": YooKassa wants a decimal string with two digits after the point. */
export const yookassaAmount = (rubles: number) => ({ value: rubles.toFixed(2), currency: 'RUB' });

export function createYooKassaProvider(o: YooKassaOptions): PaymentProvider {
  const doFetch = o.fetch ?? fetch;
  const auth = `Basic ${Buffer.from(`${o.shopId}:${o.secretKey}`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, idempotenceKey?: string): Promise<YooKassaPayment> {
    const res = await doFetch(`${o.apiUrl}${path}`, {
      method,
      headers: {
        authorization: auth,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(idempotenceKey ? { 'idempotence-key': idempotenceKey } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(o.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    if (!res.ok) throw new ProviderError(`YooKassa ${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as YooKassaPayment;
  }

  const view = (p: YooKassaPayment): ProviderPayment => ({
    providerPaymentId: p.id,
    status: p.status,
    amount: Math.round(Number(p.amount.value)),
    metadata: p.metadata ?? {},
  });

  return {
    name: 'yookassa',
    async create(input: CreatePaymentInput) {
      const description = input.description.slice(0, 128);
      const payment = await call(
        'POST',
        '/payments',
        {
          amount: yookassaAmount(input.amount),
          capture: false,
          confirmation: { type: 'redirect', return_url: input.returnUrl },
          description,
          metadata: { order_id: input.orderId, payment_id: input.paymentId },
          receipt: {
            customer: { email: input.customerEmail },
            items: [
              {
                description,
                quantity: '1.00',
                amount: yookassaAmount(input.amount),
                vat_code: 1,
                payment_mode: 'full_prepayment',
                payment_subject: 'service',
              },
            ],
          },
        },
        input.paymentId,
      );
      const url = payment.confirmation?.confirmation_url;
      if (!url) throw new ProviderError('YooKassa returned no confirmation_url');
      return { providerPaymentId: payment.id, confirmationUrl: url, status: payment.status };
    },
    fetch: async (id) => view(await call('GET', `/payments/${encodeURIComponent(id)}`)),
    capture: async (id, amount) =>
      view(await call('POST', `/payments/${encodeURIComponent(id)}/capture`, { amount: yookassaAmount(amount) }, `capture-${id}`)),
    cancel: async (id) => view(await call('POST', `/payments/${encodeURIComponent(id)}/cancel`, {}, `cancel-${id}`)),
  };
}
