/** Changing a password, and recovering it by an e-mail code. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors.ts';
import { passwordChangedMail, recoveryCodeMail } from '../mail/templates.ts';
import { forgetLoginFailures } from './auth.ts';
import { checkCode, findFlow, issueCode } from './codes.ts';
import { EmailCode, TelegramBindToken, User } from './entities.ts';
import type { AccountDeps } from './registration.ts';
import { hashPassword, verifyPassword } from './secrets.ts';
import { revokeAllSessions, type AuthSession } from './sessions.ts';
import { findByEmail } from './users.ts';

/**
 * Cuts an account off from Telegram after a password recovery: after it nobody can tell who holds
 * the Telegram account that was bound, so the binding is cleared and the unused bind tokens (which
 * whoever had the password may hold) are deleted. Returns whether a Telegram account was bound.
 * Tokens before the user row, in the order the bot's binding locks them.
 */
async function forgetTelegram(em: EntityManager, userId: number): Promise<boolean> {
  await em.nativeDelete(TelegramBindToken, { user: userId, usedAt: null });
  const [row] = await em.execute<{ telegram_uid: string | null }[]>('select telegram_uid from users where id = ? for update', [userId]);
  await em.nativeUpdate(User, { id: userId }, { telegramUid: null });
  return Boolean(row?.telegram_uid);
}

/** Sets a new password and revokes every session, the current one included. */
export async function changePassword(d: AccountDeps, session: AuthSession, password: string): Promise<void> {
  const user = session.user;
  if (await verifyPassword(user.passwordHash ?? null, password)) throw new AppError('same_password');
  user.passwordHash = await hashPassword(password);
  await d.em.flush();
  await revokeAllSessions(d.em, user.id);
}

/** Mails a recovery code (request and resend alike); returns the flow token for the cookie.
 * Only accounts recover: a pending registration is not one yet (404). */
export async function requestRecovery(d: AccountDeps, email: string): Promise<string> {
  const user = await findByEmail(d.em, email);
  if (!user) throw new AppError('recovery_unknown_email');
  return issueCode(d, user, 'recovery', recoveryCodeMail);
}

export const verifyRecoveryCode = (d: AccountDeps, flowToken: string | undefined, code: string) =>
  checkCode(d, 'recovery', flowToken, code);

/**
 * Sets the password of a verified recovery flow and ends everything the old password opened:
 * every session, the Telegram binding and its unused bind tokens (whoever held the password may
 * have bound their own Telegram); the failed logins counted against the account are forgotten, so
 * an owner locked out by a guesser gets in. Then the owner is told by e-mail; a letter that fails
 * does not undo the recovery, it is returned for the caller to log.
 */
export async function completeRecovery(d: AccountDeps, flowToken: string | undefined, password: string): Promise<{ noticeError: unknown }> {
  const flow = await findFlow(d.em, 'recovery', flowToken);
  if (!flow || !flow.verifiedAt) throw new AppError('code_not_verified');
  if (flow.expiresAt.getTime() < Date.now()) throw new AppError('code_expired');
  const user = flow.user;
  const passwordHash = await hashPassword(password);
  const telegramUnbound = await d.em.transactional(async (em) => {
    // Spent once: of two concurrent updates with one flow, the second changes nothing.
    if ((await em.nativeUpdate(EmailCode, { id: flow.id, consumedAt: null }, { consumedAt: new Date() })) === 0)
      throw new AppError('code_not_verified');
    await em.nativeUpdate(User, { id: user.id }, { passwordHash });
    await revokeAllSessions(em, user.id);
    await forgetLoginFailures(em, user.id);
    return forgetTelegram(em, user.id);
  });
  try {
    const cabinetUrl = `${d.config.publicUrl}/home`;
    await d.mailer.send(passwordChangedMail(user.email!, { telegramUnbound, cabinetUrl, supportEmail: d.config.supportEmail }));
    return { noticeError: null };
  } catch (error) {
    return { noticeError: error };
  }
}
