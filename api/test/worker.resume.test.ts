/** A worker process killed in the middle of a generation: another worker takes the order over,
 * resumes from the checkpoints without repeating a finished LLM call (counted at the LLM server),
 * and exactly one paper is made. */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../paper/dev/fake-llm.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { expectMoneyBalanced, sandboxBooks } from './support/money.ts';
import { createPayment, decideInSandbox, newOrder, socketTranscript } from './support/orders.ts';
import { spawnService } from './support/processes.ts';

let llm: FakeLlm;
let t: TestApp;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  llm = await startFakeLlm({ apiKey: 'sk-test', tokensPerSecond: 1500, firstTokenMs: 150 });
  t = await startTestApp();
});
afterAll(async () => {
  for (const w of workers) w.kill('SIGKILL');
  await t.close();
  await llm.close();
});

function startWorker(): { child: ChildProcess; output: string[] } {
  const output: string[] = [];
  const child = spawnService('worker', {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: t.databaseUrl,
    DATA_DIR: t.config.dataDir,
    SECRET_KEY: t.config.secretKey,
    LLM_BASE_URL: llm.url,
    LLM_API_KEY: 'sk-test',
    GENERATION_STALE_SECONDS: '2',
    LOG_LEVEL: 'info',
  });
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  workers.push(child);
  return { child, output };
}

it('resumes after SIGKILL without repeating finished calls and makes exactly one paper', { timeout: 300_000 }, async () => {
  const u = await signUp(t);
  const created = await createPayment(u.client, newOrder());
  const taskId = created.body.data.task_id;
  const socket = await socketTranscript(t, u.client, `/api/v1/users/ws/${taskId}`);
  await decideInSandbox(u.client, created.body.data.confirmation_url, 'pay');

  const first = startWorker();
  // Kill it once the plan is done and writing is under way.
  await socket.waitFor(
    (m) => m.some((x) => x.status === 'in_progress' && x.progress >= 25) && llm.log.filter((c) => c.completed).length >= 2,
  );
  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));
  const killedAt = Date.now();
  // Finished = its answer was checkpointed. (A call the server finished sending just before the
  // kill, but whose answer the worker never stored, is rightly asked again.)
  const saved = await t.sql(`select key from generation_checkpoints where order_id = $1 and key like 'llm:%'`, [taskId]);
  const finishedBefore = new Set(saved.rows.map((r) => String(r.key).slice('llm:'.length)));
  expect(finishedBefore.size).toBeGreaterThanOrEqual(1);

  const second = startWorker();
  const messages = await socket.waitFor((m) => m.some((x) => ['completed', 'failed'].includes(x.status)), 240_000);
  const last = messages.at(-1);
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
  await expectMoneyBalanced(t, await sandboxBooks(t));
});
