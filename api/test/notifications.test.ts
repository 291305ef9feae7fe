/** When a payment goes through or a generation ends the user hears of it: e-mail with a link, and
 * a Telegram message queued for the bot when the account is bound. A generation that cannot be made
 * ends as `failed` with a Russian message and its payment refunded; the order keeps what support
 * needs. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../paper/dev/fake-llm.ts';
import { deliverNotification } from '../src/modules/notifications/notify.ts';
import { retryFailedOrder } from '../src/modules/orders/support.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { expectMoneyBalanced, sandboxBooks } from './support/money.ts';
import { createPayment, decideInSandbox, newOrder, socketTranscript } from './support/orders.ts';

let t: TestApp;
let broken: FakeLlm;
let failing: TestApp;
let healthy = false;
beforeAll(async () => {
  t = await startTestApp({}, { worker: true });
  // An LLM endpoint that always fails: the generation fails for good after its attempts.
  broken = await startFakeLlm({ apiKey: 'sk-test', behave: () => (healthy ? undefined : { status: 500 }) });
  failing = await startTestApp({ LLM_BASE_URL: broken.url, LLM_API_KEY: 'sk-test', GENERATION_MAX_ATTEMPTS: '1' }, { worker: true });
});
afterAll(async () => {
  await t.close();
  await failing.close();
  await broken.close();
});

const finished = (m: { status: string }[]) => m.some((x) => ['completed', 'failed'].includes(x.status));

it('completion: an e-mail with the preview link, and a Telegram job when bound', { timeout: 180_000 }, async () => {
  const u = await signUp(t);
  await t.sql('update users set telegram_uid = $1 where username = $2', ['555001', u.name]);
  const created = await createPayment(u.client, newOrder());
  const socket = await socketTranscript(t, u.client, `/api/v1/users/ws/${created.body.data.task_id}`);
  await decideInSandbox(u.client, created.body.data.confirmation_url, 'pay');
  const last = (await socket.waitFor(finished)).at(-1);
  socket.close();
  expect(last.status).toBe('completed');

  // The notification job runs after the completion: its e-mail arrives a moment later.
  const mail = await t.outbox.waitFor(u.email, (m) => m.subject === 'Демо-версия работы готова');
  expect((await t.outbox.messagesTo(u.email)).some((m) => m.subject === 'Оплата получена')).toBe(true);
  await expectMoneyBalanced(t, await sandboxBooks(t));
  expect(mail.text).toContain(`http://localhost:8000/preview/${last.paper_id}`);
  // The e-mail goes out inside the transaction that queues the Telegram job: that job is in once it commits.
  await vi.waitFor(
    async () => {
      const jobs = await t.sql(`select data from pgboss.job where name = 'telegram' order by created_on`);
      expect(jobs.rows.map((r) => r.data.kind)).toEqual(expect.arrayContaining(['payment_succeeded', 'generation_completed']));
      expect(jobs.rows.every((r) => r.data.orderId === created.body.data.task_id)).toBe(true);
    },
    { timeout: 10_000 },
  );
});

it(
  'failure: status failed with a Russian message, the payment refunded automatically, e-mails, and support may still retry',
  { timeout: 240_000 },
  async () => {
    const u = await signUp(failing, 'unlucky');
    const created = await createPayment(u.client, newOrder());
    const socket = await socketTranscript(failing, u.client, `/api/v1/users/ws/${created.body.data.task_id}`);
    await decideInSandbox(u.client, created.body.data.confirmation_url, 'pay');
    const last = (await socket.waitFor(finished)).at(-1);
    socket.close();
    expect(last).toMatchObject({ status: 'failed', progress: 0 });
    expect(last.error).toMatch(/Не удалось создать работу/);
    const order = (
      await failing.sql('select status, error, failure_detail, paid_at from orders where id = $1', [created.body.data.task_id])
    ).rows[0];
    expect(order.failure_detail).toBeTruthy();
    expect(order.paid_at).toBeInstanceOf(Date);
    const payment = (await failing.sql('select status from payments where order_id = $1', [created.body.data.task_id])).rows[0];
    expect(payment.status).toBe('succeeded');
    const mail = await failing.outbox.waitFor(u.email, (m) => m.subject === 'Не удалось создать работу');
    expect(mail.text?.split('Оплата будет возвращена автоматически.')).toHaveLength(2);
    expect(mail.text).toContain('Мы пришлём письмо, когда возврат пройдёт.');
    // Every captured ruble ends as a paper or a refund: this one goes back at once.
    const refund = (await failing.sql('select status, amount, reason from refunds where order_id = $1', [created.body.data.task_id])).rows;
    expect(refund).toEqual([{ status: 'succeeded', amount: 30, reason: 'generation_failed' }]);
    await failing.outbox.waitFor(u.email, (m) => m.subject === 'Возврат выполнен');
    await expectMoneyBalanced(failing, await sandboxBooks(failing));
    // The user may order again.
    expect((await u.client.get('/api/v1/users/has_active_generation/')).status).toBe(400);

    // Support generates it again once the cause is fixed (here: the LLM endpoint recovers).
    healthy = true;
    const again = await socketTranscript(failing, u.client, `/api/v1/users/ws/${created.body.data.task_id}`);
    await retryFailedOrder(failing.orm.em.fork(), failing.services.jobs, created.body.data.task_id);
    const retried = (await again.waitFor((m) => m.some((x) => x.status === 'completed'))).at(-1);
    again.close();
    expect(retried.status).toBe('completed');
  },
);

it('a notification is queued in the transaction of the change it announces, and sent once however often its job runs', async () => {
  const notifyJobs = async (orderId: string) =>
    (await t.sql(`select count(*)::int as n from pgboss.job where name = 'notify' and data->>'orderId' = $1`, [orderId])).rows[0].n;
  // A change rolled back takes its notification with it; a committed one has it.
  const nobody = randomUUID();
  await t.orm.em
    .fork()
    .transactional(async (em) => {
      await t.services.jobs.notify(em, { orderId: nobody, kind: 'generation_completed' });
      throw new Error('rolled back');
    })
    .catch(() => undefined);
  expect(await notifyJobs(nobody)).toBe(0);
  await t.orm.em.fork().transactional((em) => t.services.jobs.notify(em, { orderId: nobody, kind: 'generation_completed' }));
  expect(await notifyJobs(nobody)).toBe(1);

  // The same notification delivered twice (its job retried after the e-mail went out): one e-mail,
  // whose Message-ID is the notification's own, as a repeat after a crash would carry it too.
  const u = await signUp(t);
  const created = await createPayment(u.client, newOrder());
  const notificationId = randomUUID();
  const deps = { em: t.orm.em.fork(), config: t.config, mailer: t.services.mailer, boss: t.services.boss };
  const job = { orderId: created.body.data.task_id, kind: 'payment_succeeded' } as const;
  await deliverNotification(deps, notificationId, job);
  await deliverNotification(deps, notificationId, job);
  const paid = (await t.outbox.messagesTo(u.email)).filter((m) => m.subject === 'Оплата получена');
  expect(paid.map((m) => m.messageId)).toEqual([`<${notificationId}@localhost>`]);
});
