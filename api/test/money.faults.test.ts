/** Faults between the money and the paper: lost notifications, an API process killed at random
 * points between YooKassa's answer and its commit, workers that keep dying, an account deleted
 * while its paid order waits. The worker's periodic reconciliation (every 2 s here) finishes each
 * of them, and every test ends with captured = delivered + refunded, here and at YooKassa. */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { Client, signUp, startTestApp, type TestApp } from './support/app.ts';
import { expectMoneyBalanced, waitForMoneySettled } from './support/money.ts';
import { createPayment, newOrder, waitForOrders } from './support/orders.ts';
import { startProcess, type ServiceProcess } from './support/processes.ts';
import { startYooKassa, type FakeYooKassa } from './support/yookassa-server.ts';

vi.setConfig({ testTimeout: 300_000 });

let yk: FakeYooKassa;
let t: TestApp;
const YOOKASSA = { PAYMENT_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: '555', YOOKASSA_SECRET_KEY: 'fault_secret' };
beforeAll(async () => {
  yk = await startYooKassa('555', 'fault_secret');
  t = await startTestApp(
    { ...YOOKASSA, YOOKASSA_API_URL: yk.url, RECONCILE_INTERVAL_SECONDS: '2', GENERATION_STALE_SECONDS: '5' },
    { worker: true },
  );
});
afterAll(async () => {
  await t.close();
  await yk.close();
});

const providerIdOf = (created: { body: { data: { confirmation_url: string } } }) => created.body.data.confirmation_url.split('/').pop()!;
const notificationTo = (api: ServiceProcess, providerId: string) =>
  fetch(`${api.url}/api/v1/payment/yookassa/notification/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(yk.notification('payment.succeeded', providerId)),
  }).then(
    (res) => res.status,
    () => 'connection lost',
  );

/** Deterministic pseudo-random numbers, so that a failing run can be replayed. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

it('a lost notification: the reconciliation reads the payment from YooKassa and the paper is delivered', async () => {
  const u = await signUp(t);
  const created = await createPayment(u.client, newOrder());
  yk.pay(providerIdOf(created)); // ...and YooKassa's notification never arrives
  await waitForOrders(t, [created.body.data.task_id], ['completed']);
  expect(yk.requests.some((r) => r.method === 'GET' && r.path.endsWith(providerIdOf(created)))).toBe(true);
  await waitForMoneySettled(t, () => yk.books());
  await expectMoneyBalanced(t, yk.books());
});

it("the API killed at random points between YooKassa's answer and its commit: every order ends delivered or refunded", async () => {
  const random = rng(20261125);
  const tasks: string[] = [];
  const outcomes: string[] = [];
  for (let round = 0; round < 6; round++) {
    const api = await startProcess(t, 'server', { ...YOOKASSA, YOOKASSA_API_URL: yk.url });
    const u = await signUp(t);
    const created = await createPayment(u.client, newOrder());
    const providerId = providerIdOf(created);
    tasks.push(created.body.data.task_id);
    // Half of the payers cancel first and pay in another tab: that money must come back.
    const cancelledFirst = round % 2 === 1;
    if (cancelledFirst)
      expect((await u.client.post('/api/v1/payment/cancel/', { payment_id: created.body.data.payment_id })).status).toBe(200);
    yk.pay(providerId);
    // The moment YooKassa has answered the API's re-read (or its refund), the API dies, a few
    // milliseconds later or at once: before, during or after its transaction.
    const delay = Math.floor(random() * 25);
    yk.onAnswer((method, path) => {
      if (path.endsWith(providerId) || path === '/v3/refunds') setTimeout(() => api.child.kill('SIGKILL'), delay);
    });
    outcomes.push(`${cancelledFirst ? 'cancelled, ' : ''}killed ${delay} ms after the answer: ${await notificationTo(api, providerId)}`);
    await api.kill();
    yk.onAnswer(null);
  }
  // Nothing more is sent: the worker's reconciliation finishes every order within its period.
  const books = await waitForMoneySettled(t, () => yk.books());
  const { rows } = await t.sql(
    `select o.id, o.status, (select status from refunds r where r.order_id = o.id and r.status <> 'canceled') as refund from orders o where o.id = any($1)`,
    [tasks],
  );
  for (const [i, row] of tasks.map((id) => rows.find((r) => r.id === id)).entries()) {
    if (i % 2 === 1) expect(row, outcomes[i]).toMatchObject({ status: 'canceled', refund: 'succeeded' });
    else expect(row, outcomes[i]).toMatchObject({ status: 'completed', refund: null });
  }
  // One refund per refunded payment at YooKassa, whatever was repeated after a kill.
  for (const [i, task] of tasks.entries()) {
    const providerId = (await t.sql('select provider_payment_id from payments where order_id = $1', [task])).rows[0].provider_payment_id;
    expect(yk.refundedOf(providerId), outcomes[i]).toBe(i % 2 === 1 ? 30 : 0);
  }
  expect(books.refunded).toBeGreaterThan(0);
  await expectMoneyBalanced(t, yk.books());
});

it('a generation whose worker keeps dying fails for good and its payment is refunded', async () => {
  const u = await signUp(t);
  const created = await createPayment(u.client, newOrder());
  const taskId = created.body.data.task_id;
  // As three killed workers leave it: captured, generating, silent, out of attempts.
  await t.sql(
    `with p as (update payments set status = 'succeeded' where order_id = $1 returning order_id)
     update orders set status = 'generating', paid_at = now(), attempts = $2, heartbeat_at = now() - interval '1 hour' where id in (select order_id from p)`,
    [taskId, t.config.worker.maxAttempts],
  );
  yk.pay(providerIdOf(created));
  await waitForOrders(t, [taskId], ['failed']);
  await waitForMoneySettled(t, () => yk.books());
  expect((await t.sql('select reason, status from refunds where order_id = $1', [taskId])).rows).toEqual([
    { reason: 'generation_failed', status: 'succeeded' },
  ]);
  await t.outbox.waitFor(u.email, (m) => m.subject === 'Возврат выполнен');
  await expectMoneyBalanced(t, yk.books());
});

it('an account deleted while its paid order waits: the order ends, no paper is made, the money goes back', async () => {
  const u = await signUp(t);
  const created = await createPayment(u.client, newOrder());
  yk.pay(providerIdOf(created));
  const notified = await new Client(t.app).post(
    '/api/v1/payment/yookassa/notification/',
    yk.notification('payment.succeeded', providerIdOf(created)),
  );
  expect(notified.status).toBe(200);
  expect((await u.client.delete('/api/v1/users/delete/')).status).toBe(200);
  await waitForMoneySettled(t, () => yk.books());
  const order = (await t.sql('select status from orders where id = $1', [created.body.data.task_id])).rows[0];
  expect(order.status).toBe('canceled');
  expect((await t.sql('select count(*)::int as n from papers where order_id = $1', [created.body.data.task_id])).rows[0].n).toBe(0);
  expect((await t.sql('select reason, status from refunds where order_id = $1', [created.body.data.task_id])).rows).toEqual([
    { reason: 'account_deleted', status: 'succeeded' },
  ]);
  await expectMoneyBalanced(t, yk.books());
});
