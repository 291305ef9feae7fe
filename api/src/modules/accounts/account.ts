/** The account itself: profile and deletion. */
import type { Profile } from '@app/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EmailCode, Session, TelegramBindToken, User } from './entities.ts';
import type { AccountDeps } from './registration.ts';
import type { Storage } from '../../storage/storage.ts';
import type { AuthSession, SessionProfile } from './sessions.ts';

export function profileOf(u: SessionProfile): Profile {
  return { email: u.email ?? '', username: u.username ?? '', telegram_uid: u.telegramUid ?? null };
}

/**
 * What the modules above accounts hold of a user and erase when the account is deleted: its
 * unfinished orders end (refunds recorded), its reviews and papers go. Run first in the deletion's
 * transaction; given by the composition root (app.ts), since accounts imports none of them.
 */
export type EraseUserData = (em: EntityManager, userId: number) => Promise<void>;

/**
 * Deletes an account: every session is revoked and personal data removed: username, e-mail,
 * password, Telegram id, codes, tokens, the user's papers with their files (versions, each
 * version's «Отчёт об источниках», defence kits) and their supervisors' links (which go with the
 * papers), reviews (a review shows the username), the topics and attached files of orders.
 * Unfinished orders end and what was paid for them is refunded. Orders and payments stay,
 * anonymised (amount, status, provider ids), so that the money keeps its record for accounting.
 */
export async function deleteAccount(
  d: AccountDeps & { storage: Storage; eraseUserData: EraseUserData },
  session: AuthSession,
): Promise<void> {
  const userId = session.user.id;
  const keys = await d.em.execute<{ key: string }[]>(
    `select docx_key as key from papers where user_id = ? and docx_key is not null
     union select pdf_key from papers where user_id = ? and pdf_key is not null
     union select f.storage_key from order_files f join orders o on o.id = f.order_id where o.user_id = ?
     union select k from paper_versions v join papers p on p.id = v.paper_id, unnest(array[v.docx_key, v.pdf_key, v.report_key, v.state_key]) k
       where p.user_id = ? and k is not null
     union select e.key || f.ext from (select evidence_key as key from papers where user_id = ?
         union select v.evidence_key from paper_versions v join papers p on p.id = v.paper_id where p.user_id = ?) e,
       unnest(array['.json', '.docx', '.pdf']) f(ext) where e.key is not null
     union select r.docx_key from revisions r join papers p on p.id = r.paper_id where p.user_id = ? and r.docx_key is not null
     union select k from defence_kits d, unnest(array[d.slides_key, d.speech_key, d.questions_key, d.preview_key]) k where d.user_id = ?`,
    [userId, userId, userId, userId, userId, userId, userId, userId],
  );
  await d.em.transactional(async (em) => {
    await d.eraseUserData(em, userId);
    await em.execute(`update orders set topic = '', options = '{}' where user_id = ?`, [userId]);
    await em.execute(`delete from order_files where order_id in (select id from orders where user_id = ?)`, [userId]);
    await em.execute(`delete from generation_checkpoints where order_id in (select id from orders where user_id = ?)`, [userId]);
    await em.execute(`update payments set receipt_email = null where user_id = ?`, [userId]);
    await em.nativeDelete(Session, { user: userId });
    await em.nativeDelete(EmailCode, { user: userId });
    await em.nativeDelete(TelegramBindToken, { user: userId });
    await em.nativeUpdate(
      User,
      { id: userId },
      { username: null, email: null, passwordHash: null, telegramUid: null, emailVerifiedAt: null, deletedAt: new Date() },
    );
  });
  // Files go after the commit; one that cannot be removed now is only an orphan, never data in use.
  for (const { key } of keys) await d.storage.delete(key).catch(() => undefined);
}
