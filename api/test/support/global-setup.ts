/** One embedded PostgreSQL for the whole run, with a migrated template database that every test
 * file clones (CREATE DATABASE ... TEMPLATE), which is far faster than migrating each one. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './ports.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { migrate, openOrm } from '../../src/db/orm.ts';
import { startBoss } from '../../src/jobs/queues.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
  }
}

export const TEMPLATE_DB = 'template_app';

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'paper-pg-'));
  const pg = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false });
  const templateUrl = pg.url(TEMPLATE_DB);
  await ensureDatabase(pg.url('postgres'), TEMPLATE_DB);
  const orm = await openOrm(templateUrl, { poolMax: 2 });
  await migrate(orm, templateUrl);
  await orm.close();
  // The job queue's schema and queues too, so each test database starts with them.
  const boss = await startBoss(templateUrl, () => undefined);
  await boss.stop({ graceful: false, close: true });
  project.provide('pgServerUrl', pg.url('postgres'));
  return async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
