/** `npm run bench -w api`: requests per second and p99 latency of login and GET /users/me/ on the
 * real app, each beside a bare Fastify handler doing the same single SELECT on the same database,
 * measured in the same run. Load comes from this process; the servers run in a child process. */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ensureDatabase, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate, openOrm } from '../src/db/orm.ts';
import { hashPassword } from '../src/modules/accounts/secrets.ts';
import { freePort } from '../test/support/globalSetup.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;

const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
const pgServer = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false });
await ensureDatabase(pgServer.url('postgres'), 'bench');
const databaseUrl = pgServer.url('bench');
const orm = await openOrm(databaseUrl, { poolMax: 2 });
await migrate(orm, databaseUrl);

// 10,000 accounts so that lookups go through the indexes, as in production.
const hash = await hashPassword('password123');
await orm.em.getConnection().execute(
  `insert into users (username, email, password_hash, email_verified_at)
   select 'user' || i, 'user' || i || '@example.ru', ?, now() from generate_series(1, 10000) as i`,
  [hash],
);
await orm.close();

const [appPort, barePort] = [await freePort(), await freePort()];
const child = fork(join(import.meta.dirname, 'servers.ts'), {
  env: { ...process.env, DATABASE_URL: databaseUrl, APP_PORT: String(appPort), BARE_PORT: String(barePort), DATA_DIR: dir, SECRET_KEY: 'bench-secret-key-that-is-long-enough-0000' },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
await new Promise((resolve) => child.once('message', resolve));

const login = await fetch(`http://127.0.0.1:${appPort}/api/v1/auth/login/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username_or_email: 'user42', password: 'password123' }),
});
const cookie = login.headers.get('set-cookie')!.split(';')[0];

async function measure(options: autocannon.Options) {
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  return { rps: r.requests.average, p99: r.latency.p99, bad: r.non2xx + r.errors };
}

const json = { 'content-type': 'application/json' };
const loginBody = JSON.stringify({ username_or_email: 'user42', password: 'password123' });
const cases: [string, autocannon.Options][] = [
  ['GET /api/v1/users/me/ (app)', { url: `http://127.0.0.1:${appPort}/api/v1/users/me/`, headers: { cookie } }],
  ['GET /me (bare Fastify + same SELECT)', { url: `http://127.0.0.1:${barePort}/me`, headers: { cookie } }],
  ['POST /api/v1/auth/login/ (app)', { url: `http://127.0.0.1:${appPort}/api/v1/auth/login/`, method: 'POST', headers: json, body: loginBody }],
  ['POST /login (bare Fastify + same SELECT)', { url: `http://127.0.0.1:${barePort}/login`, method: 'POST', headers: json, body: loginBody }],
];

// Rounds interleave app and baseline so that a noisy neighbour hits both alike; medians reported.
const results = cases.map(() => [] as Awaited<ReturnType<typeof measure>>[]);
for (let round = 0; round < ROUNDS; round++) {
  for (const [i, [, options]] of cases.entries()) results[i].push(await measure(options));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = cases.map(([title], i) => ({
  title,
  rps: median(results[i].map((r) => r.rps)),
  p99: median(results[i].map((r) => r.p99)),
  bad: results[i].reduce((n, r) => n + r.bad, 0),
}));

console.log(`\nAccounts API: ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION} s, medians; load from a separate process\n`);
console.log('endpoint'.padEnd(46) + 'req/s'.padStart(10) + 'p99 ms'.padStart(10) + 'non-2xx'.padStart(10));
for (const r of rows) console.log(r.title.padEnd(46) + r.rps.toFixed(0).padStart(10) + r.p99.toFixed(1).padStart(10) + String(r.bad).padStart(10));
const ratio = (a: number, b: number) => (a / b).toFixed(2);
console.log(`\n/users/me/: app/bare throughput ${ratio(rows[0].rps, rows[1].rps)}, p99 ${ratio(rows[0].p99, rows[1].p99)}x`);
console.log(`login:      app/bare throughput ${ratio(rows[2].rps, rows[3].rps)}, p99 ${ratio(rows[2].p99, rows[3].p99)}x (argon2id verification and the session insert dominate)`);

child.kill('SIGTERM');
await pgServer.stop();
rmSync(dir, { recursive: true, force: true });
