import { Migration } from '@mikro-orm/migrations';

/** Unverified live accounts (an unverified account cannot log in, so it owns nothing: the
 * ownership checks never exclude a row and are there to keep the delete safe). */
const UNVERIFIED = `u.email_verified_at is null and u.deleted_at is null
  and u.username is not null and u.email is not null and u.password_hash is not null
  and not exists (select 1 from orders o where o.user_id = u.id)
  and not exists (select 1 from payments p where p.user_id = u.id)
  and not exists (select 1 from papers p where p.user_id = u.id)
  and not exists (select 1 from reviews r where r.user_id = u.id)`;

/**
 * Pending sign-ups get their own table: each registration keeps its own login, password hash and
 * code flow, and the user row is created only when its code is entered (before, a second
 * registration of an unverified e-mail overwrote the first one's login and password).
 *
 * Unverified accounts become pending registrations with the same login, e-mail, password and
 * cookie flow; their code cannot be carried over (its hash was bound to the user id), so it is
 * marked expired: the browser asks for a new code, or the user logs in and gets one.
 *
 * Also the failed logins table: login limits count failures per account and address over sliding
 * windows, so that a guesser at one address no longer locks the owner out everywhere.
 */
export class Migration20261125_01_registrations extends Migration {
  override up(): void {
    this.addSql(`
      create table registrations (
        id uuid primary key,
        username text not null,
        email text not null,
        password_hash text not null,
        flow_token_hash text not null unique,
        code_hash text not null,
        attempts_left int not null,
        sent_at timestamptz not null,
        expires_at timestamptz not null,
        created_at timestamptz not null default now()
      );
      create index registrations_email_idx on registrations (lower(email), sent_at desc);
      create index registrations_username_idx on registrations (lower(username));
      create index registrations_created_at_idx on registrations (created_at);

      insert into registrations (id, username, email, password_hash, flow_token_hash, code_hash, attempts_left, sent_at, expires_at, created_at)
      select gen_random_uuid(), u.username, u.email, u.password_hash,
             -- A row without a code (its mail had failed) gets a hash no cookie can match.
             coalesce(c.flow_token_hash, 'migrated-' || u.id), coalesce(c.code_hash, ''),
             coalesce(c.attempts_left, 0), coalesce(c.sent_at, u.created_at), least(coalesce(c.expires_at, now()), now()), u.created_at
      from users u
      left join email_codes c on c.user_id = u.id and c.purpose = 'verify_email' and c.consumed_at is null
      where ${UNVERIFIED};

      -- Their recovery codes go with them (on delete cascade); they had no sessions.
      delete from users u where ${UNVERIFIED};

      -- Failed logins, one row each, counted over sliding windows (by account and address).
      create table failed_attempts (
        id bigserial primary key,
        subject text not null,
        address text not null,
        at timestamptz not null default now()
      );
      create index failed_attempts_subject_idx on failed_attempts (subject, at);
      create index failed_attempts_address_idx on failed_attempts (address, at);

      delete from email_codes where purpose = 'verify_email';
      alter table email_codes drop constraint email_codes_purpose_check;
      alter table email_codes add constraint email_codes_purpose_check check (purpose = 'recovery');
    `);
  }
}
