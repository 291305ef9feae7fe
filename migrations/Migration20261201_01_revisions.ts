import { Migration } from '@mikro-orm/migrations';

/**
 * Revisions until the defence: a purchased full paper has versions (v1 is the delivered one), each
 * with its files and the state a next round starts from; a revision round is an order of kind
 * `revision` (an included round costs nothing and has no payment) with its remarks and, once done,
 * each remark's outcome.
 */
export class Migration20261201_01_revisions extends Migration {
  override up(): void {
    this.addSql(`
      alter table orders drop constraint orders_kind_check;
      alter table orders add constraint orders_kind_check check (kind in ('new', 'from_demo', 'defence', 'revision'));

      create table paper_versions (
        id serial primary key,
        paper_id int not null references papers (id) on delete cascade,
        number int not null check (number >= 1),
        docx_key text not null,
        pdf_key text not null,
        report_key text,
        state_key text,
        page_count int,
        normocontrol jsonb,
        originality jsonb,
        sources jsonb not null default '[]',
        order_id uuid references orders (id) on delete set null,
        created_at timestamptz not null default now(),
        unique (paper_id, number)
      );

      create table revisions (
        order_id uuid primary key references orders (id) on delete cascade,
        paper_id int not null references papers (id) on delete cascade,
        from_version int not null,
        included boolean not null,
        remarks jsonb not null,
        scope jsonb,
        docx_key text,
        outcomes jsonb,
        version int,
        created_at timestamptz not null default now()
      );
      create index revisions_paper_idx on revisions (paper_id, created_at desc);
    `);
  }
}
