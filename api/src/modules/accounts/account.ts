/** The account itself: profile and deletion. */
import type { Profile } from '@app/contract';
import { EmailCode, Session, TelegramBindToken, User } from './entities.ts';
import { Paper } from '../papers/entities.ts';
import { Review } from '../reviews/entities.ts';
import type { AccountDeps } from './registration.ts';
import type { AuthSession } from './sessions.ts';

export function profileOf(session: AuthSession): Profile {
  const u = session.user;
  return { email: u.email ?? '', username: u.username ?? '', telegram_uid: u.telegramUid ?? null };
}

/**
 * Deletes an account: every session is revoked and personal data removed: username, e-mail,
 * password, Telegram id, codes, tokens, the user's papers and reviews (a review shows the
 * username). The row stays, anonymised, so that payment records keep their owner for accounting.
 */
export async function deleteAccount(d: AccountDeps, session: AuthSession): Promise<void> {
  const userId = session.user.id;
  await d.em.transactional(async (em) => {
    await em.nativeDelete(Session, { user: userId });
    await em.nativeDelete(EmailCode, { user: userId });
    await em.nativeDelete(TelegramBindToken, { user: userId });
    await em.nativeDelete(Review, { user: userId });
    await em.nativeDelete(Paper, { user: userId });
    await em.nativeUpdate(
      User,
      { id: userId },
      { username: null, email: null, passwordHash: null, telegramUid: null, emailVerifiedAt: null, deletedAt: new Date() },
    );
  });
}
