/** Registration: create an unverified account, mail a code, verify it. */
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { limitRate } from '../limits/rateLimit.ts';
import type { Mailer } from '../mail/mailer.ts';
import { verificationCodeMail } from '../mail/templates.ts';
import { checkCode, findFlow, issueCode } from './codes.ts';
import { User } from './entities.ts';
import { hashPassword } from './secrets.ts';
import { findByEmail, findByUsernameOrEmail } from './users.ts';
import { ERRORS } from '@app/contract';

export interface AccountDeps {
  em: EntityManager;
  config: Config;
  mailer: Mailer;
}

/** 409 with the fields taken (the specification's `detail.conflicts`). */
const registrationConflict = (conflicts: ('username' | 'email')[]) =>
  new AppError('registration_conflict', { detail: { message: ERRORS.registration_conflict.message, conflicts } });

/** An unverified account holds its username and e-mail this long; then a new registration may take them. */
const UNVERIFIED_HOLD_MS = 24 * 3600_000;

/**
 * Registers a user and mails a verification code; returns the flow token for the cookie.
 * Verified accounts (and fresh unverified ones with another e-mail) conflict per field. Repeating
 * a registration with the same e-mail before verification updates it and resends the code
 * (429 if the last code left less than a minute ago).
 */
export async function register(d: AccountDeps, input: { username: string; email: string; password: string; ip: string }): Promise<string> {
  await limitRate(d.em, `register:${input.ip}`, d.config.limits.registerPerHour, 3600);
  const email = input.email.trim();
  const sameName = await findByUsernameOrEmail(d.em, input.username, email);
  const conflicts = new Set<'username' | 'email'>();
  let reuse: User | null = null;
  for (const other of sameName) {
    const nameTaken = other.username?.toLowerCase() === input.username.toLowerCase();
    const emailTaken = other.email?.toLowerCase() === email.toLowerCase();
    if (!other.emailVerifiedAt && Date.now() - other.createdAt.getTime() > UNVERIFIED_HOLD_MS) {
      // An abandoned registration frees its name and e-mail (deleted now, before the insert).
      await d.em.nativeDelete(User, { id: other.id });
    } else if (!other.emailVerifiedAt && emailTaken) {
      reuse = other;
      if (nameTaken) continue;
    } else {
      if (nameTaken) conflicts.add('username');
      if (emailTaken) conflicts.add('email');
    }
  }
  if (conflicts.size > 0) {
    throw registrationConflict([...conflicts]);
  }
  const passwordHash = await hashPassword(input.password);
  const user = reuse ?? d.em.create(User, { username: input.username, email, passwordHash, emailVerifiedAt: null, telegramUid: null, deletedAt: null });
  d.em.assign(user, { username: input.username, email, passwordHash });
  try {
    await d.em.flush();
  } catch (error) {
    // Two registrations raced for the same name or e-mail: the loser gets the usual 409.
    if (error instanceof UniqueConstraintViolationException) throw registrationConflict(['username', 'email']);
    throw error;
  }
  return issueCode(d, user, 'verify_email', verificationCodeMail);
}

/** Mails a new code to an unverified account; returns the new flow token. */
export async function resendVerification(d: AccountDeps, input: { email: string }): Promise<string> {
  const user = await findByEmail(d.em, input.email);
  if (!user) throw new AppError('user_not_found');
  if (user.emailVerifiedAt) throw new AppError('email_already_verified');
  return issueCode(d, user, 'verify_email', verificationCodeMail);
}

/** Confirms the e-mail of the flow in the cookie. */
export async function verifyEmail(d: AccountDeps, input: { flowToken: string | undefined; code: string }): Promise<void> {
  await checkCode(d, 'verify_email', input.flowToken, input.code);
  const flow = await findFlow(d.em, 'verify_email', input.flowToken);
  if (!flow) return;
  flow.user.emailVerifiedAt = new Date();
  flow.consumedAt = new Date();
  await d.em.flush();
}
