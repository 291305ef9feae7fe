/** E-mail code flows (registration and recovery): issue a code, check it with limited attempts. */
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { limitRate } from '../limits/rateLimit.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { EmailCode, type CodePurpose, type User } from './entities.ts';
import { hashCode, hashToken, newCode, newToken, sameHash } from './secrets.ts';

export interface CodeDeps {
  em: EntityManager;
  config: Config;
  mailer: Mailer;
}

type MailTemplate = (to: string, code: string, ttlMinutes: number) => MailMessage;

const scope = (userId: number, purpose: CodePurpose) => `${userId}:${purpose}`;

/**
 * Starts (or continues) the code flow of `user` and returns a new flow token for the cookie.
 * A new code is mailed unless one was sent less than `resendSeconds` ago: then `onTooEarly`
 * decides between 429 ('fail') and keeping the code already sent ('keep').
 */
export async function issueCode(d: CodeDeps, user: User, purpose: CodePurpose, mail: MailTemplate, onTooEarly: 'fail' | 'keep' = 'fail'): Promise<string> {
  const now = Date.now();
  const flow = await d.em.findOne(EmailCode, { user, purpose });
  const sinceSent = flow && !flow.consumedAt ? now - flow.sentAt.getTime() : Infinity;
  const tooEarly = sinceSent < d.config.codes.resendSeconds * 1000;
  if (tooEarly && onTooEarly === 'fail') {
    throw new AppError('code_too_early', { detail: `Код уже отправлен. Повторите через ${Math.ceil(d.config.codes.resendSeconds - sinceSent / 1000)} с` });
  }
  const flowToken = newToken();
  if (tooEarly) {
    // Same code, new cookie: the code stays bound to the user, not to the token.
    flow!.flowTokenHash = hashToken(flowToken);
    await d.em.flush();
    return flowToken;
  }
  await limitRate(d.em, `code:${user.email!.toLowerCase()}`, d.config.limits.codeRequestsPerHour, 3600);
  const code = newCode();
  try {
    // Mailed before it is stored: a code that never left is never counted as sent.
    await d.mailer.send(mail(user.email!, code, d.config.codes.ttlMinutes));
  } catch (error) {
    throw new AppError('mail_failed', { cause: error });
  }
  const fields = {
    flowTokenHash: hashToken(flowToken),
    codeHash: hashCode(d.config.secretKey, scope(user.id, purpose), code),
    attemptsLeft: d.config.codes.attempts,
    sentAt: new Date(now),
    expiresAt: new Date(now + d.config.codes.ttlMinutes * 60_000),
    verifiedAt: null,
    consumedAt: null,
  };
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

type CheckOutcome = { kind: 'invalid' } | { kind: 'expired' } | { kind: 'wrong'; retriesLeft: number } | { kind: 'ok' };

/**
 * Checks a code of the flow behind `flowToken`. A wrong code spends an attempt and answers 400
 * with `data.retries_left`; an expired, spent or unknown flow answers 400 without it. On success
 * the flow is marked verified; the caller decides what that unlocks.
 */
export async function checkCode(d: CodeDeps, purpose: CodePurpose, flowToken: string | undefined, code: string): Promise<void> {
  const outcome = await d.em.transactional(async (em): Promise<CheckOutcome> => {
    if (!flowToken) return { kind: 'invalid' };
    // The row lock makes concurrent guesses take turns, so the attempt limit holds.
    const flow = await em.findOne(EmailCode, { flowTokenHash: hashToken(flowToken), purpose }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!flow || flow.consumedAt || flow.attemptsLeft <= 0) return { kind: 'invalid' };
    if (flow.expiresAt.getTime() < Date.now()) return { kind: 'expired' };
    if (!sameHash(flow.codeHash, hashCode(d.config.secretKey, scope(flow.user.id, purpose), code))) {
      flow.attemptsLeft -= 1;
      return { kind: 'wrong', retriesLeft: flow.attemptsLeft };
    }
    flow.verifiedAt = new Date();
    return { kind: 'ok' };
  });
  if (outcome.kind === 'invalid') throw new AppError('code_invalid');
  if (outcome.kind === 'expired') throw new AppError('code_expired');
  if (outcome.kind === 'wrong') throw new AppError('code_wrong', { extra: { data: { retries_left: outcome.retriesLeft } } });
}
