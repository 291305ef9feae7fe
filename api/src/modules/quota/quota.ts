/**
 * One model quota shared by every worker process through PostgreSQL. A provider allows so many
 * concurrent requests (a pool: GigaChat 1 stream for individuals, 10 for companies; Yandex 10); a
 * call takes a lease before it is sent and gives it back after.
 *
 * - Exact across processes: every grant and release runs in a transaction holding the pool's row
 *   (SELECT ... FOR UPDATE), which counts the leases and hands free streams to waiting calls.
 * - Fair between orders: a free stream goes to a waiting demo's call while the demo holds fewer
 *   than DEMO_FIRST_STREAMS, otherwise to the call whose order holds the fewest streams, a demo
 *   first among equals, then the longest waiting: a demo paid after three full papers gets the
 *   next streams, and every order gets its turn (round robin, not first come, first served).
 * - A demo keeps one stream between two of its steps (`demoKeepMs`): a call that ends parks its
 *   stream for the demo's next call, which would otherwise wait for the next stream to come free,
 *   unless the demo already keeps one (its subsections end one after another: one stream is kept
 *   for the chapter's conclusions, the others go at once) or a call of the demo waits (it gets
 *   the stream, the demo going first).
 * - Nothing is lost with a worker: leases and waiters carry an expiry that their worker's heartbeat
 *   renews; a killed worker's expire and are swept by the next grant.
 * - Backoff on 429: a pool that answered 429 runs one stream below what it held for a while, and
 *   grants nothing until its Retry-After has passed.
 * Grants are announced with NOTIFY (delivered on commit); a process with waiting calls also looks
 * again every `pollMs`, which sweeps expired leases and ends pauses even when nobody releases.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { PaperError, type Tariff } from '@app/paper';
import pg from 'pg';

const CHANNEL = 'quota_grants';
/** A demo is what a customer waits for in front of the screen: its calls go first while it holds
 * fewer streams than this. A demo's widest step is its introduction beside its chapter's
 * subsections written at the same time (at most 6, paper/src/outline/schema.ts); it takes about a
 * minute, after which the streams go back to the full papers. */
const DEMO_FIRST_STREAMS = 7;
/** Further 429s this soon after one that shrank the pool are the same burst: they do not shrink it again. */
const BURST_SECONDS = 2;

export type QuotaOrderKind = 'demo' | 'full';

export interface QuotaOptions {
  databaseUrl: string;
  /** Streams per pool (a provider, or one of its models). */
  pools: Record<string, number>;
  /** The pool each tariff's calls count against; a tariff without one is not limited. */
  tariffPools: Partial<Record<Tariff, string>>;
  /** A lease or a waiter its worker has not renewed for this long is freed (the worker is dead). */
  leaseSeconds: number;
  /** How long a 429 keeps a pool's concurrency reduced. */
  backoffSeconds: number;
  /** How long a demo's stream is kept for its next call after one ends (default 2000). */
  demoKeepMs?: number;
  /** How often a process with waiting calls looks again without a notification (default 1000). */
  pollMs?: number;
  /** Default: host, process id and a random suffix. */
  workerId?: string;
  onError?: (error: unknown) => void;
}

/** Who wants a stream. */
export interface QuotaClaim {
  pool: string;
  orderId: string;
  kind: QuotaOrderKind;
  callKey: string;
}

interface QuotaLease {
  readonly id: string;
  /** Gives the stream back (at most once; later calls do nothing). Never throws: when the database
   * cannot be reached, the lease is no longer renewed and expires. */
  release(): Promise<void>;
}

export interface Quota {
  readonly workerId: string;
  /** The pool a tariff's calls count against, or null when they are not limited. */
  poolFor(tariff: Tariff): string | null;
  /** Resolves with a lease once a stream is granted; an abort removes the waiting call. */
  acquire(claim: QuotaClaim, signal?: AbortSignal): Promise<QuotaLease>;
  /** The provider answered 429 to a call of the pool. */
  rateLimited(pool: string, retryAfterMs?: number): Promise<void>;
  /** Frees this process's streams and waiting calls at once (the others get them). */
  stop(): Promise<void>;
}

interface Waiting {
  claim: QuotaClaim;
  granted: () => void;
  /** The quota stops: the call will not get a stream from this process. */
  cancel: () => void;
}

/** Takes the waiting call that comes first in fairness and turns it into a lease; returns its id. */
const GRANT_NEXT = `
  with next as (
    select w.id from quota_waiters w
    left join (select order_id, count(*) as held from quota_leases where pool = $1 group by order_id) h on h.order_id = w.order_id
    where w.pool = $1
    order by (w.kind = 'demo' and coalesce(h.held, 0) < $3) desc, coalesce(h.held, 0), w.kind = 'demo' desc, w.waiting_since, w.id
    limit 1
  ), moved as (
    delete from quota_waiters w using next where w.id = next.id
    returning w.id, w.pool, w.order_id, w.call_key, w.worker_id
  )
  insert into quota_leases (id, pool, order_id, call_key, worker_id, expires_at)
  select id, pool, order_id, call_key, worker_id, now() + make_interval(secs => $2) from moved
  returning id`;

/** Hands the order's parked stream (a demo's, between two calls) to its next call. */
const TAKE_PARKED = `
  update quota_leases set id = $3, call_key = $4, worker_id = $5, parked = false, acquired_at = now(),
    expires_at = now() + make_interval(secs => $6)
  where id = (select id from quota_leases where pool = $1 and order_id = $2 and parked and expires_at >= now() limit 1)
  returning id`;

/** Parks a demo's lease unless the demo keeps a parked one already or a call of the demo waits. */
const PARK = `
  update quota_leases set parked = true, expires_at = now() + make_interval(secs => $4)
  where id = $1
    and not exists (select 1 from quota_leases where pool = $2 and order_id = $3 and parked and expires_at >= now())
    and not exists (select 1 from quota_waiters where pool = $2 and order_id = $3)`;

/** A call's waiter; never one whose lease exists (a look racing the grant must not queue it twice). */
const INSERT_WAITER = `
  insert into quota_waiters (id, pool, order_id, kind, call_key, worker_id, expires_at)
  select $1::uuid, $2::text, $3::text, $4::text, $5::text, $6::text, now() + make_interval(secs => $7::double precision)
  where not exists (select 1 from quota_leases where id = $1::uuid)
  on conflict (id) do nothing`;

function aborted(): PaperError {
  return new PaperError('aborted', 'Генерация остановлена');
}

export async function startQuota(options: QuotaOptions): Promise<Quota> {
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const onError = options.onError ?? (() => undefined);
  const leaseSeconds = options.leaseSeconds;
  const pollMs = options.pollMs ?? 1000;
  const demoKeepSeconds = (options.demoKeepMs ?? 2000) / 1000;
  const db = new pg.Pool({ connectionString: options.databaseUrl, max: 3 });
  db.on('error', onError);
  /** Calls of this process waiting for a stream, by waiter id (the lease keeps the id). */
  const waiting = new Map<string, Waiting>();
  /** Leases of this process: id -> pool. */
  const held = new Map<string, string>();
  let listener: pg.Client | null = null;
  let stopped = false;

  // The configuration is the truth for every pool it names (the last worker started wins).
  for (const [name, streams] of Object.entries(options.pools)) {
    await db.query(`insert into quota_pools (name, streams) values ($1, $2) on conflict (name) do update set streams = excluded.streams`, [
      name,
      streams,
    ]);
  }

  async function transaction<T>(work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const c = await db.connect();
    try {
      await c.query('begin');
      const result = await work(c);
      await c.query('commit');
      return result;
    } catch (error) {
      await c.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      c.release();
    }
  }

  /** Runs `work` holding the pool's row, then sweeps expired leases and grants free streams. The
   * lock comes first: a waiter's insert takes a key-share lock on the row, and taking that before
   * the update lock would let two transactions deadlock. */
  async function underPoolLock(pool: string, work: (c: pg.PoolClient) => Promise<unknown>): Promise<string[]> {
    const granted = await transaction(async (c) => {
      const locked = await c.query(`select name from quota_pools where name = $1 for update`, [pool]);
      if (!locked.rowCount) throw new Error(`quota pool ${pool} is not configured`);
      await work(c);
      await c.query(`delete from quota_leases where pool = $1 and expires_at < now()`, [pool]);
      await c.query(`delete from quota_waiters where pool = $1 and expires_at < now()`, [pool]);
      const {
        rows: [state],
      } = await c.query<{ free: number; paused: boolean }>(
        `select (case when backoff_until > now() then least(streams, reduced_streams) else streams end)
                - (select count(*) from quota_leases where pool = $1)::int as free,
                coalesce(paused_until > now(), false) as paused
         from quota_pools where name = $1`,
        [pool],
      );
      const ids: string[] = [];
      if (state.paused) return ids;
      for (let free = state.free; free > 0; free--) {
        const { rows } = await c.query<{ id: string }>(GRANT_NEXT, [pool, leaseSeconds, DEMO_FIRST_STREAMS]);
        if (!rows.length) break;
        ids.push(rows[0].id);
      }
      // A notification carries at most 8000 bytes: 100 ids a piece.
      for (let i = 0; i < ids.length; i += 100) await c.query(`select pg_notify($1, $2)`, [CHANNEL, JSON.stringify(ids.slice(i, i + 100))]);
      return ids;
    });
    settle(granted);
    return granted;
  }

  /** Wakes this process's calls among `ids` (granted here, or announced by another process). */
  function settle(ids: string[]) {
    for (const id of ids) {
      const w = waiting.get(id);
      if (!w) continue;
      waiting.delete(id);
      held.set(id, w.claim.pool);
      w.granted();
    }
  }

  /** Keeps a demo's stream for its next call (it expires, and goes to the others, unless taken),
   * or frees it when the demo keeps one already or has a call waiting. */
  async function park(id: string, claim: QuotaClaim) {
    held.delete(id);
    if (stopped) return;
    await underPoolLock(claim.pool, async (c) => {
      const kept = await c.query(PARK, [id, claim.pool, claim.orderId, demoKeepSeconds]);
      if (!kept.rowCount) await c.query(`delete from quota_leases where id = $1`, [id]);
    });
  }

  /** Removes a waiter, or the lease it has become, and hands the stream on. */
  async function free(id: string, pool: string) {
    held.delete(id);
    waiting.delete(id);
    // A stopped quota has already freed everything of this process.
    if (stopped) return;
    await underPoolLock(pool, async (c) => {
      await c.query(`delete from quota_leases where id = $1`, [id]);
      await c.query(`delete from quota_waiters where id = $1`, [id]);
    });
  }

  async function listen() {
    const client = new pg.Client({ connectionString: options.databaseUrl });
    client.on('notification', (message) => {
      if (message.payload) settle(JSON.parse(message.payload) as string[]);
    });
    client.on('error', (error) => {
      onError(error);
      // Reconnected by the next look; until then the looks find the grants.
      if (listener === client) listener = null;
      void client.end().catch(() => undefined);
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    if (stopped) await client.end();
    else listener = client;
  }
  await listen();

  /** Keeps this process's leases and waiters alive. */
  async function heartbeat() {
    const leases = [...held.keys()];
    const waiters = [...waiting.keys()];
    if (leases.length) {
      await db.query(`update quota_leases set expires_at = now() + make_interval(secs => $2) where id = any($1::uuid[])`, [
        leases,
        leaseSeconds,
      ]);
    }
    if (waiters.length) {
      await db.query(`update quota_waiters set expires_at = now() + make_interval(secs => $2) where id = any($1::uuid[])`, [
        waiters,
        leaseSeconds,
      ]);
    }
  }

  /** Looks again for this process's waiting calls: sweeps and grants in their pools, picks up
   * grants whose notification was missed, and puts back a waiter that expired while this process
   * was stalled. */
  async function look() {
    if (!listener) await listen().catch(onError);
    const pools = new Set([...waiting.values()].map((w) => w.claim.pool));
    for (const pool of pools) await underPoolLock(pool, async () => undefined);
    const ids = [...waiting.keys()];
    if (!ids.length) return;
    const { rows } = await db.query<{ id: string; lease: boolean }>(
      `select id, true as lease from quota_leases where id = any($1::uuid[])
       union all select id, false from quota_waiters where id = any($1::uuid[])`,
      [ids],
    );
    settle(rows.filter((r) => r.lease).map((r) => r.id));
    const known = new Set(rows.map((r) => r.id));
    for (const id of ids) {
      const w = waiting.get(id);
      if (!w || known.has(id)) continue;
      const c = w.claim;
      await underPoolLock(c.pool, (tx) => tx.query(INSERT_WAITER, [id, c.pool, c.orderId, c.kind, c.callKey, workerId, leaseSeconds]));
    }
  }

  let heartbeatTimer: NodeJS.Timeout | undefined;
  let lookTimer: NodeJS.Timeout | undefined;
  const scheduleHeartbeat = () => {
    heartbeatTimer = setTimeout(
      () =>
        void heartbeat()
          .catch(onError)
          .finally(() => !stopped && scheduleHeartbeat()),
      (leaseSeconds * 1000) / 3,
    );
  };
  const scheduleLook = () => {
    lookTimer = setTimeout(
      () => void (waiting.size ? look() : Promise.resolve()).catch(onError).finally(() => !stopped && scheduleLook()),
      pollMs,
    );
  };
  scheduleHeartbeat();
  scheduleLook();

  return {
    workerId,
    poolFor(tariff) {
      return options.tariffPools[tariff] ?? null;
    },
    async acquire(claim, signal) {
      if (stopped || signal?.aborted) throw aborted();
      const id = randomUUID();
      const granted = new Promise<void>((resolve, reject) => waiting.set(id, { claim, granted: resolve, cancel: () => reject(aborted()) }));
      let onAbort = () => undefined as void;
      const abortedWhileWaiting = new Promise<never>((_, reject) => {
        onAbort = () => reject(aborted());
      });
      abortedWhileWaiting.catch(() => undefined);
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        await underPoolLock(claim.pool, async (c) => {
          const parked =
            claim.kind === 'demo'
              ? await c.query(TAKE_PARKED, [claim.pool, claim.orderId, id, claim.callKey, workerId, leaseSeconds])
              : null;
          if (parked?.rowCount) {
            // A look that ran just before may have queued this call as a waiter: it holds a stream now.
            await c.query(`delete from quota_waiters where id = $1`, [id]);
            settle([id]);
          } else await c.query(INSERT_WAITER, [id, claim.pool, claim.orderId, claim.kind, claim.callKey, workerId, leaseSeconds]);
        });
        await Promise.race([granted, abortedWhileWaiting]);
      } catch (error) {
        // Aborted (or the database failed): the waiter goes, and so does a lease it has just become.
        await free(id, claim.pool).catch(onError);
        throw error;
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
      let released = false;
      return {
        id,
        async release() {
          if (released) return;
          released = true;
          if (!held.has(id)) return;
          try {
            if (claim.kind === 'demo' && demoKeepSeconds > 0) await park(id, claim);
            else await free(id, claim.pool);
          } catch (error) {
            // The call's answer is not lost for this: no longer renewed, the lease expires.
            onError(error);
          }
        },
      };
    },
    async rateLimited(pool, retryAfterMs) {
      await underPoolLock(pool, (c) =>
        c.query(
          `update quota_pools set
             reduced_streams = case
               when rate_limited_at > now() - make_interval(secs => $4) and backoff_until > now() then reduced_streams
               else greatest(1, least(case when backoff_until > now() then least(streams, reduced_streams) else streams end,
                                      (select count(*) from quota_leases where pool = $1)::int) - 1)
             end,
             backoff_until = now() + make_interval(secs => $2),
             paused_until = greatest(paused_until, now() + make_interval(secs => $3)),
             rate_limited_at = now()
           where name = $1`,
          [pool, options.backoffSeconds, (retryAfterMs ?? 1000) / 1000, BURST_SECONDS],
        ),
      );
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(heartbeatTimer);
      clearTimeout(lookTimer);
      const pools = new Set([...held.values(), ...[...waiting.values()].map((w) => w.claim.pool)]);
      held.clear();
      for (const w of waiting.values()) w.cancel();
      waiting.clear();
      try {
        for (const pool of pools) {
          await underPoolLock(pool, async (c) => {
            await c.query(`delete from quota_leases where worker_id = $1 and pool = $2`, [workerId, pool]);
            await c.query(`delete from quota_waiters where worker_id = $1 and pool = $2`, [workerId, pool]);
          });
        }
      } catch (error) {
        onError(error);
      }
      await listener?.end().catch(() => undefined);
      await db.end();
    },
  };
}
