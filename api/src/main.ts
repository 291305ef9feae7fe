/** Starts the service. `node src/main.ts all` (what `npm start` runs): embedded PostgreSQL when no
 * DATABASE_URL, migrations, then the HTTP server. */
import { join } from 'node:path';
import pino from 'pino';
import { buildServer } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { migrate, openOrm } from './db/orm.ts';
import { createMailer } from './modules/mail/mailer.ts';

async function main() {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const log = pino({ level: config.logLevel });

  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    log.info({ dir: join(config.dataDir, 'pg'), port: config.embeddedPgPort }, 'DATABASE_URL is not set: starting embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({ dir: join(config.dataDir, 'pg'), port: config.embeddedPgPort, persistent: true });
    await ensureDatabase(embedded.url('postgres'), 'app');
    databaseUrl = embedded.url('app');
  }
  const orm = await openOrm(databaseUrl);
  const applied = await migrate(orm, databaseUrl);
  if (applied.length) log.info({ applied }, 'migrations applied');

  const mailer = createMailer({ ...config.mail, log });
  const server = await buildServer({ config, orm, mailer });
  await server.listen({ host: config.host, port: config.port });
  console.log(`\nСервис запущен: ${config.publicUrl}\nAPI: ${config.publicUrl}/api/docs\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    await server.close();
    await orm.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

await main();
