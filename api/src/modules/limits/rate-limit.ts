/** Fixed-window rate limits kept in PostgreSQL, so that they hold across API instances. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors.ts';

/** Counts a hit on `key`; throws 429 once more than `limit` hits fall in the current window. */
export async function limitRate(em: EntityManager, key: string, limit: number, windowSeconds: number): Promise<void> {
  const rows = await em.execute<{ hits: number }[]>(
    `insert into rate_limits (key, window_start, hits)
     values (?, to_timestamp(floor(extract(epoch from now()) / ?) * ?), 1)
     on conflict (key, window_start) do update set hits = rate_limits.hits + 1
     returning hits`,
    [key, windowSeconds, windowSeconds],
  );
  if (rows[0].hits > limit) throw new AppError('rate_limited');
}

/** Drops windows and failed attempts older than a day; called by the periodic housekeeping. */
export async function pruneRateLimits(em: EntityManager): Promise<void> {
  await em.execute(`delete from rate_limits where window_start < now() - interval '1 day'`);
  await em.execute(`delete from failed_attempts where at < now() - interval '1 day'`);
}
