import { Migration } from '@mikro-orm/migrations';

/** Refunds (ours and the sandbox provider's), and when each payment was last re-read from its
 * provider by the reconciliation. Payments are single-stage from now on: a payment goes from
 * pending to succeeded or canceled ('waiting_for_capture' stays allowed for older ones). */
export class Migration20261125_02_refunds extends Migration {
  override up(): void {
    this.addSql(`
      alter table payments add column checked_at timestamptz;
      create index payments_unsettled_idx on payments (checked_at nulls first) where status in ('pending', 'waiting_for_capture');

      create table refunds (
        id uuid primary key,
        payment_id uuid not null references payments (id),
        order_id uuid not null references orders (id),
        amount int not null check (amount > 0),
        status text not null check (status in ('pending', 'succeeded', 'canceled')),
        reason text not null check (reason in ('generation_failed', 'order_canceled', 'order_expired', 'duplicate', 'account_deleted', 'support')),
        comment text,
        provider_refund_id text unique,
        receipt_email text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      -- Full refunds only: at most one refund per payment that is not declined.
      create unique index refunds_one_live_per_payment on refunds (payment_id) where status <> 'canceled';
      create index refunds_order_idx on refunds (order_id);
      create index refunds_pending_idx on refunds (created_at) where status = 'pending';

      create table sandbox_refunds (
        id text primary key,
        payment_id text not null references sandbox_payments (id),
        amount int not null check (amount > 0),
        status text not null check (status in ('pending', 'succeeded', 'canceled')),
        idempotence_key text not null unique,
        created_at timestamptz not null default now()
      );
    `);
  }
}
