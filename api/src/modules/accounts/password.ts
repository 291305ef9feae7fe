/** Changing a password, and recovering it by an e-mail code. */
import { AppError } from '../../errors.ts';
import { recoveryCodeMail } from '../mail/templates.ts';
import { checkCode, findFlow, issueCode } from './codes.ts';
import type { AccountDeps } from './registration.ts';
import { hashPassword, verifyPassword } from './secrets.ts';
import { revokeAllSessions, type AuthSession } from './sessions.ts';
import { findByEmail } from './users.ts';

/** Sets a new password and revokes every session, the current one included. */
export async function changePassword(d: AccountDeps, session: AuthSession, password: string): Promise<void> {
  const user = session.user;
  if (await verifyPassword(user.passwordHash ?? null, password)) throw new AppError('same_password');
  user.passwordHash = await hashPassword(password);
  await d.em.flush();
  await revokeAllSessions(d.em, user.id);
}

/** Mails a recovery code (request and resend alike); returns the flow token for the cookie. */
export async function requestRecovery(d: AccountDeps, email: string): Promise<string> {
  const user = await findByEmail(d.em, email);
  if (!user) throw new AppError('recovery_unknown_email');
  return issueCode(d, user, 'recovery', recoveryCodeMail);
}

export const verifyRecoveryCode = (d: AccountDeps, flowToken: string | undefined, code: string) => checkCode(d, 'recovery', flowToken, code);

/** Sets the password of a verified recovery flow and revokes every session. Proving the mailbox
 * also confirms the e-mail of a not yet verified account. */
export async function completeRecovery(d: AccountDeps, flowToken: string | undefined, password: string): Promise<void> {
  const flow = await findFlow(d.em, 'recovery', flowToken);
  if (!flow || !flow.verifiedAt) throw new AppError('code_not_verified');
  if (flow.expiresAt.getTime() < Date.now()) throw new AppError('code_expired');
  const user = flow.user;
  user.passwordHash = await hashPassword(password);
  user.emailVerifiedAt ??= new Date();
  flow.consumedAt = new Date();
  await d.em.flush();
  await revokeAllSessions(d.em, user.id);
}
