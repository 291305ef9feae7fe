/** Operator commands run next to a running installation, with the same environment. */
import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import { runningEmbeddedUrl } from '../db/embedded.ts';
import { openOrm } from '../db/orm.ts';

/** The configuration and the database of the installation (its embedded one when no DATABASE_URL). */
export async function openCliDatabase() {
  const config = loadConfig(process.env);
  const url = config.databaseUrl ?? runningEmbeddedUrl(join(config.dataDir, 'pg'), config.embeddedPgPort, 'app');
  return { config, url, orm: await openOrm(url, { poolMax: 2 }) };
}
