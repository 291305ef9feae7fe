/** Several processes on one PostgreSQL, as production runs them: two API servers and two workers.
 * A payment notification arriving at either API starts exactly one generation, progress reaches a
 * socket open on the other API, and a worker killed mid-generation is resumed by the other. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { expectMoneyBalanced } from './support/money.ts';
import { createPayment, newOrder } from './support/orders.ts';
import { startProcess, type ServiceProcess } from './support/processes.ts';
import { startYooKassa, type FakeYooKassa } from './support/yookassa-server.ts';

let yk: FakeYooKassa;
let t: TestApp;
const processes: ServiceProcess[] = [];
beforeAll(async () => {
  yk = await startYooKassa('777', 'multi_secret');
  // In-process app for signing up and ordering only: no worker of its own.
  t = await startTestApp({
    PAYMENT_PROVIDER: 'yookassa',
    YOOKASSA_SHOP_ID: '777',
    YOOKASSA_SECRET_KEY: 'multi_secret',
    YOOKASSA_API_URL: yk.url,
  });
});
afterAll(async () => {
  for (const p of processes) await p.kill();
  await t.close();
  await yk.close();
});

const env = () => ({
  PAYMENT_PROVIDER: 'yookassa',
  YOOKASSA_SHOP_ID: '777',
  YOOKASSA_SECRET_KEY: 'multi_secret',
  YOOKASSA_API_URL: yk.url,
  GENERATION_STALE_SECONDS: '3',
});
const start = async (mode: 'server' | 'worker') => {
  const p = await startProcess(t, mode, env());
  processes.push(p);
  return p;
};

it(
  'two APIs and two workers: one generation per payment, progress across APIs, a killed worker resumed by the other',
  { timeout: 300_000 },
  async () => {
    const [apiA, apiB, worker1, worker2] = [await start('server'), await start('server'), await start('worker'), await start('worker')];
    const u = await signUp(t);
    const created = await createPayment(u.client, newOrder());
    const taskId = created.body.data.task_id;
    const providerId = created.body.data.confirmation_url.split('/').pop()!;

    // The user watches on API B.
    const socket = new WebSocket(`${apiB.url.replace('http', 'ws')}/api/v1/users/ws/${taskId}`, {
      headers: { cookie: `session=${u.client.cookies.get('session')}` },
    });
    const messages: { status: string; progress: number }[] = [];
    const waiters: (() => void)[] = [];
    socket.on('message', (data) => {
      messages.push(JSON.parse(String(data)));
      waiters.splice(0).forEach((w) => w());
    });
    const until = (ok: () => boolean) =>
      new Promise<void>((resolve) => {
        const check = () => (ok() ? resolve() : waiters.push(check));
        check();
      });
    await until(() => messages.length > 0);

    // YooKassa notifies both APIs at once, twice each.
    yk.pay(providerId);
    const notice = JSON.stringify(yk.notification('payment.succeeded', providerId));
    const post = (api: ServiceProcess) =>
      fetch(`${api.url}/api/v1/payment/yookassa/notification/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: notice,
      }).then((r) => r.status);
    expect(await Promise.all([post(apiA), post(apiB), post(apiA), post(apiB)])).toEqual([200, 200, 200, 200]);

    // Progress published by a worker reaches the socket on API B.
    await until(() => messages.some((m) => m.status === 'in_progress' && m.progress >= 20));
    const owner = [worker1, worker2].find((w) => w.output.join('').includes(`"orderId":"${taskId}","msg":"generation claimed"`))!;
    expect(owner).toBeTruthy();
    await owner.kill();
    const other = owner === worker1 ? worker2 : worker1;

    await until(() => messages.some((m) => ['completed', 'failed'].includes(m.status)));
    socket.close();
    expect(messages.at(-1)!.status).toBe('completed');
    expect(other.output.join('')).toContain(`"orderId":"${taskId}","msg":"generation claimed"`);
    const progress = messages.filter((m) => m.status === 'in_progress').map((m) => m.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect((await t.sql('select count(*)::int as n from papers where order_id = $1', [taskId])).rows[0].n).toBe(1);
    expect(
      (await t.sql(`select count(*)::int as n from pgboss.job where name = 'generate' and data->>'orderId' = $1`, [taskId])).rows[0].n,
    ).toBeGreaterThanOrEqual(1);
    expect((await t.sql('select attempts from orders where id = $1', [taskId])).rows[0].attempts).toBe(2);
    await expectMoneyBalanced(t, yk.books());
  },
);
