/** The embedded PostgreSQL used when no DATABASE_URL is configured (development, tests). */
import EmbeddedPostgres from './embedded-postgres.ts';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: (database: string) => string;
  stop: () => Promise<void>;
}

/** Starts (initialising on first use) a PostgreSQL server whose data lives in `dir`. */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  persistent: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  mkdirSync(options.dir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) letPostgresUserReach(options.dir);
  const dataDir = join(options.dir, 'data');
  const passwordFile = join(options.dir, 'password');
  const firstRun = !existsSync(join(dataDir, 'PG_VERSION'));
  if (firstRun || !existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(18).toString('hex'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: options.persistent,
    // As root, initdb refuses to run; the package then creates and uses a `postgres` system user.
    createPostgresUser: asRoot,
    // Throwaway test clusters skip durability; a persistent one keeps it.
    postgresFlags: options.persistent
      ? ['-c', 'max_connections=300']
      : ['-c', 'max_connections=300', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    onLog: (m) => options.log?.(String(m)),
    onError: (m) => options.log?.(String(m)),
  });
  if (firstRun) await server.initialise();
  await server.start();
  return {
    url: (database) => `postgres://postgres:${password}@127.0.0.1:${options.port}/${database}`,
    stop: () => server.stop(),
  };
}

/** As root, initdb runs as the `postgres` system user, which must be able to traverse every
 * directory above the data directory (a private temp dir is not): add only the search bit. */
function letPostgresUserReach(dir: string) {
  for (let d = resolve(dir); d !== dirname(d); d = dirname(d)) {
    const mode = statSync(d).mode;
    if ((mode & 0o001) === 0) chmodSync(d, (mode & 0o7777) | 0o001);
  }
}

/** The address of an embedded server that another process of this installation started. */
export function runningEmbeddedUrl(dir: string, port: number, database: string): string {
  const password = readFileSync(join(dir, 'password'), 'utf8').trim();
  return `postgres://postgres:${password}@127.0.0.1:${port}/${database}`;
}

/** Creates a database if it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`create database "${name.replace(/"/g, '')}"${template ? ` template "${template.replace(/"/g, '')}"` : ''}`);
    }
  } finally {
    await client.end();
  }
}
