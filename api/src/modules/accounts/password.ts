/** Changing a password, and recovering it by an e-mail code. */
import { E } from '@app/contract';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { recoveryCodeMail } from '../mail/templates.ts';
import { checkCode, findFlow, issueCode } from './codes.ts';
import type { AccountDeps } from './registration.ts';
import { hashPassword, verifyPassword } from './secrets.ts';
import { revokeAllSessions, type AuthSession } from './sessions.ts';
import { findByEmail } from './users.ts';

/** Sets a new password and revokes every session, the current one included. */
export async function changePassword(d: AccountDeps, session: AuthSession, password: string): Promise<void> {
  const user = session.user;
  if (await verifyPassword(user.passwordHash ?? null, password)) throw conflict(E.samePassword);
  user.passwordHash = await hashPassword(password);
  await d.em.flush();
  await revokeAllSessions(d.em, user.id);
}

/** Mails a recovery code (request and resend alike); returns the flow token for the cookie. */
export async function requestRecovery(d: AccountDeps, email: string): Promise<string> {
  const user = await findByEmail(d.em, email);
  if (!user) throw notFound(E.recoveryUnknownEmail);
  return issueCode(d, user, 'recovery', recoveryCodeMail);
}

export const verifyRecoveryCode = (d: AccountDeps, flowToken: string | undefined, code: string) => checkCode(d, 'recovery', flowToken, code);

/** Sets the password of a verified recovery flow and revokes every session. Proving the mailbox
 * also confirms the e-mail of a not yet verified account. */
export async function completeRecovery(d: AccountDeps, flowToken: string | undefined, password: string): Promise<void> {
  const flow = await findFlow(d.em, 'recovery', flowToken);
  if (!flow || !flow.verifiedAt) throw badRequest('Сначала подтвердите код из письма');
  if (flow.expiresAt.getTime() < Date.now()) throw badRequest('Срок действия кода истёк. Запросите новый код');
  const user = flow.user;
  user.passwordHash = await hashPassword(password);
  user.emailVerifiedAt ??= new Date();
  flow.consumedAt = new Date();
  await d.em.flush();
  await revokeAllSessions(d.em, user.id);
}
