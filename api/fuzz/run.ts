/**
 * `npm run fuzz -w api`: at least 10,000 malformed requests (FUZZ_REQUESTS) with a seed (FUZZ_SEED)
 * against the real app on a throwaway embedded PostgreSQL, in process (inject / injectWS). Prints
 * the number of requests, the answers by status, the 5xx count (target 0) and every failure with
 * what replays it; exits 1 when anything failed.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import { buildServer } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate, openOrm } from '../src/db/orm.ts';
import { startBoss } from '../src/jobs/queues.ts';
import { startServices } from '../src/services.ts';
import { freePort } from '../test/support/ports.ts';
import { fivexx, prepareWorld, runFuzz } from './fuzz.ts';

const seed = Number(process.env.FUZZ_SEED ?? 20261122);
const requests = Number(process.env.FUZZ_REQUESTS ?? 10_000);

const dir = mkdtempSync(join(tmpdir(), 'fuzz-'));
const pgServer = await startEmbeddedPostgres({ dir: join(dir, 'pg'), port: await freePort(), persistent: false });
await ensureDatabase(pgServer.url('postgres'), 'fuzz');
const databaseUrl = pgServer.url('fuzz');
const orm = await openOrm(databaseUrl, { poolMax: 5 });
await migrate(orm, databaseUrl);
await (await startBoss(databaseUrl, () => undefined)).stop({ graceful: false, close: true });

const config = loadConfig({
  NODE_ENV: 'test',
  DATABASE_URL: databaseUrl,
  DATA_DIR: join(dir, 'data'),
  SECRET_KEY: 'fuzz-secret-key-that-is-long-enough-00000',
  PUBLIC_URL: 'http://localhost:8000',
  LOG_LEVEL: 'info',
  // The fuzzer is one client sending thousands of requests; limits are tested elsewhere.
  LOGIN_LIMIT_PER_MINUTE: '1000000',
  REGISTER_LIMIT_PER_HOUR: '1000000',
  CODE_REQUESTS_LIMIT_PER_HOUR: '1000000',
});
const errorLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    const line = String(chunk);
    if (/"level":(50|60)/.test(line)) errorLines.push(line);
    done();
  },
});
const services = await startServices(config, orm, databaseUrl, pino({ level: 'warn' }, logStream));
const app = await buildServer({ config, orm, ...services }, { logStream });
await app.ready();
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const target = {
  app,
  sql: (text: string, params?: unknown[]) => pool.query(text, params as unknown[]),
  storage: services.storage,
  trustedOrigins: config.trustedOrigins,
};

const started = performance.now();
const world = await prepareWorld(target);
const report = await runFuzz(target, world, {
  seed,
  requests,
  serverErrors: () => errorLines.length,
  onProgress: (sent) => process.stdout.write(`  ${sent} sent\n`),
});
const seconds = (performance.now() - started) / 1000;
// Files only: the server's own (empty) folder is there until it stops.
const leftovers = (readdirSync(config.uploadsDir, { recursive: true }) as string[]).filter((p) =>
  statSync(join(config.uploadsDir, p)).isFile(),
);

console.log(`\n== Fuzz: seed ${seed}, ${report.sent} requests in ${seconds.toFixed(1)} s\n`);
const rows = Object.entries(report.byStatus).sort(([a], [b]) => a.localeCompare(b));
for (const [status, count] of rows) console.log(`  ${status.padEnd(16)}${String(count).padStart(7)}`);
console.log(`\n5xx answers: ${fivexx(report)} (target 0)`);
console.log(
  `4xx answers without a code of their status or a Russian detail, silent sockets: ${report.failures.length - fivexx(report)} (target 0)`,
);
console.log(`errors in the server log: ${report.serverErrors} (target 0)`);
console.log(`uploads left on disk: ${leftovers.length} (target 0)`);
for (const failure of report.failures.slice(0, 50)) console.log(`  ${failure}`);
for (const line of errorLines.slice(0, 10)) console.log(`  log: ${line.slice(0, 400)}`);

await app.close();
await services.stop();
await orm.close();
await pool.end();
await pgServer.stop();
rmSync(dir, { recursive: true, force: true });
process.exit(report.failures.length || report.serverErrors || leftovers.length ? 1 : 0);
