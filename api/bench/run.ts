/** `npm run bench -w api`: the API's figures, each beside a baseline measured in the same run.
 *   accounts: login and GET /users/me/ beside a bare Fastify handler doing the same SELECT
 *             (target: /users/me/ at >= 0.80 of the bare handler's throughput)
 *   papers:   the cabinet's papers list beside a bare handler doing the same queries
 *   sockets:  1,000 sockets open on one API process: its resident memory above the idle process
 *             (target: <= 200 KiB a socket), and the latency from a worker's progress event to a
 *             client socket
 * `node bench/run.ts papers` (or `npm run bench:papers -w api`) runs only the sections named.
 * It exits non-zero when a target is missed. The servers run in a child process started with the
 * service's Node flags (scripts/node-flags.json); load and the "worker" run here, in another process. */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import NODE_FLAGS from '../../scripts/node-flags.json' with { type: 'json' };
import { ensureDatabase, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate, openOrm } from '../src/db/orm.ts';
import { startBoss } from '../src/jobs/queues.ts';
import { hashPassword } from '../src/modules/accounts/secrets.ts';
import { Order } from '../src/modules/orders/entities.ts';
import { publishOrder } from '../src/modules/orders/events.ts';
import { freePort } from '../test/support/ports.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const SOCKETS = 1000;
const USERS_ME_TARGET = 0.8; // of the bare handler's throughput
const SOCKET_TARGET_KIB = 200; // resident memory a socket, above the idle process
const EVENTS = 2000;
const SECTIONS = ['accounts', 'papers', 'sockets'] as const;
const named = process.argv.slice(2);
for (const name of named) if (!SECTIONS.includes(name as never)) throw new Error(`unknown section ${name}; known: ${SECTIONS.join(', ')}`);
const runs = (section: (typeof SECTIONS)[number]) => named.length === 0 || named.includes(section);

const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
const pgServer = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false });
await ensureDatabase(pgServer.url('postgres'), 'bench');
const databaseUrl = pgServer.url('bench');
const orm = await openOrm(databaseUrl, { poolMax: 4 });
await migrate(orm, databaseUrl);
await (await startBoss(databaseUrl, () => undefined)).stop({ graceful: false, close: true });

// 10,000 accounts so that lookups go through the indexes; user42 has 200 full papers and 1,000
// orders being generated (one socket each).
const db = orm.em.fork();
await db.execute(
  `insert into users (username, email, password_hash, email_verified_at)
   select 'user' || i, 'user' || i || '@example.ru', ?, now() from generate_series(1, 10000) as i`,
  [await hashPassword('password123')],
);
await db.execute(
  `insert into papers (user_id, type, tariff, title, annotation, structure, options, docx_key, pdf_key, paid_at)
   select 42, 'full', 'basic', 'Работа ' || i, 'Аннотация', '{}', '{}', 'k.docx', 'k.pdf', now() from generate_series(1, 200) as i`,
);
const orderIds = (
  await db.execute<{ id: string }[]>(
    `insert into orders (id, user_id, kind, paper_type, tariff, topic, options, amount, status, stage, progress, payment_expires_at, paid_at)
     select gen_random_uuid(), 42, 'new', 'demo', 'basic', 'Тема ' || i, '{}', 30, 'generating', 'Написание', 1, now(), now()
     from generate_series(1, ?) as i returning id`,
    [SOCKETS],
  )
).map((r) => r.id);

const [appPort, barePort] = [await freePort(), await freePort()];
/** The servers' process, as the service starts (its Node flags), plus --expose-gc for the memory
 * figures (servers.ts collects before it measures; the service never has the flag). */
async function startServers(): Promise<ChildProcess> {
  const child = fork(join(import.meta.dirname, 'servers.ts'), {
    // BENCH_CPU_PROF=<folder>: the servers' CPU profile (node --cpu-prof), written when they stop.
    execArgv: [
      ...NODE_FLAGS,
      '--expose-gc',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      APP_PORT: String(appPort),
      BARE_PORT: String(barePort),
      DATA_DIR: dir,
      SECRET_KEY: 'bench-secret-key-that-is-long-enough-0000',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => child.once('message', resolve));
  return child;
}
const stopServers = (child: ChildProcess) =>
  new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
let child = await startServers();

const login = await fetch(`http://127.0.0.1:${appPort}/api/v1/auth/login/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username_or_email: 'user42', password: 'password123' }),
});
const cookie = login.headers.get('set-cookie')!.split(';')[0];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const ratio = (a: number, b: number) => (a / b).toFixed(2);
const missed: string[] = [];

/** A figure the server process reports about itself ('rss' in bytes, 'cpu' in microseconds used). */
const askServer = (what: 'rss' | 'cpu') =>
  new Promise<number>((resolve) => {
    child.once('message', (m) => resolve((m as Record<typeof what, number>)[what]));
    child.send(what);
  });

/** Rounds interleave the app and its baseline so that a noisy neighbour hits both alike. Beside
 * the throughput, the server process's CPU time per request: the neighbours on a shared machine
 * move the first more than the second. */
async function compare(cases: [string, autocannon.Options][], { rounds = ROUNDS, duration = DURATION } = {}) {
  const results = cases.map(() => [] as { rps: number; p99: number; cpu: number; bad: number }[]);
  for (let round = 0; round < rounds; round++) {
    for (const [i, [, options]] of cases.entries()) {
      const cpuBefore = await askServer('cpu');
      const r = await autocannon({ connections: CONNECTIONS, duration, ...options });
      const cpu = ((await askServer('cpu')) - cpuBefore) / r.requests.total;
      results[i].push({ rps: r.requests.average, p99: r.latency.p99, cpu, bad: r.non2xx + r.errors });
    }
  }
  const rows = cases.map(([title], i) => ({
    title,
    rps: median(results[i].map((r) => r.rps)),
    p99: median(results[i].map((r) => r.p99)),
    cpu: median(results[i].map((r) => r.cpu)),
    bad: results[i].reduce((n, r) => n + r.bad, 0),
    rounds: results[i],
  }));
  console.log('endpoint'.padEnd(48) + 'req/s'.padStart(10) + 'p99 ms'.padStart(10) + 'CPU µs/req'.padStart(12) + 'non-2xx'.padStart(10));
  for (const r of rows)
    console.log(
      r.title.padEnd(48) +
        r.rps.toFixed(0).padStart(10) +
        r.p99.toFixed(1).padStart(10) +
        r.cpu.toFixed(0).padStart(12) +
        String(r.bad).padStart(10),
    );
  return rows;
}

const app = (path: string) => `http://127.0.0.1:${appPort}${path}`;
const bare = (path: string) => `http://127.0.0.1:${barePort}${path}`;
const json = { 'content-type': 'application/json' };
const loginBody = JSON.stringify({ username_or_email: 'user42', password: 'password123' });

async function benchAccounts() {
  await expectSameAnswer(app('/api/v1/users/me/'), bare('/me'));
  console.log(`\n== Accounts: ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION} s, medians\n`);
  const accounts = await compare([
    ['GET /api/v1/users/me/ (app)', { url: app('/api/v1/users/me/'), headers: { cookie } }],
    ['GET /me (bare Fastify + same SELECT)', { url: bare('/me'), headers: { cookie } }],
    ['POST /api/v1/auth/login/ (app)', { url: app('/api/v1/auth/login/'), method: 'POST', headers: json, body: loginBody }],
    ['POST /login (bare Fastify + same SELECT)', { url: bare('/login'), method: 'POST', headers: json, body: loginBody }],
  ]);
  // The figure is the median of the rounds' ratios: each round's app and bare runs are neighbours,
  // so the machine's other load moves both alike.
  const [me, bareMe] = accounts;
  const pairs = me.rounds.map((a, i) => ({ rps: a.rps / bareMe.rounds[i].rps, cpu: a.cpu / bareMe.rounds[i].cpu }));
  const throughput = median(pairs.map((p) => p.rps));
  console.log(
    `\n/users/me/: ${throughput.toFixed(2)} of the bare handler's throughput (target ≥ ${USERS_ME_TARGET.toFixed(2)})` +
      ` [rounds ${pairs.map((p) => p.rps.toFixed(2)).join(' ')}]` +
      `\n            server CPU per request ${me.cpu.toFixed(0)} µs against ${bareMe.cpu.toFixed(0)} µs` +
      ` (${median(pairs.map((p) => p.cpu)).toFixed(2)}x) [rounds ${pairs.map((p) => p.cpu.toFixed(2)).join(' ')}]; p99 ${ratio(me.p99, bareMe.p99)}x`,
  );
  if (throughput < USERS_ME_TARGET) missed.push(`/users/me/ at ${throughput.toFixed(2)} of the bare handler (target ≥ ${USERS_ME_TARGET})`);
  console.log(
    `login:      app/bare throughput ${ratio(accounts[2].rps, accounts[3].rps)}, p99 ${ratio(accounts[2].p99, accounts[3].p99)}x (argon2id verification and the session insert dominate)`,
  );
}

/** An honest baseline sends the same bytes: the same body and the same headers (the date aside). */
async function expectSameAnswer(appUrl: string, bareUrl: string) {
  const [a, b] = await Promise.all([appUrl, bareUrl].map((url) => fetch(url, { headers: { cookie } })));
  const headersOf = (r: Response) => JSON.stringify([...r.headers].filter(([name]) => name !== 'date'));
  const [aBody, bBody] = await Promise.all([a.text(), b.text()]);
  if (a.status !== 200 || aBody !== bBody || headersOf(a) !== headersOf(b))
    throw new Error(`the baseline answers differently:\n${a.status} ${headersOf(a)}\n${aBody}\n${b.status} ${headersOf(b)}\n${bBody}`);
}

async function benchPapers() {
  // The third of the 50 pages of 4 (the cabinet's page size) of user42's 200 full papers.
  const appUrl = app('/api/v1/papers/?paper_type=full&offset=8');
  const bareUrl = bare('/papers?paper_type=full&offset=8');
  await expectSameAnswer(appUrl, bareUrl);
  // More and shorter rounds than the other sections: the figure is a ratio of two neighbouring
  // rounds, and its median over many pairs stays put when the machine's other load comes and goes.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 9);
  const duration = Number(process.env.BENCH_SECONDS ?? 2);
  console.log(
    `\n== Papers list (4 of 200 papers, search off): ${CONNECTIONS} connections, ${rounds} interleaved rounds of ${duration} s\n`,
  );
  const [appRow, bareRow] = await compare(
    [
      ['GET /api/v1/papers/?paper_type=full (app)', { url: appUrl, headers: { cookie } }],
      ['GET /papers (bare Fastify + same queries)', { url: bareUrl, headers: { cookie } }],
    ],
    { rounds, duration },
  );
  const pairs = appRow.rounds.map((a, i) => ({ rps: a.rps / bareRow.rounds[i].rps, cpu: bareRow.rounds[i].cpu / a.cpu }));
  const throughput = median(pairs.map((p) => p.rps));
  console.log(
    `\npapers list: ${throughput.toFixed(2)} of the bare handler (goal ≥ 0.80; DESIGN minimum 0.60)` +
      ` [rounds ${pairs.map((p) => p.rps.toFixed(2)).join(' ')}]` +
      `\n             server CPU per request: the bare handler's is ${median(pairs.map((p) => p.cpu)).toFixed(2)} of the app's;` +
      ` p99 ${ratio(appRow.p99, bareRow.p99)}x`,
  );
}

/** Opens a socket to an order; resolves when it has the order's current state (so the server has
 * subscribed it). Records in `latencies` the latency of every progress event the "worker" stamps. */
function openSocket(id: string, latencies: number[] = []) {
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${appPort}/api/v1/users/ws/${id}`, { headers: { cookie } });
    ws.once('message', () => resolve(ws)); // the current state arrives at once
    ws.once('error', reject);
    ws.on('message', (data) => {
      const stage = JSON.parse(String(data)).stage as string;
      const sent = /^t=(\d+)$/.exec(stage)?.[1];
      if (sent) latencies.push(Number(process.hrtime.bigint() - BigInt(sent)) / 1e6);
    });
  });
}
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/** Each round in a fresh servers process: one that has already held 1,000 sockets keeps their
 * memory as free heap, and a second round there would measure the reuse. The process is first
 * warmed (requests and a few sockets opened and closed: the code paths compiled, the pools
 * filled), then its memory is measured idle and with the 1,000 sockets open, each after a GC. */
async function benchSockets() {
  const rounds = ROUNDS;
  console.log(
    `\n== ${SOCKETS} sockets open on one API process: its memory, and ${EVENTS} progress events to them; ${rounds} rounds, each in a fresh process\n`,
  );
  const worker = orm.em.fork();
  const orders = await worker.find(Order, { id: { $in: orderIds } }, { populate: ['user'] });
  const results: { idle: number; loaded: number; kib: number; p50: number; p99: number; delivered: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    if (child.connected) await stopServers(child);
    child = await startServers();
    for (let i = 0; i < 200; i++) await (await fetch(app('/api/v1/users/me/'), { headers: { cookie } })).text();
    for (const ws of await Promise.all(orderIds.slice(0, 20).map((id) => openSocket(id)))) ws.close();
    await new Promise((r) => setTimeout(r, 500));
    const idle = await askServer('rss');
    const latencies: number[] = [];
    const sockets = await Promise.all(orderIds.map((id) => openSocket(id, latencies)));
    const loaded = await askServer('rss');
    // This process plays the worker: the same publishOrder a worker calls, one event at a time at
    // ~200 events/s, each to an order in turn (so each reaches one socket among the 1,000).
    for (let i = 0; i < EVENTS; i++) {
      const order = orders[i % orders.length];
      order.stage = `t=${process.hrtime.bigint()}`;
      order.progress = 1 + (i % 98);
      await publishOrder(worker, order);
      await new Promise((r) => setTimeout(r, 5));
    }
    const deadline = Date.now() + 10_000;
    while (latencies.length < EVENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const result = {
      idle,
      loaded,
      kib: (loaded - idle) / 1024 / SOCKETS,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      delivered: latencies.length,
    };
    results.push(result);
    console.log(
      `round ${round + 1}: idle ${mib(idle)} MiB, with ${SOCKETS} sockets ${mib(loaded)} MiB: ${result.kib.toFixed(0)} KiB a socket;` +
        ` delivered ${result.delivered}/${EVENTS}, latency p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms`,
    );
    for (const ws of sockets) ws.terminate();
  }
  const kib = median(results.map((r) => r.kib));
  console.log(
    `\nsockets: ${kib.toFixed(0)} KiB of resident memory a socket above the idle process (target ≤ ${SOCKET_TARGET_KIB})` +
      ` [rounds ${results.map((r) => r.kib.toFixed(0)).join(' ')}];` +
      ` idle ${mib(median(results.map((r) => r.idle)))} MiB, with ${SOCKETS} sockets ${mib(median(results.map((r) => r.loaded)))} MiB` +
      `\n         event latency p50 ${median(results.map((r) => r.p50)).toFixed(2)} ms, p99 ${median(results.map((r) => r.p99)).toFixed(2)} ms` +
      ` (medians of the rounds); delivered ${results.reduce((n, r) => n + r.delivered, 0)}/${EVENTS * rounds}`,
  );
  if (kib > SOCKET_TARGET_KIB) missed.push(`${kib.toFixed(0)} KiB a socket (target ≤ ${SOCKET_TARGET_KIB})`);
  if (results.some((r) => r.delivered < EVENTS)) missed.push('progress events lost');
}

if (runs('accounts')) await benchAccounts();
if (runs('papers')) await benchPapers();
if (runs('sockets')) await benchSockets();
if (child.connected) await stopServers(child);
await orm.close();
await pgServer.stop();
rmSync(dir, { recursive: true, force: true });
if (missed.length > 0) {
  console.log(`\nMISSED: ${missed.join('; ')}`);
  process.exitCode = 1;
}
