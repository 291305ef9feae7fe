/** Worker processes SIGKILLed at the worst moments: in the middle of a generation (another worker
 * takes the order over, resumes from the checkpoints without repeating a finished LLM call, counted
 * at the LLM server, and exactly one paper is made), between the commit that completes an order and
 * its notification, and while the «готова» e-mail is being sent. After every kill round every
 * delivered order has exactly one «готова» e-mail at a real SMTP server. */
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../paper/dev/fake-llm.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { expectMoneyBalanced, sandboxBooks } from './support/money.ts';
import { createPayment, decideInSandbox, newOrder, socketTranscript } from './support/orders.ts';
import { spawnService } from './support/processes.ts';
import { startSmtpInbox, type SmtpInbox } from './support/smtp.ts';

let llm: FakeLlm;
let smtp: SmtpInbox;
let t: TestApp;
type Worker = { child: ChildProcess; output: string[]; kill: () => Promise<void> };
const workers: Worker[] = [];
/** Every delivered order of the file, with its user's e-mail. */
const delivered: { taskId: string; email: string }[] = [];
const READY = /готова/;

beforeAll(async () => {
  llm = await startFakeLlm({ apiKey: 'sk-test', tokensPerSecond: 1500, firstTokenMs: 150 });
  smtp = await startSmtpInbox();
  t = await startTestApp();
});
// Each round starts with no worker running.
afterEach(async () => {
  for (const w of workers.splice(0)) await w.kill();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await llm.close();
});

function startWorker(): Worker {
  const output: string[] = [];
  const child = spawnService('worker', {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: t.databaseUrl,
    DATA_DIR: t.config.dataDir,
    SECRET_KEY: t.config.secretKey,
    LLM_BASE_URL: llm.url,
    LLM_API_KEY: 'sk-test',
    SMTP_URL: smtp.url,
    GENERATION_STALE_SECONDS: '2',
    LOG_LEVEL: 'info',
  });
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const worker = {
    child,
    output,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  workers.push(worker);
  return worker;
}

/** A paid demo of a new user, with its generation socket. */
async function paidOrder() {
  const u = await signUp(t);
  const created = await createPayment(u.client, newOrder());
  const taskId = created.body.data.task_id;
  const socket = await socketTranscript(t, u.client, `/api/v1/users/ws/${taskId}`);
  await decideInSandbox(u.client, created.body.data.confirmation_url, 'pay');
  return { taskId, email: u.email, socket };
}

const ended = (m: { status: string }[]) => m.some((x) => ['completed', 'failed'].includes(x.status));

/** Waits for the order's «готова» e-mail and for its job to be done (the next round's kill then
 * comes after it); then every delivered order has exactly one. */
async function expectOneReadyMailEach(order: { taskId: string; email: string }) {
  await smtp.waitFor(order.email, READY);
  const done = async () =>
    (
      await t.sql(
        `select state from pgboss.job where name = 'notify' and data->>'orderId' = $1 and data->>'kind' = 'generation_completed'`,
        [order.taskId],
      )
    ).rows[0]?.state === 'completed';
  // pg-boss tells of a finished job only through its table: read it until the job is done.
  for (const deadline = Date.now() + 60_000; !(await done()) && Date.now() < deadline; await new Promise((r) => setTimeout(r, 100)));
  delivered.push(order);
  for (const { email } of delivered) expect(smtp.to(email, READY), email).toHaveLength(1);
}

it('resumes after SIGKILL without repeating finished calls and makes exactly one paper', { timeout: 300_000 }, async () => {
  const { taskId, email, socket } = await paidOrder();
  const first = startWorker();
  // Kill it once the plan is done and writing is under way.
  await socket.waitFor(
    (m) => m.some((x) => x.status === 'in_progress' && x.progress >= 25) && llm.log.filter((c) => c.completed).length >= 2,
  );
  await first.kill();
  const killedAt = Date.now();
  // Finished = its answer was checkpointed. (A call the server finished sending just before the
  // kill, but whose answer the worker never stored, is rightly asked again.)
  const saved = await t.sql(`select key from generation_checkpoints where order_id = $1 and key like 'llm:%'`, [taskId]);
  const finishedBefore = new Set(saved.rows.map((r) => String(r.key).slice('llm:'.length)));
  expect(finishedBefore.size).toBeGreaterThanOrEqual(1);

  const second = startWorker();
  const last = (await socket.waitFor(ended, 240_000)).at(-1);
  expect(last.status, second.output.join('').slice(-2000)).toBe('completed');
  socket.close();

  const repeated = llm.log.filter((c) => c.startedAt > killedAt && finishedBefore.has(c.key)).map((c) => c.key);
  expect(repeated).toEqual([]);
  const papers = await t.sql('select count(*) from papers where order_id = $1', [taskId]);
  expect(Number(papers.rows[0].count)).toBe(1);
  const order = await t.sql('select status, attempts from orders where id = $1', [taskId]);
  expect(order.rows[0]).toEqual({ status: 'completed', attempts: 2 });
  // Every call was answered once, except those the kill interrupted.
  expect(llm.log.filter((c) => c.completed && finishedBefore.has(c.key))).toHaveLength(finishedBefore.size);
  await expectOneReadyMailEach({ taskId, email });
  await expectMoneyBalanced(t, await sandboxBooks(t));
});

it(
  'killed between the commit that completes the order and its notification: the e-mail still comes, once',
  { timeout: 300_000 },
  async () => {
    // The notification of this order's completion waits at the database (an advisory lock the test
    // holds); once it waits, the worker is killed and its waiting statement dies with it.
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    await holder.query('select pg_advisory_lock(4242)');
    await holder.query(`
    create function hold_ready_notification() returns trigger language plpgsql as $$
    begin
      if new.name = 'notify' and new.data->>'kind' = 'generation_completed' then
        perform pg_advisory_lock_shared(4242);
        perform pg_advisory_unlock_shared(4242);
      end if;
      return new;
    end $$`);
    await holder.query(
      'create trigger hold_ready_notification before insert on pgboss.job for each row execute function hold_ready_notification()',
    );
    try {
      const { taskId, email, socket } = await paidOrder();
      const first = startWorker();
      let waiting: number | undefined;
      for (const deadline = Date.now() + 240_000; !waiting && Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
        // pg_locks tells of a waiting statement only when asked: ask until it waits.
        waiting = (await holder.query(`select pid from pg_locks where locktype = 'advisory' and objid = 4242 and not granted`)).rows[0]
          ?.pid;
      }
      expect(waiting, first.output.join('').slice(-2000)).toBeDefined();
      await first.kill();
      await holder.query('select pg_terminate_backend($1)', [waiting]);
      await holder.query('drop trigger hold_ready_notification on pgboss.job');
      await holder.query('select pg_advisory_unlock(4242)');

      startWorker();
      const last = (await socket.waitFor(ended, 240_000)).at(-1);
      socket.close();
      expect(last.status).toBe('completed');
      await expectOneReadyMailEach({ taskId, email });
    } finally {
      await holder.query('drop trigger if exists hold_ready_notification on pgboss.job');
      await holder.end();
    }
  },
);

it('killed while the «готова» e-mail is being sent: it is sent again, once, under the same Message-ID', { timeout: 300_000 }, async () => {
  const { taskId, email, socket } = await paidOrder();
  const first = startWorker();
  let killed: Promise<void> | null = null;
  // The SMTP server has the message but has not accepted it when its sender dies.
  smtp.onMessage((m) => {
    if (!m.to.includes(email) || !READY.test(m.subject) || killed) return 'accept';
    killed = first.kill();
    return 'refuse';
  });
  const last = (await socket.waitFor(ended, 240_000)).at(-1);
  socket.close();
  expect(last.status).toBe('completed');
  await smtp.waitFor(email, /Оплата получена/);
  for (const deadline = Date.now() + 240_000; !killed && Date.now() < deadline; await new Promise((r) => setTimeout(r, 50)));
  await killed;
  smtp.onMessage(null);

  // Its job is taken again soon after the restart (its worker's heartbeat stopped), not after
  // pg-boss's 15 minutes of expiry.
  startWorker();
  await expectOneReadyMailEach({ taskId, email });
  expect(smtp.to(email, READY)[0].messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
});

it(
  'after all the kill rounds: every notification job is settled and every delivered order still has one «готова» e-mail',
  { timeout: 180_000 },
  async () => {
    startWorker();
    const settled = async () =>
      (await t.sql(`select count(*)::int as n from pgboss.job where name = 'notify' and state not in ('completed', 'failed')`)).rows[0]
        .n === 0;
    for (const deadline = Date.now() + 150_000; !(await settled()) && Date.now() < deadline; await new Promise((r) => setTimeout(r, 200)));
    expect(await settled()).toBe(true);
    expect(delivered).toHaveLength(3);
    for (const { email } of delivered) expect(smtp.to(email, READY), email).toHaveLength(1);
  },
);
