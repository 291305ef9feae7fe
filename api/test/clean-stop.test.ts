/** A deploy on started processes (`node scripts/service.mjs`, as `npm start` runs them): SIGTERM on
 * a worker mid-writing lets its model calls in flight finish and be stored, hands the order back,
 * and another worker resumes it without asking the model anything twice; an order placed through
 * API A is followed live on API B; SIGTERM on A tells its sockets to go elsewhere (1012), finishes
 * a request in flight and exits within 10 s, and a socket that reconnects to B misses no final state; `all --api 2
 * --workers 2` starts two API processes on consecutive ports and two workers. */
import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_CLOSE } from '@app/contract';
import { startFakeLlm, type FakeLlm } from '../../paper/dev/fake-llm.ts';
import { signUp, startTestApp, type Client, type TestApp } from './support/app.ts';
import { expectMoneyBalanced, sandboxBooks } from './support/money.ts';
import { createPayment, decideInSandbox, newOrder, socketTranscript } from './support/orders.ts';
import { freePort } from './support/ports.ts';
import { startProcess, type ServiceProcess } from './support/processes.ts';

let llm: FakeLlm;
let t: TestApp;
const started: ServiceProcess[] = [];
beforeAll(async () => {
  llm = await startFakeLlm({ apiKey: 'sk-test', tokensPerSecond: 200, firstTokenMs: 100 });
  t = await startTestApp();
});
afterEach(async () => {
  for (const p of started.splice(0)) await p.kill();
});
afterAll(async () => {
  await t.close();
  await llm.close();
});

const processEnv = () => ({ LLM_BASE_URL: llm.url, LLM_API_KEY: 'sk-test', GENERATION_STALE_SECONDS: '2' });
async function start(mode: 'server' | 'worker'): Promise<ServiceProcess> {
  const p = await startProcess(t, mode, processEnv());
  started.push(p);
  return p;
}

/** Sends SIGTERM; resolves with the time the process took to exit and its exit code. */
async function terminate(p: ServiceProcess): Promise<{ ms: number; code: number | null }> {
  const at = Date.now();
  p.child.kill('SIGTERM');
  await p.exited;
  return { ms: Date.now() - at, code: p.child.exitCode };
}

/** A paid demo of a new user (sandbox payment), with a transcript of its generation socket. */
async function paidOrder() {
  const u = await signUp(t);
  const created = await createPayment(u.client, newOrder());
  const taskId: string = created.body.data.task_id;
  const socket = await socketTranscript(t, u.client, `/api/v1/users/ws/${taskId}`);
  await decideInSandbox(u.client, created.body.data.confirmation_url, 'pay');
  return { taskId, client: u.client, socket };
}

const ended = (m: { status: string }[]) => m.some((x) => ['completed', 'failed'].includes(x.status));

it(
  'SIGTERM on a worker mid-writing: its calls in flight finish, the order is handed back, another worker asks nothing twice',
  { timeout: 300_000 },
  async () => {
    const { taskId, socket } = await paidOrder();
    const first = await start('worker');
    // Writing under way: several model calls answered, others in flight.
    await socket.waitFor(() => llm.log.filter((c) => c.completed).length >= 2 && llm.log.some((c) => !c.completed), 240_000);
    const stop = await terminate(first);
    expect(stop.code, first.output.join('').slice(-2000)).toBe(0);
    expect(stop.ms).toBeLessThan(30_000 + 5_000);
    // Nothing it asked was left unanswered: the calls in flight finished and were stored.
    const asked = llm.log.length;
    expect(llm.log.filter((c) => !c.completed)).toEqual([]);
    const order = await t.sql('select status, attempts, heartbeat_at from orders where id = $1', [taskId]);
    // Handed back at once, and the stop used up no attempt.
    expect(order.rows[0]).toMatchObject({ status: 'generating', attempts: 0, heartbeat_at: null });

    const second = await start('worker');
    const last = (await socket.waitFor(ended, 240_000)).at(-1);
    socket.close();
    expect(last.status, second.output.join('').slice(-2000)).toBe('completed');
    expect(second.output.join('')).toContain(`"orderId":"${taskId}","msg":"generation claimed"`);
    // No call asked twice (the second worker asks only what the first never began): every key once, each answered.
    expect(llm.log.length).toBeGreaterThanOrEqual(asked);
    const keys = llm.log.map((c) => c.key);
    expect(keys.length - new Set(keys).size).toBe(0);
    expect(llm.log.every((c) => c.completed)).toBe(true);
    expect((await t.sql('select count(*)::int as n from papers where order_id = $1', [taskId])).rows[0].n).toBe(1);
    expect((await t.sql('select attempts from orders where id = $1', [taskId])).rows[0].attempts).toBe(1);
    await expectMoneyBalanced(t, await sandboxBooks(t));
  },
);

const cookieOf = (client: Client) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** Resolves once `ok` holds, looking every 50 ms. */
async function until(ok: () => boolean, timeoutMs = 120_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !ok(); await new Promise((r) => setTimeout(r, 50))) {
    if (Date.now() > deadline) throw new Error('timed out');
  }
}

/** The generation socket of `taskId` on a server process, as the web app opens it. */
function openSocket(api: ServiceProcess, client: Client, taskId: string) {
  const cookie = cookieOf(client);
  const ws = new WebSocket(`${api.url.replace('http', 'ws')}/api/v1/users/ws/${taskId}`, {
    headers: { cookie, origin: t.config.publicUrl },
  });
  const messages: { status: string }[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<{ code: number; at: number }>((resolve) => ws.once('close', (code) => resolve({ code, at: Date.now() })));
  return { ws, messages, closed };
}

/** A login whose body is sent in two parts, `pause` apart: a request in flight. */
function slowLogin(api: ServiceProcess, pause: Promise<unknown>): Promise<number> {
  const body = JSON.stringify({ username_or_email: 'nobody', password: 'wrong-password' });
  return new Promise((resolve, reject) => {
    const req = request(`${api.url}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: t.config.publicUrl },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.write(body.slice(0, 10));
    void pause.then(() => req.end(body.slice(10)));
  });
}

/** POST payment/create on a server process, as the browser sends it. */
async function placeOn(api: ServiceProcess, client: Client): Promise<{ taskId: string; path: string }> {
  const form = new FormData();
  form.set('purchase_json', JSON.stringify(newOrder()));
  const res = await fetch(`${api.url}/api/v1/payment/create/`, {
    method: 'POST',
    headers: { cookie: cookieOf(client), origin: t.config.publicUrl },
    body: form,
  });
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { task_id: string; confirmation_url: string } };
  return { taskId: data.task_id, path: new URL(data.confirmation_url).pathname };
}

it(
  'an order placed through API A is followed live on API B; SIGTERM on A: its sockets are sent elsewhere (1012), its request in flight is answered, it exits within 10 s, and B gives the final state',
  { timeout: 300_000 },
  async () => {
    const [a, b] = [await start('server'), await start('server')];
    const { client } = await signUp(t);
    const { taskId, path } = await placeOn(a, client);
    const onA = openSocket(a, client, taskId);
    const onB = openSocket(b, client, taskId);
    // Paid on A's sandbox page; a worker writes it.
    const paid = await fetch(`${a.url}${path}pay/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookieOf(client), origin: t.config.publicUrl, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(paid.status).toBeLessThan(400);
    await start('worker');
    // B pushes the worker's progress of an order placed through A.
    await until(() => onB.messages.filter((m) => m.status === 'in_progress').length >= 2);

    // A request in flight on A when the signal comes: it is answered, not cut.
    let sendRest!: () => void;
    const inFlight = slowLogin(a, new Promise<void>((resolve) => (sendRest = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopping = terminate(a);
    const { code, at } = await onA.closed;
    expect(code).toBe(WS_CLOSE.restart);
    sendRest();
    expect(await inFlight).toBe(401);
    const stop = await stopping;
    expect(stop.code, a.output.join('').slice(-2000)).toBe(0);
    expect(stop.ms).toBeLessThan(10_000);
    expect(at - (Date.now() - stop.ms)).toBeLessThan(2_000);

    // The web app's rule: at once to another server, which sends the current state first.
    const again = openSocket(b, client, taskId);
    await until(() => ended(again.messages) && ended(onB.messages), 240_000);
    again.ws.close();
    onB.ws.close();
    expect(again.messages.at(-1)!.status).toBe('completed');
    expect(onB.messages.at(-1)!.status).toBe('completed');
  },
);

it('`all --api 2 --workers 2`: two API processes on consecutive ports and two workers on one database', { timeout: 300_000 }, async () => {
  // The two ports must both be free: take a free one, and check the next.
  let port = await freePort();
  while (!(await freeAt(port + 1))) port = await freePort();
  const all = await startProcess(t, 'all', { API_PROCESSES: '2', WORKER_PROCESSES: '2', ...processEnv() }, port);
  started.push(all);
  for (const p of [port, port + 1]) {
    const health = await waitForHealth(`http://127.0.0.1:${p}/api/health`);
    expect(health, `port ${p}`).toBe(200);
  }
  const workers = () => all.output.join('').match(/"process":"worker".*"msg":"worker started"/g)?.length ?? 0;
  for (const deadline = Date.now() + 60_000; workers() < 2 && Date.now() < deadline; await new Promise((r) => setTimeout(r, 200)));
  expect(workers()).toBe(2);
  const stop = await terminate(all);
  expect(stop.code).toBe(0);
});

async function freeAt(port: number): Promise<boolean> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function waitForHealth(url: string): Promise<number> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (status) return status;
  }
  return 0;
}
