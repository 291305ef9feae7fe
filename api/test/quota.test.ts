/** The model quota shared by worker processes through PostgreSQL: limiter instances with their own
 * connections (as separate workers have), a worker process killed with SIGKILL, and the real LLM
 * writer against a local OpenAI-compatible server that answers 429. */
import { fork } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLlmWriter, type Writer, type WriterCall } from '@app/paper';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeLlm } from '../../paper/dev/fake-llm.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { startQuota, type Quota, type QuotaClaim, type QuotaOptions } from '../src/modules/quota/quota.ts';
import { withQuota } from '../src/modules/quota/with-quota.ts';
import { createTestDatabase, signUp, startTestApp } from './support/app.ts';
import { createPayment, decideInSandbox, newOrder, waitForOrders } from './support/orders.ts';

let databaseUrl: string;
let db: pg.Pool;
const quotas: Quota[] = [];

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
});
afterAll(async () => {
  for (const q of quotas) await q.stop();
  await db.end();
});

/** A limiter instance with its own connections, as one worker process has. */
async function limiter(pools: Record<string, number>, options: Partial<QuotaOptions> = {}): Promise<Quota> {
  const q = await startQuota({
    databaseUrl,
    pools,
    tariffPools: {},
    leaseSeconds: 5,
    backoffSeconds: 60,
    pollMs: 50,
    demoKeepMs: 0,
    ...options,
  });
  quotas.push(q);
  return q;
}

async function count(table: 'quota_leases' | 'quota_waiters', pool: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${table} where pool = $1`, [pool]);
  return rows[0].n;
}

const claim = (pool: string, orderId: string, callKey: string, kind: QuotaClaim['kind'] = 'full'): QuotaClaim => ({
  pool,
  orderId,
  kind,
  callKey,
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('model quota', () => {
  it('never grants more streams than the pool has, across two workers, and uses them all', async () => {
    const pool = 'two-workers';
    const workers = [await limiter({ [pool]: 3 }), await limiter({ [pool]: 3 })];
    let active = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const lease = await workers[i % 2].acquire(claim(pool, `order-${i % 5}`, `call-${i}`, i % 7 === 0 ? 'demo' : 'full'));
        active++;
        most = Math.max(most, active);
        await pause(5 + ((i * 7) % 20)); // the model answering
        active--;
        await lease.release();
      }),
    );
    expect(most).toBe(3);
    expect(await count('quota_leases', pool)).toBe(0);
    expect(await count('quota_waiters', pool)).toBe(0);
  });

  it('gives a demo paid after three full papers the next stream, then every order its turn', async () => {
    const pool = 'fair';
    const a = await limiter({ [pool]: 3 });
    const b = await limiter({ [pool]: 3 });
    // Three full papers hold the three streams.
    const full1 = await a.acquire(claim(pool, 'full-1', 'f1-0'));
    const full2 = await b.acquire(claim(pool, 'full-2', 'f2-0'));
    const full3 = await a.acquire(claim(pool, 'full-3', 'f3-0'));
    const granted: string[] = [];
    const queued = new Map<string, ReturnType<Quota['acquire']>>();
    const queue = async (q: Quota, orderId: string, key: string, kind: QuotaClaim['kind'] = 'full') => {
      const before = await count('quota_waiters', pool);
      const lease = q.acquire(claim(pool, orderId, key, kind));
      queued.set(
        key,
        lease.then((l) => {
          granted.push(key);
          return l;
        }),
      );
      await vi.waitFor(async () => expect(await count('quota_waiters', pool)).toBe(before + 1));
    };
    // Each full paper queues two more calls; then a demo arrives with two calls, on the other worker.
    for (const n of [1, 2, 3]) for (const c of [1, 2]) await queue(n === 2 ? b : a, `full-${n}`, `f${n}-${c}`);
    await queue(b, 'demo-1', 'd-1', 'demo');
    await queue(b, 'demo-1', 'd-2', 'demo');

    await full1.release();
    await vi.waitFor(() => expect(granted).toHaveLength(1));
    expect(granted).toEqual(['d-1']);
    // A demo goes first while it holds fewer than DEMO_FIRST_STREAMS, even before orders that hold none.
    await full2.release();
    await vi.waitFor(() => expect(granted).toHaveLength(2));
    expect(granted[1]).toBe('d-2');

    // Then the order holding the fewest: full-1, full-2 and full-3 hold none, full-1 has waited longest.
    await full3.release();
    await vi.waitFor(() => expect(granted).toHaveLength(3));
    expect(granted[2]).toBe('f1-1');
    // full-2 holds nothing and goes before full-1's second call (not first come, first served).
    await (await queued.get('d-1')!).release();
    await vi.waitFor(() => expect(granted).toHaveLength(4));
    expect(granted[3]).toBe('f2-1');

    await Promise.all([...queued.values()].map((p) => p.then((l) => l.release())));
    expect(await count('quota_leases', pool)).toBe(0);
    expect(await count('quota_waiters', pool)).toBe(0);
  });

  it("keeps a demo's stream for its next call for a moment, then hands it on", async () => {
    const pool = 'demo-keeps';
    // Long enough that a loaded CI machine never lets the stream expire between two of the demo's
    // steps (1.5 s did once), short enough that the test waits it out.
    const q = await limiter({ [pool]: 1 }, { demoKeepMs: 6000 });
    const first = await q.acquire(claim(pool, 'demo-1', 'd-1', 'demo'));
    const full = q.acquire(claim(pool, 'full-1', 'f-1'));
    await vi.waitFor(async () => expect(await count('quota_waiters', pool)).toBe(1));
    await first.release();
    // The stream waits for the demo's next call, which takes it at once, although a full paper waits.
    expect(await count('quota_waiters', pool)).toBe(1);
    const second = await q.acquire(claim(pool, 'demo-1', 'd-2', 'demo'));
    expect(await count('quota_waiters', pool)).toBe(1);
    await second.release();
    // Another order's demo does not get demo-1's parked stream: it waits.
    const other = q.acquire(claim(pool, 'demo-2', 'd2-1', 'demo'));
    await vi.waitFor(async () => expect(await count('quota_waiters', pool)).toBe(2));
    // No next call comes: the parked stream expires and goes to the waiting calls (demo-2 first).
    const next = await other;
    await next.release();
    await (await full).release();
    await vi.waitFor(async () => expect(await count('quota_leases', pool)).toBe(0), { timeout: 15_000 });
  });

  it('gives a demo writing its subsections at the same time its streams first, and keeps only one of them between its steps', async () => {
    // A kept stream outlives the whole test (a loaded CI machine took over 3 s between two steps, and
    // the stream had gone back before the conclusions asked for it).
    const pool = 'demo-wide';
    const q = await limiter({ [pool]: 4 }, { demoKeepMs: 60_000 });
    const parked = async () =>
      (await db.query<{ n: number }>(`select count(*)::int as n from quota_leases where pool = $1 and parked`, [pool])).rows[0].n;
    const fulls = await Promise.all([1, 2, 3, 4].map((n) => q.acquire(claim(pool, `full-${n}`, `f${n}-0`))));
    const granted: string[] = [];
    /** Queues a call and returns once it waits (its lease comes later). */
    const ask = async (orderId: string, key: string, kind: QuotaClaim['kind'] = 'full') => {
      const before = await count('quota_waiters', pool);
      const lease = q.acquire(claim(pool, orderId, key, kind)).then((l) => {
        granted.push(key);
        return l;
      });
      await vi.waitFor(async () => expect(await count('quota_waiters', pool)).toBe(before + 1));
      return { lease };
    };
    const full5 = await ask('full-5', 'f5-0');
    const full1 = await ask('full-1', 'f1-1');
    // The introduction and two subsections at the same time.
    const demo = [];
    for (const key of ['d-intro', 'd-1.1', 'd-1.2']) demo.push((await ask('demo-1', key, 'demo')).lease);
    for (const f of fulls.slice(0, 3)) await f.release();
    await vi.waitFor(() => expect(granted).toHaveLength(3));
    expect([...granted].sort()).toEqual(['d-1.1', 'd-1.2', 'd-intro']);
    const [intro, s1, s2] = await Promise.all(demo);
    // The introduction ends first: its stream is kept for the demo's next step.
    await intro.release();
    expect(await parked()).toBe(1);
    expect(granted).toHaveLength(3);
    // The subsections end after it: the demo keeps one stream already, theirs go to the full papers at once.
    await s1.release();
    await s2.release();
    await vi.waitFor(() => expect(granted).toHaveLength(5));
    expect(await parked()).toBe(1);
    // The chapter's conclusions take the kept stream, before a full paper that waits.
    const full6 = await ask('full-6', 'f6-0');
    const conclusion = await q.acquire(claim(pool, 'demo-1', 'd-conclusion', 'demo'));
    expect(await count('quota_waiters', pool)).toBe(1);
    await conclusion.release();
    for (const l of [fulls[3], await full5.lease, await full1.lease]) await l.release();
    await (await full6.lease).release();
    // What is left is the conclusion's stream, parked for the demo's next step until it expires.
    expect(await count('quota_leases', pool)).toBe(await parked());
  });

  it('frees the streams of a worker killed with SIGKILL once its leases expire', async () => {
    const pool = 'dead-worker';
    const doomed = fork(join(import.meta.dirname, 'support/quota-holder.ts'), [], {
      env: { ...process.env, DATABASE_URL: databaseUrl, QUOTA_POOL: pool, QUOTA_STREAMS: '2', QUOTA_TAKE: '2', QUOTA_LEASE_SECONDS: '1' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = new Promise((resolve) => doomed.once('exit', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        doomed.once('message', () => resolve());
        doomed.once('exit', (code) => reject(new Error(`the holder exited (${code})`)));
      });
      const first = await db.query<{ expires_at: Date }>(`select max(expires_at) as expires_at from quota_leases where pool = $1`, [pool]);
      expect(await count('quota_leases', pool)).toBe(2);

      const survivor = await limiter({ [pool]: 2 });
      let got = false;
      const next = survivor.acquire(claim(pool, 'order-after', 'call-after')).then((lease) => {
        got = true;
        return lease;
      });
      // While the worker lives, its heartbeat renews its leases and nobody takes them.
      await vi.waitFor(async () => {
        const { rows } = await db.query<{ expires_at: Date }>(`select min(expires_at) as expires_at from quota_leases where pool = $1`, [
          pool,
        ]);
        expect(rows[0].expires_at.getTime()).toBeGreaterThan(first.rows[0].expires_at.getTime());
      });
      expect(got).toBe(false);

      doomed.kill('SIGKILL');
      await exited;
      const lease = await next;
      const { rows } = await db.query<{ worker_id: string }>(`select worker_id from quota_leases where pool = $1`, [pool]);
      expect(rows.map((r) => r.worker_id)).toEqual([survivor.workerId]);
      // Both of its streams came back.
      const second = await survivor.acquire(claim(pool, 'order-after', 'call-after-2'));
      await lease.release();
      await second.release();
    } finally {
      doomed.kill('SIGKILL');
    }
  });

  it('removes a waiting call that is aborted, which then takes no stream', async () => {
    const pool = 'abort';
    const q = await limiter({ [pool]: 1 });
    const holder = await q.acquire(claim(pool, 'order-1', 'call-1'));
    const controller = new AbortController();
    const waiting = q.acquire(claim(pool, 'order-2', 'call-2', 'demo'), controller.signal);
    await vi.waitFor(async () => expect(await count('quota_waiters', pool)).toBe(1));
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'aborted' });
    expect(await count('quota_waiters', pool)).toBe(0);
    await holder.release();
    expect(await count('quota_leases', pool)).toBe(0);
    // The stream is free for the next call at once.
    const next = await q.acquire(claim(pool, 'order-3', 'call-3'));
    await next.release();
  });

  it('holds a stream while a call runs and gives it back when the call fails', async () => {
    const pool = 'failing';
    const q = await limiter({ [pool]: 1 }, { tariffPools: { basic: pool } });
    const seen: number[] = [];
    const failing: Writer = {
      kind: 'llm',
      complete: async () => {
        seen.push(await count('quota_leases', pool));
        throw new Error('model failed');
      },
    };
    const writer = withQuota(failing, q, { orderId: 'order-1', kind: 'full' });
    await expect(writer.complete(call('k1'))).rejects.toThrow('model failed');
    expect(await count('quota_leases', pool)).toBe(0);
    // A tariff without a pool is not limited: no lease is taken.
    await expect(writer.complete({ ...call('k2'), tariff: 'professional' })).rejects.toThrow('model failed');
    expect(seen).toEqual([1, 0]);
    expect(await count('quota_waiters', pool)).toBe(0);
  });

  it('runs a pool one stream below what it held after a 429, until the backoff ends', async () => {
    const pool = 'limited';
    const llm = await startFakeLlm({
      apiKey: 'sk-test',
      behave: (req) => (req.key === 'rate-limited' && req.attempt === 1 ? { status: 429, retryAfterSec: 1 } : undefined),
    });
    try {
      const q = await limiter({ [pool]: 3 }, { tariffPools: { basic: pool }, backoffSeconds: 2 });
      const others = [await q.acquire(claim(pool, 'order-1', 'c1')), await q.acquire(claim(pool, 'order-2', 'c2'))];
      const llmWriter = createLlmWriter({
        baseURL: llm.url,
        apiKey: 'sk-test',
        models: { basic: 'm', professional: 'm' },
        retryBaseMs: 50,
      });
      const writer = withQuota(llmWriter, q, { orderId: 'order-3', kind: 'full' });
      const reply = await writer.complete(call('rate-limited'));
      expect(reply.text.length).toBeGreaterThan(0);
      expect(llm.log.map((e) => e.status)).toEqual([429, 200]);
      const { rows } = await db.query<{ reduced_streams: number; backing_off: boolean }>(
        `select reduced_streams, backoff_until > now() as backing_off from quota_pools where name = $1`,
        [pool],
      );
      // It held 3 when the provider refused: 2 until the backoff ends.
      expect(rows[0]).toEqual({ reduced_streams: 2, backing_off: true });
      expect(await count('quota_leases', pool)).toBe(2);

      // A third stream is refused now (a waiter is left only when its own grant found no stream) ...
      const third = q.acquire(claim(pool, 'order-4', 'c4'));
      await vi.waitFor(async () => expect(await count('quota_waiters', pool)).toBe(1));
      // ... and granted when the backoff ends, with nothing released.
      const lease = await third;
      expect(await count('quota_leases', pool)).toBe(3);
      for (const l of [...others, lease]) await l.release();
    } finally {
      await llm.close();
    }
  });
});

describe('the worker under LLM_QUOTA', () => {
  it('sends no more calls at once than the quota allows, however many the engine runs in parallel', { timeout: 240_000 }, async () => {
    const llm = await startFakeLlm({ apiKey: 'sk-test', tokensPerSecond: 2000, firstTokenMs: 50 });
    const t = await startTestApp(
      { LLM_BASE_URL: llm.url, LLM_API_KEY: 'sk-test', LLM_CONCURRENCY: '8', LLM_QUOTA: 'llm=1', WORKER_CONCURRENCY: '2' },
      { worker: true },
    );
    try {
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) {
        const u = await signUp(t);
        const created = await createPayment(u.client, newOrder());
        await decideInSandbox(u.client, created.body.data.confirmation_url, 'pay');
        ids.push(created.body.data.task_id);
      }
      expect(Object.values(await waitForOrders(t, ids, ['completed', 'failed']))).toEqual(['completed', 'completed']);
      // Two demos, each writing its introduction and subsections in parallel, one stream between them.
      expect(llm.log.filter((e) => e.completed).length).toBeGreaterThan(6);
      expect(llm.maxInFlight).toBe(1);
      // Nothing is held but a demo's stream kept for a moment after its last call.
      expect((await t.sql(`select count(*)::int as n from quota_leases where pool = 'llm' and not parked`)).rows[0].n).toBe(0);
    } finally {
      await t.close();
      await llm.close();
    }
  });
});

describe('LLM_QUOTA', () => {
  const base = { NODE_ENV: 'test', SECRET_KEY: 'x'.repeat(40), DATA_DIR: tmpdir() };

  it('is off unless set, and one pool serves both tariffs', () => {
    expect(loadConfig(base).quota).toBeNull();
    expect(loadConfig({ ...base, LLM_QUOTA: 'gigachat=1' }).quota).toEqual({
      pools: { gigachat: 1 },
      tariffPools: { basic: 'gigachat', professional: 'gigachat' },
      leaseSeconds: 30,
      backoffSeconds: 60,
    });
    const two = loadConfig({
      ...base,
      LLM_QUOTA: 'yandex/yandexgpt-lite=10, gigachat=10',
      LLM_QUOTA_POOL_BASIC: 'yandex/yandexgpt-lite',
      LLM_QUOTA_POOL_PROFESSIONAL: 'gigachat',
    }).quota;
    expect(two?.tariffPools).toEqual({ basic: 'yandex/yandexgpt-lite', professional: 'gigachat' });
  });

  it('refuses bad pools and tariffs without a pool, naming the variable', () => {
    for (const bad of ['gigachat', 'gigachat=0', 'gigachat=1.5', 'gigachat=10000', 'giga chat=1', 'a=1,a=2']) {
      expect(() => loadConfig({ ...base, LLM_QUOTA: bad })).toThrow(/LLM_QUOTA/);
    }
    expect(() => loadConfig({ ...base, LLM_QUOTA: 'a=1,b=2' })).toThrow(/LLM_QUOTA_POOL_BASIC must name one of the pools/);
    expect(() => loadConfig({ ...base, LLM_QUOTA: 'a=1', LLM_QUOTA_POOL_PROFESSIONAL: 'b' })).toThrow(/"b" is not a pool/);
    expect(() => loadConfig({ ...base, LLM_QUOTA_POOL_BASIC: 'a' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, LLM_QUOTA: 'a=1', LLM_QUOTA_LEASE_SECONDS: '1' })).toThrow(/LLM_QUOTA_LEASE_SECONDS/);
  });
});

function call(key: string): WriterCall {
  return {
    key,
    task: { kind: 'verify', claims: [] },
    messages: [{ role: 'user', content: 'Напиши абзац около 300 знаков.' }],
    tariff: 'basic',
    maxTokens: 400,
  };
}
