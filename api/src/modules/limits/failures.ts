/**
 * Failed attempts (logins) kept one row each and counted over sliding windows, so that a limit
 * neither resets at a window's edge nor lets twice its number through across one. An attempt is
 * recorded before it is judged, so concurrent attempts cannot slip past a limit together, and is
 * forgiven (deleted) when it turns out not to be a failure; a refused attempt is not recorded.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors.ts';

/** What one attempt counts against: whose (an account, or a login name) and from where. */
export interface AttemptOf {
  subject: string;
  address: string;
}

export interface FailureLimits {
  /** Failures from the address, whatever the subject, in the last minute. */
  perAddressPerMinute: number;
  /** Failures of the subject from the address in the last minute and in the last hour. */
  perSubjectAndAddressPerMinute: number;
  perSubjectAndAddressPerHour: number;
  /** Failures of the subject from every address in the last hour. */
  perSubjectPerHour: number;
}

export interface Attempt {
  /** The attempt was not a failure: it counts against nothing. */
  forgive(): Promise<void>;
}

/** Records an attempt, or throws 429 (recording nothing) when one of the limits is full. */
export async function recordAttempt(em: EntityManager, of: AttemptOf, limits: FailureLimits): Promise<Attempt> {
  const id = await em.transactional(async (tx) => {
    // Attempts of one subject, and of one address, take turns: the count below is exact. (Always the
    // subject first: a lock on an address is never held while waiting for a subject's.)
    await tx.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`failures:subject:${of.subject}`]);
    await tx.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`failures:address:${of.address}`]);
    const [counts] = await tx.execute<{ address_minute: number; pair_minute: number; pair_hour: number; subject_hour: number }[]>(
      `select
         (select count(*) from failed_attempts where address = ? and at > now() - interval '1 minute')::int as address_minute,
         count(*) filter (where address = ? and at > now() - interval '1 minute')::int as pair_minute,
         count(*) filter (where address = ?)::int as pair_hour,
         count(*)::int as subject_hour
       from failed_attempts where subject = ? and at > now() - interval '1 hour'`,
      [of.address, of.address, of.address, of.subject],
    );
    const full =
      counts.address_minute >= limits.perAddressPerMinute ||
      counts.pair_minute >= limits.perSubjectAndAddressPerMinute ||
      counts.pair_hour >= limits.perSubjectAndAddressPerHour ||
      counts.subject_hour >= limits.perSubjectPerHour;
    if (full) return null;
    const [row] = await tx.execute<{ id: string }[]>(`insert into failed_attempts (subject, address) values (?, ?) returning id`, [
      of.subject,
      of.address,
    ]);
    return row.id;
  });
  if (id === null) throw new AppError('rate_limited');
  return {
    forgive: async () => {
      await em.execute(`delete from failed_attempts where id = ?`, [id]);
    },
  };
}

/** Forgets every failure of a subject (its owner proved who they are). */
export async function forgetFailures(em: EntityManager, subject: string): Promise<void> {
  await em.execute(`delete from failed_attempts where subject = ?`, [subject]);
}
