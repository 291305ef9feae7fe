import { Migration } from '@mikro-orm/migrations';

/** One row per notification sent on a channel (e-mail, Telegram), written in the transaction that
 * spans the sending: a retried notification job finds its row and sends nothing again. */
export class Migration20261128_02_notification_deliveries extends Migration {
  override up(): void {
    this.addSql(`create table notification_deliveries (
      notification_id uuid not null,
      channel text not null check (channel in ('email', 'telegram')),
      sent_at timestamptz not null default now(),
      primary key (notification_id, channel)
    );`);
  }
}
