/** E-mail codes: mail a new code, check one with limited attempts. The pieces are shared by the
 * two flows that keep a code: a pending registration (its own row) and an account's password
 * recovery (an email_codes row). */
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { limitRate } from '../limits/rate-limit.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { EmailCode, type CodePurpose, type User } from './entities.ts';
import { hashCode, hashToken, newCode, newToken, sameHash } from './secrets.ts';

export interface CodeDeps {
  em: EntityManager;
  config: Config;
  mailer: Mailer;
}

export type MailTemplate = (to: string, code: string, ttlMinutes: number) => MailMessage;

/** What a flow keeps of its current code. */
export interface CodeState {
  codeHash: string;
  attemptsLeft: number;
  sentAt: Date;
  expiresAt: Date;
}

/** Seconds until a new code may be mailed after one sent at `sentAt` (0: now). */
export function secondsUntilResend(config: Config, sentAt: Date | null): number {
  if (!sentAt) return 0;
  const left = config.codes.resendSeconds * 1000 - (Date.now() - sentAt.getTime());
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

export const codeTooEarly = (seconds: number) =>
  new AppError('code_too_early', { detail: `Код уже отправлен. Повторите через ${seconds} с` });

/**
 * Mails a new code to `email` and returns what the flow stores of it: a keyed hash bound to
 * `scope` (so a code is useless in any other flow), the attempts, the times. Mailed before it is
 * stored: a code that never left is never counted as sent.
 */
export async function mailNewCode(d: CodeDeps, email: string, scope: string, mail: MailTemplate): Promise<CodeState> {
  await limitRate(d.em, `code:${email.toLowerCase()}`, d.config.limits.codeRequestsPerHour, 3600);
  const code = newCode();
  try {
    await d.mailer.send(mail(email, code, d.config.codes.ttlMinutes));
  } catch (error) {
    throw new AppError('mail_failed', { cause: error });
  }
  const now = Date.now();
  return {
    codeHash: hashCode(d.config.secretKey, scope, code),
    attemptsLeft: d.config.codes.attempts,
    sentAt: new Date(now),
    expiresAt: new Date(now + d.config.codes.ttlMinutes * 60_000),
  };
}

export type CodeOutcome = { kind: 'invalid' } | { kind: 'expired' } | { kind: 'wrong'; retriesLeft: number } | { kind: 'ok' };

/** Judges `code` against a flow's state (locked by the caller); a wrong code spends an attempt. */
export function judgeCode(config: Config, state: CodeState, scope: string, code: string): CodeOutcome {
  if (state.attemptsLeft <= 0) return { kind: 'invalid' };
  if (state.expiresAt.getTime() < Date.now()) return { kind: 'expired' };
  if (!sameHash(state.codeHash, hashCode(config.secretKey, scope, code))) {
    state.attemptsLeft -= 1;
    return { kind: 'wrong', retriesLeft: state.attemptsLeft };
  }
  return { kind: 'ok' };
}

/** A wrong code answers 400 with `data.retries_left`; an expired, spent or unknown flow 400 without it. */
export function throwUnlessOk(outcome: CodeOutcome): void {
  if (outcome.kind === 'invalid') throw new AppError('code_invalid');
  if (outcome.kind === 'expired') throw new AppError('code_expired');
  if (outcome.kind === 'wrong') throw new AppError('code_wrong', { extra: { data: { retries_left: outcome.retriesLeft } } });
}

// ---------- an account's code flows (password recovery) ----------

const accountScope = (userId: number, purpose: CodePurpose) => `${userId}:${purpose}`;

/**
 * Starts (or restarts) the code flow of `user` and returns a new flow token for the cookie.
 * 429 when the last code left less than `resendSeconds` ago.
 */
export async function issueCode(d: CodeDeps, user: User, purpose: CodePurpose, mail: MailTemplate): Promise<string> {
  const flow = await d.em.findOne(EmailCode, { user, purpose });
  const wait = secondsUntilResend(d.config, flow && !flow.consumedAt ? flow.sentAt : null);
  if (wait > 0) throw codeTooEarly(wait);
  const state = await mailNewCode(d, user.email!, accountScope(user.id, purpose), mail);
  const flowToken = newToken();
  const fields = { ...state, flowTokenHash: hashToken(flowToken), verifiedAt: null, consumedAt: null };
  if (flow) d.em.assign(flow, fields);
  else d.em.create(EmailCode, { user, purpose, ...fields });
  await d.em.flush();
  return flowToken;
}

/** The live flow that a cookie token points to, or null. */
export async function findFlow(em: EntityManager, purpose: CodePurpose, flowToken: string | undefined): Promise<EmailCode | null> {
  if (!flowToken) return null;
  return em.findOne(EmailCode, { flowTokenHash: hashToken(flowToken), purpose, consumedAt: null }, { populate: ['user'] });
}

/** Checks a code of the flow behind `flowToken`; on success the flow is marked verified and the
 * caller decides what that unlocks. */
export async function checkCode(d: CodeDeps, purpose: CodePurpose, flowToken: string | undefined, code: string): Promise<void> {
  const outcome = await d.em.transactional(async (em): Promise<CodeOutcome> => {
    if (!flowToken) return { kind: 'invalid' };
    // The row lock makes concurrent guesses take turns, so the attempt limit holds.
    const flow = await em.findOne(EmailCode, { flowTokenHash: hashToken(flowToken), purpose }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!flow || flow.consumedAt) return { kind: 'invalid' };
    const outcome = judgeCode(d.config, flow, accountScope(flow.user.id, purpose), code);
    if (outcome.kind === 'ok') flow.verifiedAt = new Date();
    return outcome;
  });
  throwUnlessOk(outcome);
}
