import { Migration } from '@mikro-orm/migrations';

/** Orders (the user's task), their files, payments, promo codes and generation checkpoints. */
export class Migration20261121_03_orders_payments extends Migration {
  override up(): void {
    this.addSql(`
      create table promo_codes (
        id serial primary key,
        code text not null,
        percent int not null check (percent between 1 and 100),
        valid_from timestamptz,
        valid_until timestamptz,
        usage_limit int check (usage_limit is null or usage_limit > 0),
        used_count int not null default 0,
        created_at timestamptz not null default now()
      );
      create unique index promo_codes_code_unique on promo_codes (upper(code));

      create table orders (
        id uuid primary key,
        user_id int not null references users (id),
        kind text not null check (kind in ('new', 'from_demo')),
        paper_type text not null check (paper_type in ('demo', 'full')),
        plan text not null check (plan in ('basic', 'professional')),
        topic text not null,
        options jsonb not null,
        source_paper_id int references papers (id) on delete set null,
        promo_code_id int references promo_codes (id),
        discount int not null default 0,
        amount int not null,
        status text not null check (status in ('pending_payment', 'canceled', 'expired', 'queued', 'generating', 'completed', 'failed')),
        stage text,
        progress int not null default 0,
        error text,
        failure_detail text,
        attempts int not null default 0,
        heartbeat_at timestamptz,
        paper_id int references papers (id) on delete set null,
        from_telegram boolean not null default false,
        payment_expires_at timestamptz not null,
        paid_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index orders_user_status_idx on orders (user_id, status);
      create index orders_status_idx on orders (status) where status in ('pending_payment', 'queued', 'generating');
      -- One unpaid order per user at a time (406 otherwise).
      create unique index orders_one_pending_per_user on orders (user_id) where status = 'pending_payment';
      alter table papers add column order_id uuid references orders (id) on delete set null;
      create unique index papers_order_unique on papers (order_id) where order_id is not null;

      create table order_files (
        id serial primary key,
        order_id uuid not null references orders (id) on delete cascade,
        position int not null,
        file_name text not null,
        kind text not null check (kind in ('txt', 'pdf', 'docx')),
        size int not null,
        storage_key text not null,
        citation text not null
      );
      create index order_files_order_idx on order_files (order_id, position);

      create table payments (
        id uuid primary key,
        order_id uuid not null references orders (id),
        user_id int not null references users (id),
        provider text not null check (provider in ('sandbox', 'yookassa')),
        provider_payment_id text unique,
        amount int not null,
        currency text not null default 'RUB',
        status text not null check (status in ('pending', 'waiting_for_capture', 'succeeded', 'canceled')),
        confirmation_url text,
        receipt_email text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index payments_order_idx on payments (order_id);

      -- The built-in sandbox provider's own books (it stands in for YooKassa's side).
      create table sandbox_payments (
        id text primary key,
        amount int not null,
        status text not null check (status in ('pending', 'waiting_for_capture', 'succeeded', 'canceled')),
        metadata jsonb not null,
        return_url text not null,
        description text not null,
        created_at timestamptz not null default now()
      );

      create table generation_checkpoints (
        order_id uuid not null references orders (id) on delete cascade,
        key text not null,
        value jsonb not null,
        created_at timestamptz not null default now(),
        primary key (order_id, key)
      );
    `);
  }
}
