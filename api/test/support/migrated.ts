/** A database of its own, migrated only up to a given migration: for tests of the migrations after it. */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { ensureDatabase } from '../../src/db/embedded.ts';
import { openOrm, type Orm } from '../../src/db/orm.ts';

export async function databaseMigratedTo(migration: string): Promise<{ orm: Orm; db: pg.Client; close: () => Promise<void> }> {
  const serverUrl = inject('pgServerUrl');
  const name = `m_${randomUUID().replace(/-/g, '')}`;
  await ensureDatabase(serverUrl, name);
  const url = serverUrl.replace(/\/postgres$/, `/${name}`);
  const orm = await openOrm(url, { poolMax: 2 });
  await orm.migrator.up({ to: migration });
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  return {
    orm,
    db,
    close: async () => {
      await db.end();
      await orm.close();
    },
  };
}
