/** YooKassa: the adapter against a local server that checks what the real API checks, and the
 * notification paths (duplicates, unknown, out of order, late success after a cancel). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createYooKassaProvider } from '../src/modules/orders/providers/yookassa.ts';
import { Client, signUp, startTestApp, type TestApp } from './support/app.ts';
import { createPayment, newOrder } from './support/orders.ts';
import { startYooKassa } from './support/yookassaServer.ts';

let yk: Awaited<ReturnType<typeof startYooKassa>>;
let t: TestApp;
beforeAll(async () => {
  yk = await startYooKassa('123456', 'test_secret');
  // No worker here: a paid order stays queued, so a generation that starts twice would show.
  t = await startTestApp({ PAYMENT_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: '123456', YOOKASSA_SECRET_KEY: 'test_secret', YOOKASSA_API_URL: yk.url });
});
afterAll(async () => {
  await t.close();
  await yk.close();
});

const notify = (body: unknown) => new Client(t.app).post('/api/v1/payment/yookassa/notification/', body);
const order = async (taskId: string) => (await t.sql('select status, paid_at from orders where id = $1', [taskId])).rows[0];
const generateJobs = async (taskId: string) =>
  Number((await t.sql(`select count(*) from pgboss.job where name = 'generate' and data->>'orderId' = $1`, [taskId])).rows[0].count);

describe('adapter', () => {
  it('creates a two-stage payment with amount "30.00", an Idempotence-Key and a 54-FZ receipt', async () => {
    const provider = createYooKassaProvider({ shopId: '123456', secretKey: 'test_secret', apiUrl: yk.url });
    const created = await provider.create({ paymentId: 'p-1', orderId: 'o-1', amount: 30, description: 'Демо-версия работы', returnUrl: 'http://localhost/return', customerEmail: 'buyer@example.ru' });
    expect(created.status).toBe('pending');
    const request = yk.requests.at(-1)!;
    expect(request.idempotenceKey).toBe('p-1');
    expect(request.body).toMatchObject({
      amount: { value: '30.00', currency: 'RUB' },
      capture: false,
      confirmation: { type: 'redirect', return_url: 'http://localhost/return' },
      metadata: { order_id: 'o-1', payment_id: 'p-1' },
      receipt: { customer: { email: 'buyer@example.ru' }, items: [{ amount: { value: '30.00', currency: 'RUB' }, vat_code: 1, payment_subject: 'service' }] },
    });
    // A retried create with the same key gets the same payment, not a second one.
    const again = await provider.create({ paymentId: 'p-1', orderId: 'o-1', amount: 30, description: 'Демо-версия работы', returnUrl: 'http://localhost/return', customerEmail: 'buyer@example.ru' });
    expect(again.providerPaymentId).toBe(created.providerPaymentId);

    yk.pay(created.providerPaymentId);
    expect((await provider.capture(created.providerPaymentId, 30)).status).toBe('succeeded');
    const wrongKey = createYooKassaProvider({ shopId: '123456', secretKey: 'wrong', apiUrl: yk.url });
    await expect(wrongKey.fetch(created.providerPaymentId)).rejects.toThrow(/401/);
  });
});

describe('notifications', () => {
  it('a duplicated and concurrent notification captures once and starts exactly one generation', async () => {
    const u = await signUp(t);
    const created = await createPayment(u.client, newOrder());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { task_id, confirmation_url } = created.body.data;
    expect(confirmation_url).toMatch(/^https:\/\/yoomoney\.example\/checkout\//);
    const providerId = confirmation_url.split('/').pop();

    // A notification before the payer paid changes nothing (the re-read says pending).
    expect((await notify(yk.notification('payment.waiting_for_capture', providerId))).status).toBe(200);
    expect((await order(task_id)).status).toBe('pending_payment');

    yk.pay(providerId);
    const n = yk.notification('payment.waiting_for_capture', providerId);
    const results = await Promise.all([notify(n), notify(n), notify(n)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    await notify(yk.notification('payment.succeeded', providerId));
    expect((await order(task_id)).status).toBe('queued');
    expect(yk.requests.filter((r) => r.path.endsWith('/capture')).length).toBeGreaterThanOrEqual(1);
    expect(yk.payments.get(providerId)!.status).toBe('succeeded');
    expect(await generateJobs(task_id)).toBe(1);

    // "canceled" arriving after "succeeded": the re-read says succeeded; nothing changes.
    await notify({ type: 'notification', event: 'payment.canceled', object: { id: providerId, status: 'canceled' } });
    expect((await order(task_id)).status).toBe('queued');
    const payment = await t.sql('select status from payments where order_id = $1', [task_id]);
    expect(payment.rows[0].status).toBe('succeeded');
    expect(await generateJobs(task_id)).toBe(1);
  });

  it('a notification for an unknown payment, or a forged body, is answered 200 and changes nothing', async () => {
    const before = await t.sql('select count(*) from payments where status = $1', ['succeeded']);
    expect((await notify({ type: 'notification', event: 'payment.succeeded', object: { id: 'no-such-payment', status: 'succeeded' } })).status).toBe(200);
    expect((await notify({ nonsense: true })).status).toBe(200);
    expect((await t.sql('select count(*) from payments where status = $1', ['succeeded'])).rows).toEqual(before.rows);
  });

  it('a payment that succeeds after the user cancelled the order is honoured', async () => {
    const u = await signUp(t);
    const created = await createPayment(u.client, newOrder());
    const { task_id, payment_id, confirmation_url } = created.body.data;
    const providerId = confirmation_url.split('/').pop();
    const cancel = await u.client.post('/api/v1/payment/cancel/', { payment_id });
    expect(cancel.status).toBe(200);
    expect(cancel.body.detail).toBe('Платеж успешно отменен');
    expect((await order(task_id)).status).toBe('canceled');
    expect((await u.client.get('/api/v1/users/has_active_generation/')).status).toBe(400);

    // ...but the payer had the YooKassa page open in another tab and paid.
    yk.pay(providerId);
    await notify(yk.notification('payment.waiting_for_capture', providerId));
    expect(yk.payments.get(providerId)!.status).toBe('succeeded');
    const o = await order(task_id);
    expect(o.status).toBe('queued');
    expect(o.paid_at).toBeInstanceOf(Date);
    expect((await u.client.get('/api/v1/users/has_active_generation/')).body.data).toMatchObject({ type: 'active_generation', task_id });
  });

  it('a payer who gives up at YooKassa: the order is cancelled and the promo use returned', async () => {
    await t.sql(`insert into promo_codes (code, percent, usage_limit) values ('ONCE10', 10, 1)`);
    const u = await signUp(t);
    const created = await createPayment(u.client, newOrder(), { promo: 'once10' });
    expect(created.body.data.amount).toBe(27);
    expect((await t.sql(`select used_count from promo_codes where code = 'ONCE10'`)).rows[0].used_count).toBe(1);
    const providerId = created.body.data.confirmation_url.split('/').pop();
    yk.abandon(providerId);
    await notify(yk.notification('payment.canceled', providerId));
    expect((await order(created.body.data.task_id)).status).toBe('canceled');
    expect((await t.sql(`select used_count from promo_codes where code = 'ONCE10'`)).rows[0].used_count).toBe(0);
  });
});
