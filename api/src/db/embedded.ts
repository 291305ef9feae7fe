/** The embedded PostgreSQL used when no DATABASE_URL is configured (development, tests). */
import EmbeddedPostgres from './embedded-postgres.ts';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { StartupError } from '../start-failure.ts';
import { releaseStaleLock } from './postmaster-lock.ts';

export interface EmbeddedDatabase {
  url: (database: string) => string;
  stop: () => Promise<void>;
}

/** Starts (initialising on first use) a PostgreSQL server whose data lives in `dir`. */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  persistent: boolean;
  /** The server's own output. */
  log?: (line: string) => void;
  /** What was done about a previous server's leftovers. */
  notice?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  mkdirSync(options.dir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) letPostgresUserReach(options.dir);
  const dataDir = join(options.dir, 'data');
  const passwordFile = join(options.dir, 'password');
  const firstRun = !existsSync(join(dataDir, 'PG_VERSION'));
  if (firstRun || !existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(18).toString('hex'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const recent: string[] = [];
  const output = (message: unknown) => {
    recent.push(...String(message).split('\n').filter(Boolean));
    recent.splice(0, recent.length - 50);
    options.log?.(String(message));
  };
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: options.persistent,
    // As root, initdb refuses to run; the package then creates and uses a `postgres` system user.
    createPostgresUser: asRoot,
    // Only TCP: a Unix socket's lock file (/tmp/.s.PGSQL.<port>.lock) names the postmaster, and one
    // killed with its service stays a zombie where nothing reaps it (a container's init), so
    // PostgreSQL would refuse to start again on that port. Throwaway test clusters skip durability.
    postgresFlags: [
      '-c',
      'max_connections=300',
      '-c',
      'unix_socket_directories=',
      ...(options.persistent ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ],
    onLog: output,
    onError: output,
  });
  if (firstRun) {
    await server.initialise().catch((error: Error) => {
      throw new StartupError(
        `the embedded PostgreSQL could not be created in ${dataDir}: ${error.message.trim()}\n` +
          `It holds no data yet: remove ${dataDir} and start again.`,
      );
    });
  } else {
    await releaseStaleLock(dataDir, options.notice ?? (() => undefined));
  }
  // embedded-postgres rejects with nothing when the server exits: the reason is in its output.
  await server.start().catch(() => {
    throw new StartupError(whyNotStarted(recent, dataDir, options.port));
  });
  return {
    url: (database) => `postgres://postgres:${password}@127.0.0.1:${options.port}/${database}`,
    stop: () => server.stop(),
  };
}

/** The reason a server that exited gave (its FATAL lines), and what to do about it. */
function whyNotStarted(output: string[], dataDir: string, port: number): string {
  const fatal = output.filter((l) => /FATAL|PANIC|ERROR/.test(l)).join('\n') || output.slice(-5).join('\n') || 'no output';
  const said = `PostgreSQL said:\n${fatal}`;
  if (/could not bind|could not create any TCP\/IP sockets|Address already in use/i.test(fatal)) {
    return `the embedded PostgreSQL cannot listen on port ${port}: another program uses it. Set EMBEDDED_PG_PORT to a free port, or stop that program.\n${said}`;
  }
  if (/lock file .* already exists|shared memory block .* is still in use/i.test(fatal)) {
    return `another PostgreSQL still runs on ${dataDir}. Stop it (another \`npm start\` of this installation?) and start again.\n${said}`;
  }
  return `the embedded PostgreSQL in ${dataDir} did not start.\n${said}`;
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
  const passwordFile = join(dir, 'password');
  if (!existsSync(passwordFile)) {
    throw new StartupError(
      `DATABASE_URL is not set and there is no embedded database in ${dir}: set DATABASE_URL, or start the whole service (npm start) first.`,
    );
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
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
