/** The registrations migration on a database that holds accounts made before it: unverified
 * accounts become pending registrations that their browsers can still finish. */
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { databaseMigratedTo } from './support/migrated.ts';
import type { Orm } from '../src/db/orm.ts';
import type { MailMessage } from '../src/modules/mail/mailer.ts';
import { resendVerification, verifyEmail } from '../src/modules/accounts/registration.ts';
import { hashPassword } from '../src/modules/accounts/secrets.ts';

const config = loadConfig({ NODE_ENV: 'test', SECRET_KEY: 'test-secret-key-that-is-long-enough-000000', DATA_DIR: tmpdir() });
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

let orm: Orm;
let db: pg.Client;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ orm, db, close } = await databaseMigratedTo('Migration20261121_03_orders_payments'));
});
afterAll(() => close?.());

it('moves unverified accounts into registrations; their cookie flow asks for a new code and finishes', async () => {
  const passwordHash = await hashPassword('legacyPass1');
  const user = async (username: string | null, verified: boolean, deleted = false) =>
    (
      await db.query(
        `insert into users (username, email, password_hash, email_verified_at, deleted_at, created_at)
         values ($1, $2, $3, $4, $5, now() - interval '1 hour') returning id`,
        [
          username,
          username && `${username}@example.ru`,
          username && passwordHash,
          verified ? new Date() : null,
          deleted ? new Date() : null,
        ],
      )
    ).rows[0].id as number;
  const verifiedId = await user('kept_user', true);
  await user(null, false, true); // a deleted account keeps its anonymised row
  const pendingId = await user('pending_user', false);
  await user('no_code_user', false);
  const code = `insert into email_codes (user_id, purpose, flow_token_hash, code_hash, attempts_left, sent_at, expires_at, consumed_at)
                values ($1, $2, $3, 'legacy', 5, now() - interval '10 minutes', now() + interval '5 minutes', $4)`;
  await db.query(code, [verifiedId, 'verify_email', sha256('used-flow'), new Date()]);
  await db.query(code, [pendingId, 'verify_email', sha256('pending-flow'), null]);
  await db.query(code, [pendingId, 'recovery', sha256('pending-recovery'), null]);

  await orm.migrator.up();

  const users = await db.query(`select username from users order by id`);
  expect(users.rows).toEqual([{ username: 'kept_user' }, { username: null }]);
  const registrations = await db.query(
    `select username, email, password_hash, flow_token_hash, expires_at <= now() as expired from registrations order by username`,
  );
  expect(registrations.rows).toEqual([
    {
      username: 'no_code_user',
      email: 'no_code_user@example.ru',
      password_hash: passwordHash,
      flow_token_hash: expect.stringMatching(/^migrated-/),
      expired: true,
    },
    {
      username: 'pending_user',
      email: 'pending_user@example.ru',
      password_hash: passwordHash,
      flow_token_hash: sha256('pending-flow'),
      expired: true,
    },
  ]);
  expect((await db.query(`select count(*)::int as n from email_codes`)).rows[0].n).toBe(0);
  await expect(db.query(code, [verifiedId, 'verify_email', sha256('new-flow'), null])).rejects.toThrow(/email_codes_purpose_check/);

  // The browser that registered before the migration: its code is expired, a resend gives a new one.
  const mails: MailMessage[] = [];
  const deps = () => ({ em: orm.em.fork(), config, mailer: { send: async (m: MailMessage) => void mails.push(m) } });
  await expect(verifyEmail(deps(), { flowToken: 'pending-flow', code: '123456' })).rejects.toMatchObject({ code: 'code_expired' });
  const flowToken = await resendVerification(deps(), { email: 'pending_user@example.ru', flowToken: 'pending-flow' });
  expect(mails).toHaveLength(1);
  await verifyEmail(deps(), { flowToken, code: mails[0].devCode! });
  const account = await db.query(
    `select username, password_hash, email_verified_at is not null as verified from users where username = 'pending_user'`,
  );
  expect(account.rows).toEqual([{ username: 'pending_user', password_hash: passwordHash, verified: true }]);
});
