/** MikroORM setup and the migration runner. */
import pg from 'pg';
import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { migrations } from '../../../migrations/index.ts';
import { accountEntities } from '../modules/accounts/entities.ts';
import { Paper } from '../modules/papers/entities.ts';
import { Order, OrderFile, Payment, Refund } from '../modules/orders/entities.ts';
import { PromoCode } from '../modules/promo/entities.ts';
import { Review } from '../modules/reviews/entities.ts';
import { DefenceKit } from '../modules/defence/entities.ts';
import { Revision } from '../modules/revisions/entities.ts';
import { PaperVersion } from '../modules/versions/entities.ts';
import { ShareLink } from '../modules/evidence/entities.ts';

const entities = [
  ...accountEntities,
  Paper,
  Review,
  PromoCode,
  Order,
  OrderFile,
  Payment,
  Refund,
  DefenceKit,
  PaperVersion,
  Revision,
  ShareLink,
];

export type Orm = MikroORM;

/** Plain SQL outside any unit of work (the ORM's connection): for reads that load no entity. */
export type Sql = Pick<ReturnType<Orm['em']['getConnection']>, 'execute'>;

export async function openOrm(databaseUrl: string, options: { poolMax?: number; debug?: boolean } = {}): Promise<Orm> {
  return MikroORM.init({
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator],
    migrations: { migrationsList: migrations, snapshot: false, snapshotOnMigrate: false, silent: true },
    pool: { min: 0, max: options.poolMax ?? 10 },
    debug: options.debug ?? false,
    // One query per request where possible: joined loading of relations.
    loadStrategy: 'joined',
    allowGlobalContext: false,
  });
}

/** Applies pending migrations; safe to run from several processes at once (advisory lock). */
export async function migrate(orm: Orm, databaseUrl: string): Promise<string[]> {
  // The lock lives on its own connection: a session-level lock must be released where it was taken.
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock(727001)');
    const done = await orm.migrator.up();
    return done.map((m) => m.name);
  } finally {
    await lock.end();
  }
}
