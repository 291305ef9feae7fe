/**
 * What describes the whole fleet (every API and worker process on one PostgreSQL), read from the
 * database at scrape time so that any one API process answers for all of them: jobs, orders,
 * payments, refunds, the model quota, the library's harvest, stage times and model usage. One
 * statement per scrape (one round trip, one connection), over indexes and small running totals;
 * a short cache lets concurrent scrapes (several Prometheus replicas) share one read.
 */
import type { Orm } from '../../db/orm.ts';

export interface FleetSnapshot {
  jobs: { queue: string; queued: number; active: number; oldest_seconds: number | null }[];
  orders: { status: string; count: number }[];
  payments: { provider: string; status: string; count: number; rubles: number }[];
  payment_failures: { provider: string; code: string; count: number }[];
  refunds: { reason: string; status: string; count: number; rubles: number }[];
  quota: { pool: string; streams: number; in_use: number; waiting: number }[];
  llm: { tariff: string; provider: string; calls: number; prompt_tokens: number; completion_tokens: number; cost_rub: number }[];
  stages: { stage: string; tariff: string; le: number | 'Infinity'; count: number; sum_seconds: number }[];
  harvests: {
    endpoint: string;
    list_records: number;
    list_pages: number;
    running: boolean;
    failing: boolean;
    harvested_until: number | null;
    finished_at: number | null;
  }[];
  library_records: number;
}

const rows = (select: string) => `coalesce((select json_agg(r) from (${select}) r), '[]'::json)`;

/** Every figure in one statement. Counts are bigints cast to float8 (JSON numbers, exact up to 2^53). */
const FLEET_SQL = `select json_build_object(
  'jobs', ${rows(`
    select q.name as queue,
           count(*) filter (where j.state < 'active')::float8 as queued,
           count(*) filter (where j.state = 'active')::float8 as active,
           extract(epoch from now() - min(j.created_on) filter (where j.state < 'active'))::float8 as oldest_seconds
    from pgboss.queue q left join pgboss.job j on j.name = q.name and j.state <= 'active'
    group by q.name`)},
  'orders', ${rows(`select status, count(*)::float8 as count from orders group by status`)},
  'payments', ${rows(`select provider, status, count(*)::float8 as count, sum(amount)::float8 as rubles from payments group by provider, status`)},
  'payment_failures', ${rows(`
    select provider, coalesce(failure_code, 'unknown') as code, count(*)::float8 as count
    from payments where status = 'canceled' group by provider, coalesce(failure_code, 'unknown')`)},
  'refunds', ${rows(`select reason, status, count(*)::float8 as count, sum(amount)::float8 as rubles from refunds group by reason, status`)},
  'quota', ${rows(`
    select p.name as pool,
           (case when p.backoff_until > now() and p.reduced_streams is not null then p.reduced_streams else p.streams end)::float8 as streams,
           (select count(*) from quota_leases l where l.pool = p.name and l.expires_at > now())::float8 as in_use,
           (select count(*) from quota_waiters w where w.pool = p.name and w.expires_at > now())::float8 as waiting
    from quota_pools p`)},
  'llm', ${rows(`
    select tariff, provider, calls::float8 as calls, prompt_tokens::float8 as prompt_tokens,
           completion_tokens::float8 as completion_tokens, cost_rub::float8 as cost_rub
    from metric_llm_usage`)},
  'stages', ${rows(`select stage, tariff, le, count::float8 as count, sum_seconds from metric_stage_seconds`)},
  'harvests', ${rows(`
    select endpoint_key as endpoint, list_records::float8 as list_records, list_pages::float8 as list_pages,
           resumption_token is not null as running, last_error is not null as failing,
           extract(epoch from (case when harvested_until ~ '^\\d{4}-\\d{2}-\\d{2}' then harvested_until::timestamptz end))::float8 as harvested_until,
           extract(epoch from finished_at)::float8 as finished_at
    from library_harvests`)},
  -- The planner's estimate: counting millions of records at every scrape is not worth it.
  'library_records', (select greatest(reltuples, 0)::float8 from pg_class where oid = 'library_records'::regclass)
) as snapshot`;

export async function readFleet(orm: Orm): Promise<FleetSnapshot> {
  const [row] = await orm.em.getConnection().execute<{ snapshot: FleetSnapshot }[]>(FLEET_SQL);
  return row!.snapshot;
}

/** Reads at most once per `ttlMs`: scrapes within it (concurrent ones included) share one read. */
export function cachedFleet(read: () => Promise<FleetSnapshot>, ttlMs = 2000): () => Promise<FleetSnapshot> {
  let cached: { at: number; value: Promise<FleetSnapshot> } | null = null;
  return () => {
    const now = performance.now();
    if (!cached || now - cached.at > ttlMs) {
      const value = read();
      const entry = { at: now, value };
      cached = entry;
      // A failed read is not kept: the next scrape tries again.
      value.catch(() => {
        if (cached === entry) cached = null;
      });
    }
    return cached.value;
  };
}
