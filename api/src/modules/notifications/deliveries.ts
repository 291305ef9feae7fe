/** At most once per notification and channel: the delivery's row is written in the transaction
 * that spans the sending. A retried or concurrent attempt waits for that transaction and then finds
 * the row (and sends nothing); a send that fails leaves no row, so the job's retry sends it. Only a
 * crash between the receiver's acceptance and the commit can repeat a message: for e-mail, the
 * repeat carries the same Message-ID (`messageIdOf`), by which mail systems recognise it. */
import type { EntityManager } from '@mikro-orm/postgresql';

type Channel = 'email' | 'telegram';

/** Runs `send` unless this notification was sent on this channel; whether it ran. */
export async function sendOnce(
  em: EntityManager,
  notificationId: string,
  channel: Channel,
  send: (tx: EntityManager) => Promise<unknown>,
): Promise<boolean> {
  return em.transactional(async (tx) => {
    const claimed = await tx.execute(
      'insert into notification_deliveries (notification_id, channel) values (?, ?) on conflict do nothing returning notification_id',
      [notificationId, channel],
    );
    if (claimed.length === 0) return false;
    await send(tx);
    return true;
  });
}

/** The e-mail's Message-ID: the same for every attempt of one notification. */
export const messageIdOf = (notificationId: string, publicUrl: string) => `<${notificationId}@${new URL(publicUrl).hostname}>`;
