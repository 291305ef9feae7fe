/** The title page migration on a database that holds orders placed before it: they get no title
 * page and no AI appendix (their customers were never asked); an order that has them keeps them. */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseMigratedTo } from './support/migrated.ts';
import type { Orm } from '../src/db/orm.ts';

let orm: Orm;
let db: pg.Client;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ orm, db, close } = await databaseMigratedTo('Migration20261126_04_sources'));
});
afterAll(() => close?.());

it('gives older orders no title page and no appendix, and leaves newer ones as they are', async () => {
  const user = await db.query(`insert into users (username, email, password_hash) values ('old_user', 'old@example.ru', 'x') returning id`);
  const legacy = {
    use_footnotes: false,
    separate_bibliography: false,
    min_publication_year: 2015,
    required_volume: 80,
    gost_citations: [],
    user_structure: null,
  };
  const order = async (status: string, options: object) => {
    const id = randomUUID();
    await db.query(
      `insert into orders (id, user_id, kind, paper_type, tariff, topic, options, amount, status, payment_expires_at)
       values ($1, $2, 'new', 'demo', 'basic', 'Тема работы для проверки', $3, 30, $4, now())`,
      [id, user.rows[0].id, JSON.stringify(options), status],
    );
    return id;
  };
  const old = await order('completed', legacy);
  const asked = await order('canceled', { ...legacy, title_page: { city: 'Омск' }, ai_appendix: true });

  await orm.migrator.up();

  const options = async (id: string) => (await db.query(`select options from orders where id = $1`, [id])).rows[0].options;
  expect(await options(old)).toEqual({ ...legacy, title_page: null, ai_appendix: false });
  expect(await options(asked)).toEqual({ ...legacy, title_page: { city: 'Омск' }, ai_appendix: true });
});
