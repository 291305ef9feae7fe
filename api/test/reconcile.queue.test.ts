/** The reconciliation on the day of a rush: an order queued behind others already has its job, and
 * is not sent another at every sweep (which filled the queue faster than the workers emptied it);
 * an order whose job was lost is sent one again. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createPayment, decideInSandbox, newOrder, reconcileNow } from './support/orders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const waitingJobs = async (orderId: string) =>
  (
    await t.sql(
      `select count(*)::int as n from pgboss.job where name = 'generate' and state in ('created', 'retry') and data->>'orderId' = $1`,
      [orderId],
    )
  ).rows[0].n as number;

it('a queued order waiting for a worker keeps its one job through the sweeps; a lost job is sent again', async () => {
  const u = await signUp(t);
  const created = await createPayment(u.client, newOrder());
  const orderId: string = created.body.data.task_id;
  await decideInSandbox(u.client, created.body.data.confirmation_url, 'pay');
  expect((await t.sql('select status from orders where id = $1', [orderId])).rows[0].status).toBe('queued');
  expect(await waitingJobs(orderId)).toBe(1);

  // Queued for minutes behind a rush (no worker here): every sweep finds it, none sends another job.
  await t.sql(`update orders set updated_at = now() - interval '5 minutes' where id = $1`, [orderId]);
  for (let i = 0; i < 3; i++) await reconcileNow(t);
  expect(await waitingJobs(orderId)).toBe(1);

  // Its job lost (say, deleted by hand): the next sweep sends one.
  await t.sql(`delete from pgboss.job where name = 'generate' and data->>'orderId' = $1`, [orderId]);
  await reconcileNow(t);
  expect(await waitingJobs(orderId)).toBe(1);
});
