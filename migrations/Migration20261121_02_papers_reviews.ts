import { Migration } from '@mikro-orm/migrations';

/** Papers (the generated works) and reviews (one per paid full paper). */
export class Migration20261121_02_papers_reviews extends Migration {
  override up(): void {
    this.addSql(`
      create table papers (
        id serial primary key,
        user_id int not null references users (id) on delete cascade,
        type text not null check (type in ('demo', 'full')),
        plan text not null check (plan in ('basic', 'professional')),
        title text not null,
        annotation text not null default '',
        keywords jsonb not null default '[]',
        structure jsonb not null default '{}',
        options jsonb not null default '{}',
        engine_plan jsonb,
        docx_key text,
        pdf_key text,
        page_count int,
        normocontrol jsonb,
        source_paper_id int references papers (id) on delete set null,
        paid_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index papers_user_type_idx on papers (user_id, type, id desc);

      create table reviews (
        id serial primary key,
        user_id int not null references users (id) on delete cascade,
        paper_id int not null unique references papers (id) on delete cascade,
        rating smallint not null check (rating between 1 and 5),
        comment text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index reviews_created_idx on reviews (created_at desc, id desc);
      create index reviews_user_idx on reviews (user_id);
    `);
  }
}
