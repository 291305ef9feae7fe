/** Binding a Telegram account: the web asks for a one-time token, the bot consumes it. */
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { TelegramBindToken, User } from '../accounts/entities.ts';
import type { AuthSession } from '../accounts/sessions.ts';
import { hashToken, newToken } from '../accounts/secrets.ts';

/** A one-time token for the bot's start parameter (base64url, fits Telegram's 64 characters). */
export async function createBindToken(
  em: EntityManager,
  config: Config,
  session: AuthSession,
): Promise<{ token: string; botUrl: string | null }> {
  if (session.user.telegramUid) throw new AppError('telegram_already_bound');
  const bot = config.telegram.botUsername;
  // Without the bot's name there is no link to hand the token to: nothing is created.
  if (!bot) throw new AppError('telegram_unavailable');
  const token = newToken();
  em.create(TelegramBindToken, {
    user: session.user,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + config.telegramTokenTtlMinutes * 60_000),
    usedAt: null,
  });
  await em.flush();
  return { token, botUrl: `https://t.me/${bot}?start=${token}` };
}

export async function unbindTelegram(em: EntityManager, session: AuthSession): Promise<void> {
  if (!session.user.telegramUid) throw new AppError('telegram_not_bound');
  session.user.telegramUid = null;
  await em.flush();
}

export type BindFailure = 'unknown' | 'expired' | 'used' | 'telegram_taken' | 'already_bound';

/**
 * Consumes a bind token on behalf of the Telegram account `telegramUid` (called by the bot).
 * Unknown, expired and used tokens, and a Telegram account bound to someone else, change nothing.
 */
export async function consumeBindToken(
  em: EntityManager,
  token: string,
  telegramUid: string,
): Promise<{ ok: true; username: string } | { ok: false; reason: BindFailure }> {
  return em.transactional(async (tx) => {
    const row = await tx.findOne(
      TelegramBindToken,
      { tokenHash: hashToken(token) },
      { populate: ['user'], lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!row || row.user.deletedAt) return { ok: false, reason: 'unknown' as const };
    if (row.usedAt) return { ok: false, reason: 'used' as const };
    if (row.expiresAt.getTime() < Date.now()) return { ok: false, reason: 'expired' as const };
    const holder = await tx.findOne(User, { telegramUid, deletedAt: null });
    if (holder && holder.id !== row.user.id) return { ok: false, reason: 'telegram_taken' as const };
    if (row.user.telegramUid && row.user.telegramUid !== telegramUid) return { ok: false, reason: 'already_bound' as const };
    row.usedAt = new Date();
    row.user.telegramUid = telegramUid;
    return { ok: true as const, username: row.user.username ?? '' };
  });
}
