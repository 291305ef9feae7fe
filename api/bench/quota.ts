/**
 * `npm run bench:quota -w api`: one model quota shared by three worker processes. Each worker is a
 * child process with its own limiter and database connections and the real LLM writer; the model
 * is a local OpenAI-compatible server (paper/dev/fake-llm.ts) streaming 60 tokens a second per
 * stream, which, like a real provider, answers 429 to a request beyond its 10 streams.
 * 20 orders: 10 full papers are paid first; when their calls already wait for streams, 2 demos are
 * paid, then 8 more full papers. Papers are QUOTA_BENCH_SCALE (15) times shorter than real ones
 * (see quota-papers.ts), so every time in the run is that much shorter; the figures are printed as
 * measured and scaled back to full size (database and process overheads are not scaled, so the
 * scaled-back figures are pessimistic).
 * Every order starts writing as soon as it is paid (the job queue's own waiting, WORKER_CONCURRENCY
 * generations per worker, is not part of this measurement).
 * Prints papers per hour, quota utilisation (target ≥ 90 %) and each demo's wait from payment to
 * finish (target: ≤ 2 minutes at full size with 10 full papers queued) beside the demo's own
 * critical path at 60 tokens/s (its wait with the whole quota to itself).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startFakeLlm } from '../../paper/dev/fake-llm.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate, openOrm } from '../src/db/orm.ts';
import { freePort } from '../test/support/ports.ts';
import { criticalTokens, demoShape, FULL_PAPER, totalTokens, type Scale } from './quota-papers.ts';
import type { BenchOrder, CallTiming, FromWorker, ToWorker } from './quota-worker.ts';

const SCALE: Scale = {
  factor: Number(process.env.QUOTA_BENCH_SCALE ?? 15),
  charsPerToken: Number(process.env.QUOTA_BENCH_CHARS_PER_TOKEN ?? 3.5),
};
const STREAMS = 10;
const WORKERS = 3;
const TOKENS_PER_SECOND = 60;
const FIRST_FULL = 10;
const DEMOS = 2;
const LATER_FULL = 8;
const TARGET_UTILISATION = 0.9;
const TARGET_DEMO_SECONDS = 120;

const dir = mkdtempSync(join(tmpdir(), 'quota-bench-'));
const server = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false });
const workers: ChildProcess[] = [];
try {
  const databaseUrl = server.url('quota_bench');
  await ensureDatabase(server.url('postgres'), 'quota_bench');
  const orm = await openOrm(databaseUrl, { poolMax: 2 });
  await migrate(orm, databaseUrl);
  await orm.close();

  // The provider's view: a request holds a stream from its arrival until its answer ends (counted
  // from the server's log, where the arriving request already stands); one beyond the limit is refused.
  let mostOpen = 0;
  let refused = 0;
  const streamsAt = (t: number) => llm.log.filter((e) => e.status === 200 && e.startedAt <= t && (e.finishedAt ?? Infinity) > t).length;
  const llm = await startFakeLlm({
    apiKey: 'sk-bench',
    tokensPerSecond: TOKENS_PER_SECOND,
    charsPerToken: 3,
    behave: () => {
      const open = streamsAt(Date.now());
      mostOpen = Math.max(mostOpen, open);
      if (open <= STREAMS) return undefined;
      refused++;
      return { status: 429, retryAfterSec: 1 };
    },
    answer: (req) => 'абв'.repeat(Number(/Ответ: (\d+) токенов/.exec(req.prompt)?.[1] ?? 1)),
  });

  const finished = new Map<string, number>();
  const timings = new Map<string, CallTiming[]>();
  const failures: string[] = [];
  const waitingFor = new Map<string, () => void>();
  for (let i = 0; i < WORKERS; i++) {
    const child = fork(join(import.meta.dirname, 'quota-worker.ts'), [], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        LLM_URL: llm.url,
        QUOTA_BENCH_SCALE: String(SCALE.factor),
        QUOTA_BENCH_CHARS_PER_TOKEN: String(SCALE.charsPerToken),
        QUOTA_BENCH_STREAMS: String(STREAMS),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    workers.push(child);
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`worker ${i} exited (${code})`)));
    });
    child.on('message', (message: FromWorker) => {
      if (message.type === 'done') {
        finished.set(message.orderId, message.finishedAt);
        timings.set(message.orderId, message.calls);
        waitingFor.get(message.orderId)?.();
      } else if (message.type === 'failed') failures.push(message.error);
    });
  }

  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // The database's view, sampled: streams leased and calls waiting.
  const samples: { at: number; leased: number; waiting: number }[] = [];
  let sampling = true;
  const sample = async () => {
    while (sampling) {
      const { rows } = await db.query<{ leased: number; waiting: number }>(
        `select (select count(*) from quota_leases)::int as leased, (select count(*) from quota_waiters)::int as waiting`,
      );
      samples.push({ at: Date.now(), ...rows[0] });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const sampler = sample();

  const paid = new Map<string, { kind: BenchOrder['kind']; at: number }>();
  const done: Promise<void>[] = [];
  let next = 0;
  const pay = (kind: BenchOrder['kind']) => {
    const order: BenchOrder = { orderId: `${kind}-${String(next + 1).padStart(2, '0')}`, kind };
    paid.set(order.orderId, { kind, at: Date.now() });
    done.push(new Promise<void>((resolve) => waitingFor.set(order.orderId, resolve)));
    workers[next++ % WORKERS].send({ type: 'order', order } satisfies ToWorker);
  };

  console.log(
    `quota bench: ${WORKERS} workers, ${STREAMS} streams, ${TOKENS_PER_SECOND} tokens/s per stream; ` +
      `${FIRST_FULL} full papers, then ${DEMOS} demos, then ${LATER_FULL} full papers; ` +
      `${SCALE.charsPerToken} characters a token, papers ${SCALE.factor}× shorter than real ones; ` +
      `a demo's subsections ${process.env.QUOTA_BENCH_DEMO === 'in-order' ? 'in order (QUOTA_BENCH_DEMO=in-order)' : 'at the same time'}`,
  );
  // A demo with the quota to itself: the least wait the model allows.
  pay('demo');
  await Promise.all(done);
  const [[aloneId, alone]] = [...paid];
  const aloneSeconds = (finished.get(aloneId)! - alone.at) / 1000;
  const aloneAt = alone.at;
  paid.clear();
  done.length = 0;
  llm.log.length = 0;
  samples.length = 0;

  const started = Date.now();
  for (let i = 0; i < FIRST_FULL; i++) pay('full');
  // The demos are paid once the full papers' calls queue for streams.
  while (!samples.some((s) => s.at > started && s.waiting > 0 && s.leased >= STREAMS)) await new Promise((r) => setTimeout(r, 50));
  for (let i = 0; i < DEMOS; i++) pay('demo');
  for (let i = 0; i < LATER_FULL; i++) pay('full');
  await Promise.race([
    Promise.all(done),
    new Promise((_, reject) => setTimeout(() => reject(new Error(`not finished in 10 minutes: ${failures.join('\n')}`)), 600_000)),
  ]);
  const ended = Date.now();
  sampling = false;
  await sampler;
  await db.end();

  const seconds = (ended - started) / 1000;
  const real = (s: number) => s * SCALE.factor;
  const streamSeconds = llm.log
    .filter((e) => e.status === 200 && e.finishedAt)
    .reduce((sum, e) => sum + (e.finishedAt! - e.startedAt) / 1000, 0);
  const utilisation = streamSeconds / (STREAMS * seconds);
  // While calls waited, every stream should have been in use.
  const backlog = samples.filter((s) => s.waiting > 0);
  const backlogUtilisation = backlog.reduce((sum, s) => sum + streamsAt(s.at), 0) / (STREAMS * Math.max(1, backlog.length));
  const fullPapers = FIRST_FULL + LATER_FULL;
  const fullTokens = totalTokens(FULL_PAPER, { ...SCALE, factor: 1 });
  const tokens = llm.log.filter((e) => e.completed).reduce((sum, e) => sum + e.completionTokens, 0);
  const ceiling = (STREAMS * TOKENS_PER_SECOND * 3600) / fullTokens;
  const perHour = (fullPapers + (DEMOS * totalTokens(demoShape(), { ...SCALE, factor: 1 })) / fullTokens) / (real(seconds) / 3600);

  const fmt = (n: number, digits = 1) => n.toFixed(digits);
  const pct = (n: number) => `${fmt(n * 100)} %`;
  console.log(`run: ${fmt(seconds)} s (${fmt(real(seconds) / 60)} min at full size); ${llm.log.length} requests, ${tokens} tokens`);
  console.log(
    `papers per hour: ${fmt(perHour)} full papers (demos counted by their tokens; ceiling at ${STREAMS} streams × ${TOKENS_PER_SECOND} tokens/s: ${fmt(ceiling)})`,
  );
  console.log(`model throughput: ${fmt(tokens / seconds)} tokens/s (ceiling ${STREAMS * TOKENS_PER_SECOND})`);
  const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(
    `quota utilisation: ${pct(backlogUtilisation)} while calls waited, ${pct(utilisation)} over the whole run (tail included) — target ≥ ${pct(TARGET_UTILISATION)}: ${mark(backlogUtilisation >= TARGET_UTILISATION)}`,
  );
  console.log(
    `provider: at most ${mostOpen} requests at once (limit ${STREAMS}), ${refused} requests refused with 429: ${mark(mostOpen <= STREAMS && refused === 0)}`,
  );
  /** Where an order's time went: its critical path (from the last call back, each time the call that
   * ended last before it was asked for) split into waiting for a stream, the model answering and
   * the rest (the database, the processes), at full size. */
  const timeOf = (orderId: string, paidAt: number) => {
    const calls = timings.get(orderId) ?? [];
    const path: CallTiming[] = [];
    let cur = calls.reduce<CallTiming | undefined>((a, c) => (!a || c.endedAt > a.endedAt ? c : a), undefined);
    while (cur) {
      path.unshift(cur);
      const asked = cur.askedAt;
      cur = calls
        .filter((c) => c.endedAt <= asked)
        .reduce<CallTiming | undefined>((a, c) => (!a || c.endedAt > a.endedAt ? c : a), undefined);
    }
    const waited = path.reduce((n, c) => n + (c.grantedAt - c.askedAt), 0) / 1000;
    const answering = path.reduce((n, c) => n + (c.endedAt - c.grantedAt), 0) / 1000;
    const total = (finished.get(orderId)! - paidAt) / 1000;
    const steps = path.map(
      (c) => `${c.name} ${fmt(real((c.grantedAt - c.askedAt) / 1000))}+${fmt(real((c.endedAt - c.grantedAt) / 1000))}`,
    );
    const widest = Math.max(...calls.map((c) => calls.filter((o) => o.grantedAt <= c.grantedAt && o.endedAt > c.grantedAt).length));
    return (
      `    where the time went: ${fmt(real(waited))} s waiting for streams + ${fmt(real(answering))} s the model answering + ` +
      `${fmt(real(total - waited - answering))} s between calls (database, processes) on its critical path ` +
      `(call: wait+answer s): ${steps.join(', ')}; at most ${widest} of its calls at once`
    );
  };
  const demoBound = criticalTokens(demoShape(), SCALE) / TOKENS_PER_SECOND;
  console.log(
    `a demo alone: paid → finished ${fmt(aloneSeconds)} s (${fmt(real(aloneSeconds))} s at full size; its critical path at exactly ${TOKENS_PER_SECOND} tokens/s: ${fmt(real(demoBound))} s)`,
  );
  console.log(timeOf(aloneId, aloneAt));
  for (const [orderId, { kind, at }] of paid) {
    if (kind !== 'demo') continue;
    const wait = (finished.get(orderId)! - at) / 1000;
    console.log(
      `${orderId} with ${FIRST_FULL} full papers queued: paid → finished ${fmt(wait)} s (${fmt(real(wait))} s at full size, ${fmt(real(wait - aloneSeconds))} s more than alone) — target ≤ ${TARGET_DEMO_SECONDS} s: ${mark(real(wait) <= TARGET_DEMO_SECONDS)}`,
    );
    console.log(timeOf(orderId, at));
  }
  const fullWaits = [...paid]
    .filter(([, o]) => o.kind === 'full')
    .map(([id, o]) => real((finished.get(id)! - o.at) / 1000))
    .sort((a, b) => a - b);
  console.log(
    `full papers: paid → finished ${fmt(fullWaits[0] / 60)}–${fmt(fullWaits.at(-1)! / 60)} min at full size (alone: ${fmt(real(criticalTokens(FULL_PAPER, SCALE) / TOKENS_PER_SECOND) / 60)} min)`,
  );
  if (failures.length) console.log(`failures:\n${failures.join('\n')}`);
  for (const w of workers) w.send({ type: 'stop' } satisfies ToWorker);
  await Promise.all(workers.map((w) => new Promise((resolve) => (w.exitCode === null ? w.once('exit', resolve) : resolve(null)))));
  await llm.close();
} finally {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
