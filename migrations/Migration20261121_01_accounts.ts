import { Migration } from '@mikro-orm/migrations';

/** Accounts, sessions, e-mail codes, Telegram bind tokens and rate-limit counters. */
export class Migration20261121_01_accounts extends Migration {
  override up(): void {
    this.addSql(`
      create table users (
        id serial primary key,
        username text,
        email text,
        password_hash text,
        email_verified_at timestamptz,
        telegram_uid text,
        created_at timestamptz not null default now(),
        deleted_at timestamptz
      );
      create unique index users_username_unique on users (lower(username)) where username is not null;
      create unique index users_email_unique on users (lower(email)) where email is not null;
      create unique index users_telegram_uid_unique on users (telegram_uid) where telegram_uid is not null;

      create table sessions (
        id serial primary key,
        user_id int not null references users (id) on delete cascade,
        token_hash text not null unique,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        revoked_at timestamptz,
        user_agent text
      );
      create index sessions_user_id_idx on sessions (user_id);

      create table email_codes (
        id serial primary key,
        user_id int not null references users (id) on delete cascade,
        purpose text not null check (purpose in ('verify_email', 'recovery')),
        flow_token_hash text not null unique,
        code_hash text not null,
        attempts_left int not null,
        sent_at timestamptz not null,
        expires_at timestamptz not null,
        verified_at timestamptz,
        consumed_at timestamptz
      );
      create unique index email_codes_user_purpose_unique on email_codes (user_id, purpose);

      create table telegram_bind_tokens (
        id serial primary key,
        user_id int not null references users (id) on delete cascade,
        token_hash text not null unique,
        expires_at timestamptz not null,
        used_at timestamptz
      );
      create index telegram_bind_tokens_user_idx on telegram_bind_tokens (user_id);

      create table rate_limits (
        key text not null,
        window_start timestamptz not null,
        hits int not null,
        primary key (key, window_start)
      );
    `);
  }
}
