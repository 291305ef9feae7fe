/**
 * Registration. A sign-up is a pending Registration with its own login, password hash and code
 * flow; nothing about it can be changed by another registration, even of the same e-mail. The
 * code of a registration's flow creates the account; then every other pending registration of
 * that e-mail is deleted, and one that asked for the same login gets 409 when its code is entered.
 */
import { randomUUID } from 'node:crypto';
import { LockMode, raw, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { ERRORS } from '@app/contract';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { limitRate } from '../limits/rate-limit.ts';
import type { Mailer } from '../mail/mailer.ts';
import { verificationCodeMail } from '../mail/templates.ts';
import { codeTooEarly, judgeCode, mailNewCode, secondsUntilResend, throwUnlessOk, type CodeOutcome } from './codes.ts';
import { Registration, User } from './entities.ts';
import { hashPassword, hashToken, newToken, verifyAgainstDummy, verifyPassword } from './secrets.ts';
import { findByEmail, findByUsernameOrEmail } from './users.ts';

export interface AccountDeps {
  em: EntityManager;
  config: Config;
  mailer: Mailer;
}

/** A pending registration is kept this long, then deleted (its login and e-mail were never held). */
export const REGISTRATION_TTL_SECONDS = 24 * 3600;

/** How many pending registrations of one login a login attempt tries (each costs an argon2id check). */
const LOGIN_CANDIDATES = 10;

const codeScope = (registrationId: string) => `registration:${registrationId}`;
const lower = (s: string) => s.trim().toLowerCase();
const ofEmail = (email: string) => ({ [raw('lower(email)')]: lower(email) });

/** 409 with the fields taken (the specification's `detail.conflicts`). */
const registrationConflict = (conflicts: ('username' | 'email')[]) =>
  new AppError('registration_conflict', { detail: { message: ERRORS.registration_conflict.message, conflicts } });

/** The fields of a new account that verified accounts already hold. */
async function takenFields(em: EntityManager, username: string, email: string): Promise<('username' | 'email')[]> {
  const holders = await findByUsernameOrEmail(em, username, email);
  const taken = new Set<'username' | 'email'>();
  for (const u of holders) {
    if (u.username && lower(u.username) === lower(username)) taken.add('username');
    if (u.email && lower(u.email) === lower(email)) taken.add('email');
  }
  return [...taken];
}

/**
 * Registers: a new pending registration with its own code mailed; returns its flow token for the
 * cookie. 409 when verified accounts hold the login or the e-mail; 429 (and nothing stored) when a
 * code went to this e-mail less than `resendSeconds` ago.
 */
export async function register(d: AccountDeps, input: { username: string; email: string; password: string; ip: string }): Promise<string> {
  await limitRate(d.em, `register:${input.ip}`, d.config.limits.registerPerHour, 3600);
  await d.em.nativeDelete(Registration, { createdAt: { $lt: new Date(Date.now() - REGISTRATION_TTL_SECONDS * 1000) } });
  const email = input.email.trim();
  const taken = await takenFields(d.em, input.username, email);
  if (taken.length > 0) throw registrationConflict(taken);
  const last = await d.em.findOne(Registration, ofEmail(email), { orderBy: { sentAt: 'desc' } });
  const wait = secondsUntilResend(d.config, last?.sentAt ?? null);
  if (wait > 0) throw codeTooEarly(wait);

  const passwordHash = await hashPassword(input.password);
  const id = randomUUID();
  const code = await mailNewCode(d, email, codeScope(id), verificationCodeMail);
  const flowToken = newToken();
  d.em.create(Registration, { id, username: input.username, email, passwordHash, flowTokenHash: hashToken(flowToken), ...code });
  await d.em.flush();
  return flowToken;
}

/** The pending registration of a flow token (the `verification_token` cookie), or null. */
async function findRegistration(em: EntityManager, flowToken: string | undefined): Promise<Registration | null> {
  if (!flowToken || flowToken.length > 100) return null;
  return em.findOne(Registration, { flowTokenHash: hashToken(flowToken) });
}

/**
 * Gives a registration a new flow token (the old cookie stops working) and mails a new code, unless
 * one left less than `resendSeconds` ago: then 'fail' answers 429 and 'keep' keeps that code.
 */
async function restartFlow(d: AccountDeps, registration: Registration, onTooEarly: 'fail' | 'keep'): Promise<string> {
  const wait = secondsUntilResend(d.config, registration.sentAt);
  if (wait > 0 && onTooEarly === 'fail') throw codeTooEarly(wait);
  if (wait === 0) d.em.assign(registration, await mailNewCode(d, registration.email, codeScope(registration.id), verificationCodeMail));
  const flowToken = newToken();
  registration.flowTokenHash = hashToken(flowToken);
  await d.em.flush();
  return flowToken;
}

/**
 * Mails a new code for the registration of the caller's own flow (never for another registration
 * of the same e-mail); returns the new flow token. 400 when the e-mail is already a verified
 * account, 404 when the caller has no pending registration of it.
 */
export async function resendVerification(d: AccountDeps, input: { email: string; flowToken: string | undefined }): Promise<string> {
  const registration = await findRegistration(d.em, input.flowToken);
  if (!registration || lower(registration.email) !== lower(input.email)) {
    if (await findByEmail(d.em, input.email)) throw new AppError('email_already_verified');
    throw new AppError('user_not_found');
  }
  return restartFlow(d, registration, 'fail');
}

/**
 * The pending registration that a login names (by its username or e-mail) with this password, or
 * null. Only the newest few are tried, so that piling up registrations cannot make a login slow.
 */
export async function findPendingRegistration(em: EntityManager, login: string, password: string): Promise<Registration | null> {
  const name = lower(login);
  const candidates = await em.find(
    Registration,
    { $or: [{ [raw('lower(username)')]: name }, ofEmail(name)] },
    { orderBy: { createdAt: 'desc' }, limit: LOGIN_CANDIDATES },
  );
  if (candidates.length === 0) await verifyAgainstDummy(password);
  for (const registration of candidates) {
    if (await verifyPassword(registration.passwordHash, password)) return registration;
  }
  return null;
}

/** A fresh verification flow for a registration whose owner proved its password (login). */
export const continueRegistration = (d: AccountDeps, registration: Registration) => restartFlow(d, registration, 'keep');

type VerifyOutcome = CodeOutcome | { kind: 'conflict'; conflicts: ('username' | 'email')[] };

/**
 * Enters the code of the registration behind the cookie's flow: creates the account and deletes the
 * other pending registrations of its e-mail. A registration whose login a verified account took
 * meanwhile is deleted and answers 409 (`detail.conflicts`): its owner registers again.
 */
export async function verifyEmail(d: AccountDeps, input: { flowToken: string | undefined; code: string }): Promise<void> {
  let outcome: VerifyOutcome;
  try {
    outcome = await d.em.transactional(async (em): Promise<VerifyOutcome> => {
      if (!input.flowToken || input.flowToken.length > 100) return { kind: 'invalid' };
      const flowTokenHash = hashToken(input.flowToken);
      const [found] = await em.execute<{ email: string }[]>('select email from registrations where flow_token_hash = ?', [flowTokenHash]);
      if (!found) return { kind: 'invalid' };
      // Verifications of one e-mail take turns (each deletes the others' rows), and the row lock
      // makes concurrent guesses take turns, so the attempt limit holds.
      await em.execute(`select pg_advisory_xact_lock(hashtextextended('registration:' || lower(?), 0))`, [found.email]);
      const registration = await em.findOne(Registration, { flowTokenHash }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!registration) return { kind: 'invalid' };
      const judged = judgeCode(d.config, registration, codeScope(registration.id), input.code);
      if (judged.kind !== 'ok') return judged;
      const conflicts = await takenFields(em, registration.username, registration.email);
      if (conflicts.length > 0) {
        em.remove(registration);
        return { kind: 'conflict', conflicts };
      }
      const { username, email, passwordHash } = registration;
      em.create(User, { username, email, passwordHash, emailVerifiedAt: new Date(), telegramUid: null, deletedAt: null });
      em.remove(registration);
      await em.flush();
      await em.nativeDelete(Registration, ofEmail(email));
      return { kind: 'ok' };
    });
  } catch (error) {
    // A registration of the same login (another e-mail) was verified at the same moment.
    if (error instanceof UniqueConstraintViolationException) throw registrationConflict(['username']);
    throw error;
  }
  if (outcome.kind === 'conflict') throw registrationConflict(outcome.conflicts);
  throwUnlessOk(outcome);
}
