/** Support's commands: `admin refund <order> --reason` gives a delivered order's money back through
 * the provider, and `admin orders <state>` lists orders by their state. Run as support runs them:
 * the CLI in its own process, on the same database. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { expectMoneyBalanced, sandboxBooks, waitForMoneySettled } from './support/money.ts';
import { createPayment, decideInSandbox, newOrder, samplePdf, waitForOrders } from './support/orders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { worker: true });
});
afterAll(() => t.close());

const admin = (...args: string[]) =>
  promisify(execFile)(process.execPath, [join(import.meta.dirname, '../src/cli/admin.ts'), ...args], {
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: t.databaseUrl, DATA_DIR: t.config.dataDir, SECRET_KEY: t.config.secretKey },
  });

it('refunds a delivered order by hand, once however often it is asked, and lists it among the refunded', { timeout: 300_000 }, async () => {
  const u = await signUp(t);
  const created = await createPayment(
    u.client,
    newOrder({ gost_citations: ['Иванов И. И. Цифровая экономика. – М. : Наука, 2020. – 200 с.'] }),
    { files: [{ name: 'files', value: await samplePdf(), fileName: 'источник.pdf', contentType: 'application/pdf' }] },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const orderId: string = created.body.data.task_id;
  await decideInSandbox(u.client, created.body.data.confirmation_url, 'pay');
  await waitForOrders(t, [orderId], ['completed']);

  // A refund needs a reason; an unknown order is refused; neither changes anything.
  await expect(admin('refund', orderId)).rejects.toMatchObject({ code: expect.any(Number) });
  await expect(admin('refund', '00000000-0000-0000-0000-000000000000', '--reason', 'жалоба')).rejects.toMatchObject({
    code: expect.any(Number),
  });
  expect((await t.sql('select count(*)::int as n from refunds where order_id = $1', [orderId])).rows[0].n).toBe(0);

  const first = await admin('refund', orderId, '--reason', 'жалоба клиента');
  await waitForMoneySettled(t);
  expect((await t.sql('select reason, status, comment from refunds where order_id = $1', [orderId])).rows).toEqual([
    { reason: 'support', status: 'succeeded', comment: 'жалоба клиента' },
  ]);
  // The command repeated (support pressing twice) names the same refund: the money goes back once.
  const again = await admin('refund', orderId, '--reason', 'ещё раз');
  expect(again.stdout.split(' ')[1]).toBe(first.stdout.split(' ')[1]);
  expect((await t.sql('select count(*)::int as n from refunds where order_id = $1', [orderId])).rows[0].n).toBe(1);

  expect((await admin('orders', 'refunded')).stdout).toContain(orderId);
  expect((await admin('orders', 'undelivered')).stdout).not.toContain(orderId);
  await expectMoneyBalanced(t, await sandboxBooks(t));
});
