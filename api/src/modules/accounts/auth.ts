/** Logging in and out. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors.ts';
import { addressKey } from '../limits/address.ts';
import { forgetFailures, recordAttempt } from '../limits/failures.ts';
import type { AuthSession } from './sessions.ts';
import { continueRegistration, findPendingRegistration, type AccountDeps } from './registration.ts';
import { verifyPassword } from './secrets.ts';
import { findByLogin } from './users.ts';
import { createSession, revokeAllSessions, revokeSession } from './sessions.ts';

export type LoginResult = { kind: 'session'; token: string } | { kind: 'unverified'; email: string; flowToken: string };

/** Whose failures a login counts: the account when the login names one, otherwise the name. */
const subjectOf = (userId: number | null, name: string) => (userId !== null ? `user:${userId}` : `name:${name}`);

/**
 * Logs in by username or e-mail. Only failures count against the rate limits: the attempt is
 * recorded before the password check and forgiven when the password was right. A pending
 * registration with the right password gets no session but a fresh verification flow of that
 * registration (a new code unless one left less than a minute ago), so that the client continues
 * on the verify-email screen.
 */
export async function login(
  d: AccountDeps,
  input: { usernameOrEmail: string; password: string; ip: string; userAgent?: string },
): Promise<LoginResult> {
  const name = input.usernameOrEmail.trim().toLowerCase();
  const user = await findByLogin(d.em, name);
  // Limits: the account from this address (per minute and per hour), this address whatever the
  // account, and the account from everywhere (hourly, above what one address may reach). A
  // guesser at one address is stopped there while the owner, elsewhere, still logs in.
  const attempt = await recordAttempt(
    d.em,
    { subject: subjectOf(user?.id ?? null, name), address: addressKey(input.ip) },
    d.config.limits.login,
  );
  if (user) {
    if (!(await verifyPassword(user.passwordHash ?? null, input.password))) throw new AppError('bad_credentials');
    await attempt.forgive();
    return { kind: 'session', token: await createSession(d.em, d.config, user, input.userAgent) };
  }
  const registration = await findPendingRegistration(d.em, name, input.password);
  if (!registration) throw new AppError('bad_credentials');
  await attempt.forgive();
  return { kind: 'unverified', email: registration.email, flowToken: await continueRegistration(d, registration) };
}

/** Forgets the failed logins counted against an account (after its owner proved the mailbox). */
export const forgetLoginFailures = (em: EntityManager, userId: number) => forgetFailures(em, subjectOf(userId, ''));

export const logout = (d: AccountDeps, session: AuthSession) => revokeSession(d.em, session);

export const logoutAll = (d: AccountDeps, session: AuthSession) => revokeAllSessions(d.em, session.user.id);
