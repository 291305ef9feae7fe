/**
 * Starts the service.
 *   node src/main.ts all      what `npm start` runs: embedded PostgreSQL when there is no
 *                             DATABASE_URL, migrations, the HTTP server, and a worker process
 *   node src/main.ts server   the HTTP server only (production: any number of instances)
 *   node src/main.ts worker   a worker only (production: any number, on any machines)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import pino from 'pino';
import { buildServer } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { ensureDatabase, runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { migrate, openOrm } from './db/orm.ts';
import { startServices } from './services.ts';
import { startWorker } from './worker.ts';

type Mode = 'all' | 'server' | 'worker';

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

async function main(mode: Mode) {
  const config = readConfig();
  const log = pino({ level: config.logLevel, ...(mode === 'worker' ? { base: { process: 'worker' } } : {}) });
  const stops: (() => Promise<unknown>)[] = [];

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl && mode === 'all') {
    log.info({ dir: join(config.dataDir, 'pg'), port: config.embeddedPgPort }, 'DATABASE_URL is not set: starting embedded PostgreSQL');
    const embedded: EmbeddedDatabase = await startEmbeddedPostgres({ dir: join(config.dataDir, 'pg'), port: config.embeddedPgPort, persistent: true });
    stops.unshift(() => embedded.stop());
    await ensureDatabase(embedded.url('postgres'), 'app');
    databaseUrl = embedded.url('app');
  }
  // A worker or server started by hand next to `npm start` uses its embedded database.
  databaseUrl ??= runningEmbeddedUrl(join(config.dataDir, 'pg'), config.embeddedPgPort, 'app');

  const orm = await openOrm(databaseUrl);
  stops.unshift(() => orm.close());
  if (mode !== 'worker') {
    const applied = await migrate(orm, databaseUrl);
    if (applied.length) log.info({ applied }, 'migrations applied');
  }

  if (mode === 'worker') {
    const worker = await startWorker(config, orm, databaseUrl, log);
    stops.unshift(() => worker.stop());
  } else {
    const services = await startServices(config, orm, databaseUrl, log);
    stops.unshift(() => services.stop());
    const server = await buildServer({ config, orm, ...services });
    await server.listen({ host: config.host, port: config.port });
    stops.unshift(() => server.close());
    if (mode === 'all') stops.unshift(await startWorkerProcess(databaseUrl, log));
    console.log(`\nСервис запущен: ${config.publicUrl}\nAPI: ${config.publicUrl}/api/docs\n`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    for (const step of stops) await step().catch((error) => log.error({ err: error }, 'error while stopping'));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** The worker runs in its own process: a crash while generating cannot take the site down. It is
 * restarted when it dies; its unfinished generations resume from their checkpoints. */
async function startWorkerProcess(databaseUrl: string, log: pino.Logger): Promise<() => Promise<void>> {
  let child: ChildProcess | null = null;
  let stopping = false;
  const start = () => {
    child = fork(new URL(import.meta.url).pathname, ['worker'], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      if (stopping) return;
      log.error({ code, signal }, 'worker exited; restarting in 2 s');
      setTimeout(start, 2000);
    });
  };
  start();
  return async () => {
    stopping = true;
    const c = child as ChildProcess | null;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGTERM');
      setTimeout(() => c.kill('SIGKILL'), 10_000).unref();
    });
  };
}

const mode = (process.argv[2] ?? 'all') as Mode;
if (!['all', 'server', 'worker'].includes(mode)) {
  console.error('usage: main.ts all|server|worker');
  process.exit(2);
}
await main(mode);
