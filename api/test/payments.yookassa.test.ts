/** YooKassa: the adapter against a local server that checks what the real API checks, the
 * notification paths (duplicates, unknown, out of order, an unreachable YooKassa), the truth of a
 * cancel (racing a payment, after a payment, before a late one), automatic refunds, and promo
 * codes whose uses hold under concurrent create, cancel and notifications. Every test ends with
 * the books balanced: captured = delivered + refunded, here and at YooKassa. */
import { formatRubles } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createYooKassaProvider } from '../src/modules/payments/providers/yookassa.ts';
import { ProviderError } from '../src/modules/payments/providers/types.ts';
import { Client, signUp, startTestApp, type TestApp } from './support/app.ts';
import { expectMoneyBalanced } from './support/money.ts';
import { createPayment, newOrder, reconcileNow, waitForOrders } from './support/orders.ts';
import { startYooKassa, type FakeYooKassa } from './support/yookassa-server.ts';

// Paid orders are generated for real (offline writer, LibreOffice), which takes seconds each.
vi.setConfig({ testTimeout: 180_000 });

let yk: FakeYooKassa;
let t: TestApp;
beforeAll(async () => {
  yk = await startYooKassa('123456', 'test_secret');
  t = await startTestApp(
    { PAYMENT_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: '123456', YOOKASSA_SECRET_KEY: 'test_secret', YOOKASSA_API_URL: yk.url },
    { worker: true },
  );
});
afterAll(async () => {
  await t.close();
  await yk.close();
});

const notify = (body: unknown) => new Client(t.app).post('/api/v1/payment/yookassa/notification/', body);
const order = async (taskId: string) => (await t.sql('select status, paid_at from orders where id = $1', [taskId])).rows[0];
const generateJobs = async (taskId: string) =>
  Number((await t.sql(`select count(*) from pgboss.job where name = 'generate' and data->>'orderId' = $1`, [taskId])).rows[0].count);
const providerIdOf = (created: { body: { data: { confirmation_url: string } } }) => created.body.data.confirmation_url.split('/').pop()!;
const refundOf = async (taskId: string) =>
  (await t.sql('select status, amount, reason, provider_refund_id from refunds where order_id = $1', [taskId])).rows;
/** Every generation of this file has ended, so the books can be read. */
async function settled() {
  const { rows } = await t.sql(`select id from orders where status in ('queued', 'generating')`);
  await waitForOrders(
    t,
    rows.map((r) => r.id),
    ['completed', 'failed'],
  );
  await expectMoneyBalanced(t, yk.books());
}

describe('adapter', () => {
  // A YooKassa of its own: these payments belong to no order of ours.
  let books: FakeYooKassa;
  beforeAll(async () => {
    books = await startYooKassa('123456', 'test_secret');
  });
  afterAll(() => books.close());
  const input = {
    paymentId: 'p-1',
    orderId: 'o-1',
    amount: 30,
    description: 'Демо-версия работы',
    returnUrl: 'http://localhost/return',
    customerEmail: 'buyer@example.ru',
  };
  const adapter = (receipts: boolean, secretKey = 'test_secret') =>
    createYooKassaProvider({ shopId: '123456', secretKey, apiUrl: books.url, receipts });

  it('a single-stage payment ("30.00", Idempotence-Key, 54-FZ receipt), and its refund under its own key with a refund receipt', async () => {
    const provider = adapter(true);
    const created = await provider.create(input);
    expect(created.status).toBe('pending');
    const request = books.requests.at(-1)!;
    expect(request.idempotenceKey).toBe('p-1');
    expect(request.body).toMatchObject({
      amount: { value: '30.00', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: 'http://localhost/return' },
      metadata: { order_id: 'o-1', payment_id: 'p-1' },
      receipt: {
        customer: { email: 'buyer@example.ru' },
        items: [{ amount: { value: '30.00', currency: 'RUB' }, vat_code: 1, payment_subject: 'service' }],
      },
    });
    // A retried create with the same key gets the same payment, not a second one.
    expect((await provider.create(input)).providerPaymentId).toBe(created.providerPaymentId);
    const refund = {
      refundId: 'r-1',
      providerPaymentId: created.providerPaymentId,
      amount: 30,
      description: 'Возврат оплаты заказа o-1',
      customerEmail: 'buyer@example.ru',
    };
    // Nothing to refund before the payer paid.
    await expect(provider.refund({ ...refund, refundId: 'r-0' })).rejects.toThrow(ProviderError);

    // Single-stage: once the payer confirms, the money is taken; there is nothing to capture.
    books.pay(created.providerPaymentId);
    expect((await provider.fetch(created.providerPaymentId)).status).toBe('succeeded');
    const first = await provider.refund(refund);
    expect(first).toMatchObject({ status: 'succeeded', amount: 30, providerPaymentId: created.providerPaymentId });
    expect(books.requests.at(-1)).toMatchObject({
      path: '/v3/refunds',
      idempotenceKey: 'r-1',
      body: {
        payment_id: created.providerPaymentId,
        amount: { value: '30.00', currency: 'RUB' },
        receipt: { customer: { email: 'buyer@example.ru' } },
      },
    });
    // Sent again (after a crash): the same refund, the money returned once.
    expect((await provider.refund(refund)).providerRefundId).toBe(first.providerRefundId);
    expect(books.refundedOf(created.providerPaymentId)).toBe(30);
    expect((await provider.fetchRefund(first.providerRefundId)).status).toBe('succeeded');
    // A second refund under another key would exceed what was paid: YooKassa refuses it.
    await expect(provider.refund({ ...refund, refundId: 'r-2' })).rejects.toThrow(/exceeds/);
    await expect(adapter(true, 'wrong').fetch(created.providerPaymentId)).rejects.toThrow(/401/);
  });

  it('without receipts (the shop sends them elsewhere) no receipt is sent', async () => {
    const provider = adapter(false);
    const created = await provider.create({ ...input, paymentId: 'p-2' });
    expect(books.requests.at(-1)!.body.receipt).toBeUndefined();
    books.pay(created.providerPaymentId);
    await provider.refund({
      refundId: 'r-3',
      providerPaymentId: created.providerPaymentId,
      amount: 30,
      description: 'Возврат',
      customerEmail: 'buyer@example.ru',
    });
    expect(books.requests.at(-1)!.body.receipt).toBeUndefined();
  });
});

describe('notifications', () => {
  it('duplicated and concurrent notifications start exactly one generation; "canceled" after "succeeded" changes nothing', async () => {
    const u = await signUp(t);
    const created = await createPayment(u.client, newOrder());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { task_id } = created.body.data;
    expect(created.body.data.confirmation_url).toMatch(/^https:\/\/yoomoney\.example\/checkout\//);
    const providerId = providerIdOf(created);

    // A notification before the payer paid changes nothing (the re-read says pending).
    expect((await notify(yk.notification('payment.succeeded', providerId))).status).toBe(200);
    expect((await order(task_id)).status).toBe('pending_payment');

    yk.pay(providerId);
    const n = yk.notification('payment.succeeded', providerId);
    const results = await Promise.all([notify(n), notify(n), notify(n)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(['queued', 'generating', 'completed']).toContain((await order(task_id)).status);
    expect(await generateJobs(task_id)).toBe(1);
    // The payer is told by e-mail: the order, the amount, what happens next.
    const mail = await t.outbox.waitFor(u.email, (m) => m.subject === 'Оплата получена');
    expect(mail.text).toContain(formatRubles(30));
    expect(mail.text).toContain(`/payment/waiting?task_id=${task_id}`);

    // "canceled" arriving after "succeeded": the re-read says succeeded; nothing changes.
    await notify({ type: 'notification', event: 'payment.canceled', object: { id: providerId, status: 'canceled' } });
    expect((await t.sql('select status from payments where order_id = $1', [task_id])).rows[0].status).toBe('succeeded');
    expect(await generateJobs(task_id)).toBe(1);
    await waitForOrders(t, [task_id], ['completed']);
    expect(Number((await t.sql('select count(*) from papers where order_id = $1', [task_id])).rows[0].count)).toBe(1);
    await settled();
  });

  it('a notification for an unknown payment, or a forged body, is answered 200 and changes nothing', async () => {
    const before = await t.sql('select count(*) from payments where status = $1', ['succeeded']);
    expect(
      (await notify({ type: 'notification', event: 'payment.succeeded', object: { id: 'no-such-payment', status: 'succeeded' } })).status,
    ).toBe(200);
    expect((await notify({ nonsense: true })).status).toBe(200);
    expect((await t.sql('select count(*) from payments where status = $1', ['succeeded'])).rows).toEqual(before.rows);
  });

  it('YooKassa unreachable while a notification is handled: 503, so that YooKassa sends it again', async () => {
    const u = await signUp(t);
    const created = await createPayment(u.client, newOrder());
    const providerId = providerIdOf(created);
    yk.pay(providerId);
    yk.faults.push({ match: (m, p) => m === 'GET' && p.endsWith(providerId), status: 500 });
    const res = await notify(yk.notification('payment.succeeded', providerId));
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('payment_provider_unavailable');
    expect((await order(created.body.data.task_id)).status).toBe('pending_payment');
    expect((await notify(yk.notification('payment.succeeded', providerId))).status).toBe(200);
    await waitForOrders(t, [created.body.data.task_id], ['completed']);
    await settled();
  });

  it('a payer who gives up at YooKassa: the order is cancelled and the promo use returned', async () => {
    await t.sql(`insert into promo_codes (code, percent, usage_limit) values ('ONCE10', 10, 1)`);
    const u = await signUp(t);
    const created = await createPayment(u.client, newOrder(), { promo: 'once10' });
    expect(created.body.data.amount).toBe(27);
    expect((await t.sql(`select used_count from promo_codes where code = 'ONCE10'`)).rows[0].used_count).toBe(1);
    yk.abandon(providerIdOf(created));
    await notify(yk.notification('payment.canceled', providerIdOf(created)));
    expect((await order(created.body.data.task_id)).status).toBe('canceled');
    expect((await t.sql(`select used_count from promo_codes where code = 'ONCE10'`)).rows[0].used_count).toBe(0);
    await settled();
  });
});

describe('the answer to cancel is the truth', () => {
  it('a cancel before a late payment: 200, and the late payment is refunded automatically, never generated', async () => {
    const u = await signUp(t);
    const created = await createPayment(u.client, newOrder());
    const { task_id, payment_id } = created.body.data;
    const providerId = providerIdOf(created);
    const cancel = await u.client.post('/api/v1/payment/cancel/', { payment_id });
    expect(cancel.status).toBe(200);
    expect(cancel.body.detail).toBe('Платеж успешно отменен');
    expect((await order(task_id)).status).toBe('canceled');
    expect((await u.client.get('/api/v1/users/has_active_generation/')).status).toBe(400);

    // ...but the payer had the YooKassa page open in another tab and paid.
    yk.pay(providerId);
    await notify(yk.notification('payment.succeeded', providerId));
    expect((await order(task_id)).status).toBe('canceled');
    expect(await generateJobs(task_id)).toBe(0);
    expect(await refundOf(task_id)).toMatchObject([{ status: 'succeeded', amount: 30, reason: 'order_canceled' }]);
    expect(yk.refundedOf(providerId)).toBe(30);
    // The refund went to YooKassa with its own Idempotence-Key and a 54-FZ refund receipt.
    expect(yk.requests.filter((r) => r.path === '/v3/refunds' && r.body.payment_id === providerId)).toMatchObject([
      {
        idempotenceKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
        body: { amount: { value: '30.00' }, receipt: { customer: { email: u.email } } },
      },
    ]);
    const mail = await t.outbox.waitFor(u.email, (m) => m.subject === 'Возврат выполнен');
    expect(mail.text).toContain(formatRubles(30));
    // The cabinet shows it.
    const refunds = await u.client.get('/api/v1/payment/refunds/');
    expect(refunds.status).toBe(200);
    expect(refunds.body.refunds).toMatchObject([{ task_id, topic: newOrder().title, amount: 30, status: 'succeeded' }]);
    await settled();
  });

  it('a cancel after the payment went through: 400 "Платеж не найден или уже обработан", and the generation goes on', async () => {
    const u = await signUp(t);
    const created = await createPayment(u.client, newOrder());
    yk.pay(providerIdOf(created)); // paid at YooKassa; its notification has not arrived yet
    const cancel = await u.client.post('/api/v1/payment/cancel/', { payment_id: created.body.data.payment_id });
    expect(cancel.status).toBe(400);
    expect(cancel.body).toMatchObject({ detail: 'Платеж не найден или уже обработан', code: 'payment_not_found' });
    await waitForOrders(t, [created.body.data.task_id], ['completed']);
    expect(await refundOf(created.body.data.task_id)).toEqual([]);
    await settled();
  });

  it('cancel racing the payment notification: never a 500, never a deadlock; a 200 never generates, a 400 always does', async () => {
    const rounds = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const u = await signUp(t);
        const created = await createPayment(u.client, newOrder());
        return { u, created, providerId: providerIdOf(created) };
      }),
    );
    for (const r of rounds) yk.pay(r.providerId);
    const answers = await Promise.all(
      rounds.flatMap((r) => [
        notify(yk.notification('payment.succeeded', r.providerId)),
        r.u.client.post('/api/v1/payment/cancel/', { payment_id: r.created.body.data.payment_id }),
        notify(yk.notification('payment.succeeded', r.providerId)),
      ]),
    );
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    for (const [i, r] of rounds.entries()) {
      const cancel = answers[i * 3 + 1];
      const taskId = r.created.body.data.task_id;
      if (cancel.status === 200) {
        expect((await order(taskId)).status).toBe('canceled');
        expect(await generateJobs(taskId)).toBe(0);
        expect(await refundOf(taskId)).toMatchObject([{ status: 'succeeded' }]);
      } else {
        expect(cancel.status).toBe(400);
        expect(await generateJobs(taskId)).toBe(1);
        expect(await refundOf(taskId)).toEqual([]);
      }
    }
    await settled();
  });
});

describe('promo codes under concurrency', () => {
  it('the number of succeeded payments with a code never exceeds its limit', async () => {
    await t.sql(`insert into promo_codes (code, percent, usage_limit) values ('TWICE', 50, 2)`);
    const users = await Promise.all(Array.from({ length: 6 }, () => signUp(t)));
    const created = await Promise.all(users.map((u) => createPayment(u.client, newOrder(), { promo: 'TWICE' })));
    expect(created.map((c) => c.status).sort()).toEqual([200, 200, 412, 412, 412, 412]);
    const taken = created.map((c, i) => ({ c, u: users[i] })).filter((x) => x.c.status === 200);

    // Both cancel, then pay in the tabs they kept open, with notifications and cancels crossing.
    await Promise.all(taken.map((x) => x.u.client.post('/api/v1/payment/cancel/', { payment_id: x.c.body.data.payment_id })));
    // The uses are still held: YooKassa could still take these payments.
    const meanwhile = await Promise.all(
      users.filter((u) => !taken.some((x) => x.u === u)).map((u) => createPayment(u.client, newOrder(), { promo: 'TWICE' })),
    );
    expect(meanwhile.map((m) => m.status)).toEqual([412, 412, 412, 412]);
    for (const x of taken) yk.pay(providerIdOf(x.c));
    await Promise.all(
      taken.flatMap((x) => [
        notify(yk.notification('payment.succeeded', providerIdOf(x.c))),
        notify(yk.notification('payment.succeeded', providerIdOf(x.c))),
      ]),
    );
    const withCode = await t.sql(
      `select count(*)::int as n from payments p join orders o on o.id = p.order_id join promo_codes c on c.id = o.promo_code_id where c.code = 'TWICE' and p.status = 'succeeded'`,
    );
    expect(withCode.rows[0].n).toBe(2);
    // Both orders stay cancelled and their money is refunded: the uses come back with it.
    expect(await Promise.all(taken.map((x) => refundOf(x.c.body.data.task_id)))).toMatchObject([
      [{ reason: 'order_canceled' }],
      [{ reason: 'order_canceled' }],
    ]);
    expect((await t.sql(`select used_count from promo_codes where code = 'TWICE'`)).rows[0].used_count).toBe(0);
    await settled();
  });

  it('our cancel first, then YooKassa takes the money: the order stays cancelled, the money is refunded and the promo use given back', async () => {
    await t.sql(`insert into promo_codes (code, percent, usage_limit) values ('RACE1', 10, 1)`);
    const u = await signUp(t);
    const first = await createPayment(u.client, newOrder(), { promo: 'race1' });
    expect(first.status).toBe(200);
    expect((await u.client.post('/api/v1/payment/cancel/', { payment_id: first.body.data.payment_id })).status).toBe(200);
    // The payer's other tab: YooKassa takes the money after our cancel answered.
    yk.pay(providerIdOf(first));
    await notify(yk.notification('payment.succeeded', providerIdOf(first)));
    expect((await order(first.body.data.task_id)).status).toBe('canceled');
    expect(await refundOf(first.body.data.task_id)).toMatchObject([{ status: 'succeeded', reason: 'order_canceled' }]);
    // Refunded, so not a use: the code's one use is free again (it stayed counted before issue 30).
    expect((await t.sql(`select used_count from promo_codes where code = 'RACE1'`)).rows[0].used_count).toBe(0);
    // A refund recorded anew (the reconciliation, a second notification) gives nothing back twice.
    await notify(yk.notification('payment.succeeded', providerIdOf(first)));
    await reconcileNow(t);
    expect((await t.sql(`select used_count from promo_codes where code = 'RACE1'`)).rows[0].used_count).toBe(0);
    const second = await createPayment(u.client, newOrder(), { promo: 'race1' });
    expect(second.status).toBe(200);
    expect((await t.sql(`select used_count from promo_codes where code = 'RACE1'`)).rows[0].used_count).toBe(1);
    expect((await u.client.post('/api/v1/payment/cancel/', { payment_id: second.body.data.payment_id })).status).toBe(200);
    await settled();
  });

  it('a one-use code is not paid twice: the use comes back only when YooKassa says the payment will never succeed', async () => {
    await t.sql(`insert into promo_codes (code, percent, usage_limit) values ('SOLO', 20, 1)`);
    const u = await signUp(t);
    const first = await createPayment(u.client, newOrder(), { promo: 'SOLO' });
    expect(first.status).toBe(200);
    expect((await u.client.post('/api/v1/payment/cancel/', { payment_id: first.body.data.payment_id })).status).toBe(200);
    // Today's code gave the use back here, and the same code was then paid six times.
    expect((await createPayment(u.client, newOrder(), { promo: 'SOLO' })).status).toBe(412);
    // Nobody paid: YooKassa lets the payment lapse; the reconciliation reads that and frees the use.
    yk.expire(providerIdOf(first));
    await reconcileNow(t);
    expect((await t.sql(`select used_count from promo_codes where code = 'SOLO'`)).rows[0].used_count).toBe(0);
    const second = await createPayment(u.client, newOrder(), { promo: 'SOLO' });
    expect(second.status).toBe(200);
    expect((await u.client.post('/api/v1/payment/cancel/', { payment_id: second.body.data.payment_id })).status).toBe(200);
    await settled();
  });
});

describe('refunds that meet a misbehaving YooKassa', () => {
  it('a 500 after the refund was made, then a 429: the refund stays pending and is sent again under the same key, paid out once', async () => {
    const u = await signUp(t);
    const created = await createPayment(u.client, newOrder());
    const providerId = providerIdOf(created);
    expect((await u.client.post('/api/v1/payment/cancel/', { payment_id: created.body.data.payment_id })).status).toBe(200);
    yk.pay(providerId);
    yk.faults.push({ match: (m, p) => m === 'POST' && p === '/v3/refunds', status: 500, afterWork: true });
    await notify(yk.notification('payment.succeeded', providerId));
    expect(await refundOf(created.body.data.task_id)).toMatchObject([{ status: 'pending', provider_refund_id: null }]);
    expect(yk.refundedOf(providerId)).toBe(30); // YooKassa did it; we could not know

    yk.faults.push({ match: (m, p) => m === 'POST' && p === '/v3/refunds', status: 429 });
    await reconcileNow(t);
    expect(await refundOf(created.body.data.task_id)).toMatchObject([{ status: 'pending' }]);
    await reconcileNow(t);
    expect(await refundOf(created.body.data.task_id)).toMatchObject([{ status: 'succeeded' }]);
    const keys = yk.requests.filter((r) => r.path === '/v3/refunds' && r.body.payment_id === providerId).map((r) => r.idempotenceKey);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(yk.refundedOf(providerId)).toBe(30);
    await settled();
  });
});
