import { Migration } from '@mikro-orm/migrations';

/** The defence kit: an order of its own kind (for a bought full paper) and the kit it delivers. */
export class Migration20261129_01_defence_kits extends Migration {
  override up(): void {
    this.addSql(`alter table orders drop constraint if exists orders_kind_check;`);
    this.addSql(`alter table orders add constraint orders_kind_check check (kind in ('new', 'from_demo', 'defence'));`);
    this.addSql(`
      create table defence_kits (
        id serial primary key,
        order_id uuid not null unique references orders (id),
        paper_id int not null references papers (id) on delete cascade,
        user_id int not null references users (id) on delete cascade,
        slides_key text not null,
        speech_key text not null,
        questions_key text not null,
        preview_key text not null,
        slides int not null,
        speech_words int not null,
        questions int not null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index defence_kits_paper_idx on defence_kits (paper_id);`);
  }
}
