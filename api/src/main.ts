/**
 * Starts the service.
 *   node src/main.ts all      what `npm start` runs: embedded PostgreSQL when there is no
 *                             DATABASE_URL, migrations, the HTTP server, and a worker process
 *   node src/main.ts server   the HTTP server only (production: any number of instances)
 *   node src/main.ts worker   a worker only (production: any number, on any machines)
 *   node src/main.ts bot      the Telegram bot and its notification queue (one with long polling;
 *                             any number with a webhook); `all` starts one when TELEGRAM_BOT_TOKEN is set
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import pino from 'pino';
import { buildServer } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { ensureDatabase, runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { handOverSignals } from './db/embedded-postgres.ts';
import { migrate, openOrm } from './db/orm.ts';
import { startTelegramBot, TokenRefused } from './modules/telegram/process.ts';
import { startServices } from './services.ts';
import { describeStartFailure } from './start-failure.ts';
import { closeServer } from './http/shutdown.ts';
import { STOP_DRAIN_MS, startWorker } from './worker.ts';

type Mode = 'all' | 'server' | 'worker' | 'bot';

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

/** What to undo when stopping, newest first (also after a failed start: an embedded PostgreSQL
 * already started must not be left running). */
const stops: (() => Promise<unknown>)[] = [];

async function main(mode: Mode, config: Config, log: pino.Logger) {
  if (mode === 'bot' && !config.telegram.botToken) {
    console.error('TELEGRAM_BOT_TOKEN is not set: there is no bot to run');
    process.exit(2);
  }

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl && mode === 'all') {
    log.info({ dir: join(config.dataDir, 'pg'), port: config.embeddedPgPort }, 'DATABASE_URL is not set: starting embedded PostgreSQL');
    const embedded: EmbeddedDatabase = await startEmbeddedPostgres({
      dir: join(config.dataDir, 'pg'),
      port: config.embeddedPgPort,
      persistent: true,
      notice: (message) => log.warn(message),
    });
    stops.unshift(() => embedded.stop());
    await ensureDatabase(embedded.url('postgres'), 'app');
    databaseUrl = embedded.url('app');
  }
  // A worker or server started by hand next to `npm start` uses its embedded database.
  databaseUrl ??= runningEmbeddedUrl(join(config.dataDir, 'pg'), config.embeddedPgPort, 'app');

  const orm = await openOrm(databaseUrl);
  stops.unshift(() => orm.close());
  if (mode === 'all' || mode === 'server') {
    const applied = await migrate(orm, databaseUrl);
    if (applied.length) log.info({ applied }, 'migrations applied');
  }

  if (mode === 'worker') {
    const worker = await startWorker(config, orm, databaseUrl, log);
    stops.unshift(() => worker.stop());
  } else if (mode === 'bot') {
    // A refused token is a configuration error (exit 2: not restarted); anything else may pass.
    const exit = (error: unknown) => process.exit(error instanceof TokenRefused ? 2 : 1);
    const bot = await startTelegramBot(config, orm, databaseUrl, log).catch(exit);
    stops.unshift(() => bot.stop());
    bot.polling?.catch(exit);
  } else {
    const services = await startServices(config, orm, databaseUrl, log);
    stops.unshift(() => services.stop());
    const server = await buildServer({ config, orm, ...services });
    await server.listen({ host: config.host, port: config.port });
    stops.unshift(() => closeServer(server));
    if (mode === 'all') {
      // More API processes on the next ports (a balancer in front spreads the load), and the
      // workers; stopped together (each worker lets its runs reach a checkpoint first).
      const children: (() => Promise<void>)[] = [];
      for (let i = 1; i < config.processes.api; i++) {
        children.push(await startChildProcess('server', databaseUrl, log, { PORT: String(config.port + i) }));
      }
      for (let i = 0; i < config.processes.workers; i++) children.push(await startChildProcess('worker', databaseUrl, log));
      stops.unshift(() => Promise.all(children.map((stop) => stop())));
    }
    if (mode === 'all' && config.telegram.botToken) stops.unshift(await startChildProcess('bot', databaseUrl, log));
    else if (mode === 'all') log.info('TELEGRAM_BOT_TOKEN is not set: the Telegram bot is not started');
    console.log(`\nСервис запущен: ${config.publicUrl}\nAPI: ${config.publicUrl}/api/docs\n`);
  }
}

/** The worker (and the bot) run in their own processes: a crash while generating cannot take the
 * site down. A child is restarted when it dies; unfinished generations resume from their
 * checkpoints. Exit code 2 is a configuration error, which a restart would repeat. */
async function startChildProcess(
  mode: 'server' | 'worker' | 'bot',
  databaseUrl: string,
  log: pino.Logger,
  env: Record<string, string> = {},
): Promise<() => Promise<void>> {
  let child: ChildProcess | null = null;
  let stopping = false;
  const start = () => {
    child = fork(new URL(import.meta.url).pathname, [mode], {
      env: { ...process.env, ...env, DATABASE_URL: databaseUrl },
      stdio: 'inherit',
    });
    child.on('exit', (code, signal) => {
      if (stopping) return;
      if (code === 2) return log.error({ code }, `${mode} exited with a configuration error; not restarted`);
      log.error({ code, signal }, `${mode} exited; restarting in 2 s`);
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
      // A worker lets its runs reach a checkpoint first (worker.ts).
      setTimeout(() => c.kill('SIGKILL'), (mode === 'worker' ? STOP_DRAIN_MS : 0) + 10_000).unref();
    });
  };
}

const mode = (process.argv[2] ?? 'all') as Mode;
if (!['all', 'server', 'worker', 'bot'].includes(mode)) {
  console.error('usage: main.ts all|server|worker|bot');
  process.exit(2);
}
const config = readConfig();
const log = pino({ level: config.logLevel, ...(mode === 'worker' || mode === 'bot' ? { base: { process: mode } } : {}) });

/** Stops what has started, the embedded database last (while starting too: a signal then stops
 * what is up so far). The process alone answers these signals, a closed terminal included. */
let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'stopping');
  // A deploy waits for no server longer than this (a worker: its runs' checkpoints, worker.ts).
  if (mode === 'server') {
    setTimeout(() => {
      log.error('not stopped within 10 s: exiting');
      process.exit(1);
    }, 10_000).unref();
  }
  for (const step of stops) await step().catch((error) => log.error({ err: error }, 'error while stopping'));
  process.exit(0);
}
handOverSignals();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));

try {
  await main(mode, config, log);
} catch (error) {
  // The reason and what to do, on stderr as plain text; then whatever had started is stopped.
  console.error(`\nThe service did not start (${mode}): ${describeStartFailure(error, config)}\n`);
  stopping = true;
  for (const step of stops) await step().catch(() => undefined);
  process.exit(1);
}
