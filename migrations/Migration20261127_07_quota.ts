import { Migration } from '@mikro-orm/migrations';

/** One model quota shared by every worker process: per pool (a provider, or a provider's model) the
 * streams it allows, the leases that hold them (kept alive by their worker's heartbeat, so a killed
 * worker's leases expire) and the calls waiting for one. */
export class Migration20261127_07_quota extends Migration {
  override up(): void {
    this.addSql(`
      create table quota_pools (
        name text primary key,
        streams int not null check (streams > 0),
        -- After a 429: at most reduced_streams until backoff_until, and no grant before paused_until.
        reduced_streams int check (reduced_streams > 0),
        backoff_until timestamptz,
        paused_until timestamptz,
        rate_limited_at timestamptz
      );`);
    this.addSql(`
      create table quota_leases (
        id uuid primary key,
        pool text not null references quota_pools (name) on delete cascade,
        order_id text not null,
        call_key text not null,
        worker_id text not null,
        acquired_at timestamptz not null default now(),
        expires_at timestamptz not null,
        -- A demo's stream between two of its calls: kept for its next call until it expires.
        parked boolean not null default false
      );`);
    this.addSql(`create index quota_leases_pool_order on quota_leases (pool, order_id);`);
    this.addSql(`create index quota_leases_worker on quota_leases (worker_id);`);
    this.addSql(`
      create table quota_waiters (
        id uuid primary key,
        pool text not null references quota_pools (name) on delete cascade,
        order_id text not null,
        kind text not null check (kind in ('demo', 'full')),
        call_key text not null,
        worker_id text not null,
        waiting_since timestamptz not null default clock_timestamp(),
        expires_at timestamptz not null
      );`);
    this.addSql(`create index quota_waiters_pool on quota_waiters (pool, waiting_since);`);
    this.addSql(`create index quota_waiters_worker on quota_waiters (worker_id);`);
  }
}
