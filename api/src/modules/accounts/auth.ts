/** Logging in and out. */
import { AppError } from '../../errors.ts';
import { limitRate } from '../limits/rateLimit.ts';
import { verificationCodeMail } from '../mail/templates.ts';
import { issueCode } from './codes.ts';
import type { AuthSession } from './sessions.ts';
import type { AccountDeps } from './registration.ts';
import { verifyAgainstDummy, verifyPassword } from './secrets.ts';
import { findByLogin } from './users.ts';
import { createSession, revokeAllSessions, revokeSession } from './sessions.ts';

export type LoginResult = { kind: 'session'; token: string } | { kind: 'unverified'; email: string; flowToken: string };

/**
 * Logs in by username or e-mail. An unverified account with the right password gets no session
 * but a fresh verification flow (a new code unless one left less than a minute ago), so that the
 * client can continue on the verify-email screen.
 */
export async function login(d: AccountDeps, input: { usernameOrEmail: string; password: string; ip: string; userAgent?: string }): Promise<LoginResult> {
  const name = input.usernameOrEmail.trim().toLowerCase();
  await limitRate(d.em, `login:ip:${input.ip}`, d.config.limits.loginPerMinute * 3, 60);
  await limitRate(d.em, `login:name:${name}`, d.config.limits.loginPerMinute, 60);
  const user = await findByLogin(d.em, name);
  const ok = user ? await verifyPassword(user.passwordHash ?? null, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !ok) throw new AppError('bad_credentials');
  if (!user.emailVerifiedAt) {
    return { kind: 'unverified', email: user.email!, flowToken: await issueCode(d, user, 'verify_email', verificationCodeMail, 'keep') };
  }
  return { kind: 'session', token: await createSession(d.em, d.config, user, input.userAgent) };
}

export const logout = (d: AccountDeps, session: AuthSession) => revokeSession(d.em, session);

export const logoutAll = (d: AccountDeps, session: AuthSession) => revokeAllSessions(d.em, session.user.id);
