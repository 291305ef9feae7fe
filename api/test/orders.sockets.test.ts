/** The order sockets serve only the owner: while the owner's generation runs, a thousand sockets
 * of another user for the owner's task id get nothing of it and are closed with 4404. And the
 * worker renders its PDFs under DATA_DIR/tmp/pdf, leaving nothing there. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { WS_CLOSE } from '@app/contract';
import type { WebSocket } from 'ws';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openOrm, type Orm } from '../src/db/orm.ts';
import { startWorker } from '../src/worker.ts';
import { signUp, startTestApp, type Client, type TestApp } from './support/app.ts';
import { createPayment, decideInSandbox, newOrder, socketTranscript } from './support/orders.ts';

let t: TestApp;
let workerOrm: Orm;
let worker: Awaited<ReturnType<typeof startWorker>>;
beforeAll(async () => {
  t = await startTestApp();
  // The worker has its own connection pool, as a worker process has: the sockets' queries do not
  // hold its progress back.
  workerOrm = await openOrm(t.databaseUrl, { poolMax: 5 });
  worker = await startWorker(t.config, workerOrm, t.databaseUrl, pino({ level: 'warn' }));
});
let workerStopped = false;
afterAll(async () => {
  if (!workerStopped) await worker?.stop();
  await workerOrm?.close();
  await t?.close();
});

interface Recorded {
  path: string;
  messages: unknown[];
  closed: Promise<number>;
}

/** Opens a socket with its listeners attached before the upgrade completes, so that nothing the
 * server sends at once is missed; `closed` resolves with the close code. */
function openSocket(client: Client, path: string): Promise<Recorded> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const messages: unknown[] = [];
  let onClose!: (code: number) => void;
  const closed = new Promise<number>((resolve) => (onClose = resolve));
  const onInit = (ws: WebSocket) => {
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    ws.on('close', (code) => onClose(code));
  };
  return (t.app as any).injectWS(path, { headers: { cookie } }, { onInit }).then(() => ({ path, messages, closed }));
}

it("another user's sockets for a running generation get nothing of it and are closed with 4404", { timeout: 600_000 }, async () => {
  const owner = await signUp(t);
  const stranger = await signUp(t);
  const created = await createPayment(owner.client, newOrder());
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const taskId = created.body.data.task_id;
  const progress = await socketTranscript(t, owner.client, `/api/v1/users/ws/${taskId}`);
  await decideInSandbox(owner.client, created.body.data.confirmation_url, 'pay');
  await progress.waitFor((m) => m.some((x) => x.status === 'in_progress'));

  // A thousand sockets at once, half on each path, while the worker keeps publishing progress.
  const seenBefore = progress.messages.length;
  const strangers = await Promise.all(
    Array.from({ length: 1000 }, (_, i) => openSocket(stranger.client, `/api/v1/${i % 2 ? 'payment' : 'users'}/ws/${taskId}`)),
  );
  const codes = await Promise.all(strangers.map((s) => s.closed));
  const seenDuring = progress.messages.length - seenBefore;

  expect(new Set(codes)).toEqual(new Set([WS_CLOSE.notFound]));
  const leaked = strangers.filter((s) => {
    const expected = s.path.includes('/payment/') ? [{ status: 'not_found' }] : [];
    return JSON.stringify(s.messages) !== JSON.stringify(expected);
  });
  expect(leaked.map((s) => s.messages).flat()).toEqual([]);

  // The owner's socket got the progress all along, the stretch of the attack included (so the
  // strangers were connecting while there was something to leak).
  expect(seenDuring).toBeGreaterThan(0);
  const transcript = await progress.waitFor((m) => m.some((x) => ['completed', 'failed'].includes(x.status)), 300_000);
  progress.close();
  expect(transcript.at(-1).status).toBe('completed');
  expect(transcript.filter((m) => m.status === 'in_progress').length).toBeGreaterThan(3);
});

it("renders PDFs under DATA_DIR/tmp/pdf: between jobs only the converters' profiles, nothing after the worker stops", async () => {
  const pdfDir = join(t.config.dataDir, 'tmp', 'pdf');
  const pools = readdirSync(pdfDir);
  expect(pools).toHaveLength(1);
  expect(readdirSync(join(pdfDir, pools[0])).every((name) => /^profile-\d+$/.test(name))).toBe(true);
  workerStopped = true;
  await worker.stop();
  expect(readdirSync(pdfDir)).toEqual([]);
});
