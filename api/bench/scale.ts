/** `npm run bench:scale -w api`: the service scaled out on this machine, as an operator runs it on
 * the day of a deadline rush, each process started with `node scripts/service.mjs` (as `npm start`
 * and the Docker image start them): the embedded PostgreSQL, the files in S3 (s3rver, a local S3
 * server), API processes and workers, the simulated models at 60 tokens/s per stream behind the
 * tariffs' shared quota (LLM_QUOTA), the sandbox payments, a real SMTP server.
 *
 * 1. Throughput: THROUGHPUT_ORDERS demos paid at once with 1 worker, then as many with 3 workers
 *    (of THROUGHPUT_CONCURRENCY generation each), with the CPU time a demo costs (all our processes).
 * 2. The rush: 2 API processes and 3 workers; 60 orders (demos, full papers, a defence kit, a
 *    revision round) placed alternately through both API processes, each followed on a socket of
 *    the other one (a client that reconnects, to the other server when its own is down, as the
 *    web app behind a balancer does); meanwhile a worker and an API process are killed with
 *    SIGKILL and started again, and a worker is stopped with SIGTERM (a deploy) and started again.
 *
 * It prints the figures and exits non-zero when a target is missed: every paid order delivered
 * exactly once; every socket client saw its order to «completed»; every notification sent once;
 * money captured = delivered + refunded (ours and the provider's books); 3 workers ≥ 2.5× the
 * throughput of 1; a worker stopped by SIGTERM gone within 30 s. The p99 of an order's socket
 * event delay (from the event's notification in PostgreSQL, seen by a listener of the bench, to
 * its arrival at the client's socket) is printed. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import WebSocket from 'ws';
import { startFakeLlm } from '../../paper/dev/fake-llm.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate, openOrm } from '../src/db/orm.ts';
import { startBoss } from '../src/jobs/queues.ts';
import { hashPassword } from '../src/modules/accounts/secrets.ts';
import { ORDER_CHANNEL } from '../src/modules/orders/events.ts';
import { moneyBooks, sandboxBooks } from '../test/support/books.ts';
import { freePort } from '../test/support/ports.ts';
import { startService, type ServiceProcess } from '../test/support/processes.ts';
import { startSmtpInbox } from '../test/support/smtp.ts';

const TOKENS_PER_SECOND = 60;
/** SCALE_QUICK=1: a smaller run that checks the same things (while changing the bench). */
const QUICK = process.env.SCALE_QUICK === '1';
const RUSH = QUICK ? { demos: 13, full: 2, defence: 1, revision: 1 } : { demos: 51, full: 7, defence: 1, revision: 1 };
/** As many demos as 3 workers run in three rounds: the rounds' fill and drain weigh little. */
const THROUGHPUT_ORDERS = QUICK ? 6 : 12;
const WORKER_CONCURRENCY = 2;
/** The throughput phase's workers run one generation each: on this 2-CPU machine 3 workers of 2
 * would make the typesetting's CPU, not the workers, the limit (README, «Scaling out»); each worker
 * on a machine of its own, as in production, has its own. */
const THROUGHPUT_CONCURRENCY = 1;
/** Streams of the shared quota: more than 3 workers' runs can hold at once, so that it is not what limits them. */
const QUOTA_STREAMS = 96;
const TARGET_RATIO = 2.5;
const SIGTERM_LIMIT_MS = 30_000;
const PASSWORD = 'password123';
const TOPIC = 'Цифровая трансформация малого бизнеса в России';

const started = Date.now();
const say = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The shared parts: PostgreSQL, S3, the models, SMTP.
const dir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
const pgServer = await startEmbeddedPostgres({ dir: join(dir, 'pg'), port: await freePort(), persistent: false });
await ensureDatabase(pgServer.url('postgres'), 'scale');
const databaseUrl = pgServer.url('scale');
const orm = await openOrm(databaseUrl, { poolMax: 2 });
await migrate(orm, databaseUrl);
await (await startBoss(databaseUrl, () => undefined)).stop({ graceful: false, close: true });
const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
const sql = (text: string, params?: unknown[]) => pool.query(text, params);

const s3 = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory: join(dir, 's3'),
  configureBuckets: [{ name: 'papers', configs: [] }],
});
const { port: s3Port } = (await s3.run()) as unknown as { port: number };
const llm = await startFakeLlm({ apiKey: 'sk-bench', tokensPerSecond: TOKENS_PER_SECOND, firstTokenMs: 300 });
const smtp = await startSmtpInbox();

// Both API processes behind one address, as behind a balancer (their origin checks and links).
const PUBLIC_URL = 'http://localhost:8000';
const baseEnv = {
  ...process.env,
  PUBLIC_URL,
  NODE_ENV: 'test',
  LOG_LEVEL: 'info',
  HOST: '127.0.0.1',
  DATABASE_URL: databaseUrl,
  DATA_DIR: join(dir, 'data'),
  SECRET_KEY: 'bench-scale-secret-key-that-is-long-enough',
  STORAGE: 's3',
  S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
  S3_BUCKET: 'papers',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  LLM_BASE_URL: llm.url,
  LLM_API_KEY: 'sk-bench',
  LLM_QUOTA: `llm=${QUOTA_STREAMS}`,
  LLM_CONCURRENCY: String(QUOTA_STREAMS),
  SMTP_URL: smtp.url,
  WORKER_CONCURRENCY: String(WORKER_CONCURRENCY),
  GENERATION_STALE_SECONDS: '10',
  LOGIN_LIMIT_PER_MINUTE: '10000',
};

interface Api {
  url: string;
  port: number;
  process: ServiceProcess | null;
}
const apis: Api[] = [];
const workers: ServiceProcess[] = [];

async function startApi(api: Api): Promise<void> {
  api.process = await startService('server', { ...baseEnv, PORT: String(api.port) }, { port: api.port });
}
async function startWorker(concurrency = WORKER_CONCURRENCY): Promise<ServiceProcess> {
  const worker = await startService('worker', { ...baseEnv, WORKER_CONCURRENCY: String(concurrency) }, { port: 0 });
  workers.push(worker);
  return worker;
}
const alive = (api: Api) => api.process !== null && api.process.child.exitCode === null && api.process.child.signalCode === null;

// The bench's own listener: when each order event was notified.
const notified = new Map<string, number>();
const listener = new pg.Client({ connectionString: databaseUrl });
await listener.connect();
listener.on('notification', (message) => {
  if (!message.payload) return;
  const event = JSON.parse(message.payload) as { orderId: string; generation: unknown };
  const key = `${event.orderId} ${JSON.stringify(event.generation)}`;
  // The newest: a resumed order sends the same message again.
  notified.set(key, Date.now());
});
await listener.query(`listen ${ORDER_CHANNEL}`);

// Accounts, made in the database (signing up is not what is measured): one per order.
const passwordHash = await hashPassword(PASSWORD);
let accounts = 0;
async function newUser(): Promise<User> {
  const name = `scale${++accounts}`;
  await sql(`insert into users (username, email, password_hash, email_verified_at) values ($1, $2, $3, now())`, [
    name,
    `${name}@example.ru`,
    passwordHash,
  ]);
  const user = new User(name);
  await user.retrying((api) => user.login(api));
  return user;
}

/** A customer: the session cookie works on any API process (one database). */
class User {
  cookie = '';
  readonly name: string;
  readonly email: string;
  constructor(name: string) {
    this.name = name;
    this.email = `${name}@example.ru`;
  }

  async request(api: Api, method: string, path: string, body?: FormData | object): Promise<{ status: number; body: any }> {
    const form = body instanceof FormData;
    const res = await fetch(`${api.url}${path}`, {
      method,
      redirect: 'manual',
      headers: { origin: PUBLIC_URL, cookie: this.cookie, ...(body && !form ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON.
    }
    return { status: res.status, body: parsed };
  }

  async login(api: Api) {
    const res = await fetch(`${api.url}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
      body: JSON.stringify({ username_or_email: this.name, password: PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`login ${this.name}: ${res.status}`);
    this.cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  /** As a browser behind a balancer: a server that is down (killed) is not answered; the request goes to another. */
  async retrying<T>(action: (api: Api) => Promise<T>, first = 0): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const api = apis[(first + attempt) % apis.length];
      if (!alive(api)) {
        await sleep(200);
        continue;
      }
      try {
        return await action(api);
      } catch (error) {
        if (attempt > 200) throw error;
        await sleep(250);
      }
    }
  }
}

interface Followed {
  kind: 'demo' | 'full' | 'defence' | 'revision';
  taskId: string;
  user: User;
  /** The last message and whether the order ended. */
  last: { status: string; paper_id?: number | null } | null;
  reconnects: number;
  done: Promise<void>;
}
const delays: number[] = [];

/** Follows an order on a socket of API `prefer`, reconnecting (to another server when that one is down) until it ends. */
function follow(kind: Followed['kind'], taskId: string, user: User, prefer: number): Followed {
  const followed: Followed = { kind, taskId, user, last: null, reconnects: -1, done: Promise.resolve() };
  followed.done = new Promise<void>((resolve) => {
    const connect = (attempt: number) => {
      const api = apis[(prefer + attempt) % apis.length];
      if (!alive(api)) return void setTimeout(() => connect(attempt + 1), 200);
      followed.reconnects++;
      const socket = new WebSocket(`${api.url.replace('http', 'ws')}/api/v1/users/ws/${taskId}`, {
        headers: { cookie: user.cookie, origin: PUBLIC_URL },
      });
      let first = true;
      let openedAt = Infinity;
      socket.on('open', () => (openedAt = Date.now()));
      socket.on('message', (data) => {
        const text = String(data);
        const at = notified.get(`${taskId} ${text}`);
        // The first message of a connection is the state read on connect, not a pushed event; an
        // event notified before the connection opened was not pushed on it.
        if (!first && at !== undefined && at >= openedAt) delays.push(Date.now() - at);
        first = false;
        followed.last = JSON.parse(text);
        if (['completed', 'failed'].includes(followed.last!.status)) {
          socket.close();
          resolve();
        }
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        if (followed.last && ['completed', 'failed'].includes(followed.last.status)) return;
        // Its server stopped (1012) or died: at once to the next one, as the web app does.
        setTimeout(() => connect(attempt + 1), 100 + Math.random() * 400);
      });
    };
    connect(0);
  });
  return followed;
}

async function pay(user: User, confirmationUrl: string, via: number): Promise<void> {
  const path = new URL(confirmationUrl).pathname;
  await user.retrying(async (api) => {
    const res = await user.request(api, 'POST', `${path}pay/`, {});
    if (res.status >= 400) throw new Error(`sandbox pay: ${res.status} ${JSON.stringify(res.body)}`);
  }, via);
}

/** A new paper (demo or full), placed through API `via`, followed on the other one. */
async function orderPaper(paperType: 'demo' | 'full', via: number): Promise<Followed> {
  const user = await newUser();
  const form = new FormData();
  form.set(
    'purchase_json',
    JSON.stringify({
      kind: 'new',
      title: TOPIC,
      model_name: 'basic',
      paper_type: paperType,
      min_publication_year: 2015,
      required_volume: 80,
      gost_citations: [],
      user_structure: null,
    }),
  );
  const created = await user.retrying(async (api) => {
    const res = await user.request(api, 'POST', '/api/v1/payment/create/', form);
    if (res.status !== 200) throw new Error(`payment/create: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { task_id: string; confirmation_url: string };
  }, via);
  const followed = follow(paperType, created.task_id, user, via + 1);
  await pay(user, created.confirmation_url, via);
  return followed;
}

/** A defence kit of a delivered full paper, bought by its owner. */
async function orderDefence(full: Followed, via: number): Promise<Followed> {
  const form = new FormData();
  form.set('purchase_json', JSON.stringify({ kind: 'defence', paper_id: full.last!.paper_id }));
  const created = await full.user.retrying(async (api) => {
    const res = await full.user.request(api, 'POST', '/api/v1/payment/create/', form);
    if (res.status !== 200) throw new Error(`defence payment/create: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { task_id: string; confirmation_url: string };
  }, via);
  const followed = follow('defence', created.task_id, full.user, via + 1);
  await pay(full.user, created.confirmation_url, via);
  return followed;
}

/** An included revision round of a delivered full paper, from its supervisor's remarks as text. */
async function orderRevision(full: Followed, via: number): Promise<Followed> {
  const form = new FormData();
  form.set('remarks', 'Во введении уточните актуальность темы и добавьте пример из практики малого бизнеса.');
  const created = await full.user.retrying(async (api) => {
    const res = await full.user.request(api, 'POST', `/api/v1/papers/${full.last!.paper_id}/revisions/`, form);
    if (res.status !== 200) throw new Error(`revision: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { task_id: string };
  }, via);
  return follow('revision', created.task_id, full.user, via + 1);
}

/** CPU seconds used so far by this bench and every process under it (PostgreSQL, S3, the model
 * stand-in, the API processes, the workers and their LibreOffice), read from /proc: what the
 * service costs, whatever else the machine runs. A process that ended counts if its parent waited
 * for it (cutime). */
function ourCpuSeconds(): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After the command: state ppid ... utime(12) stime(13) cutime(14) cstime(15), counted from the state.
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) });
    } catch {
      // Gone meanwhile.
    }
  }
  const ours = (pid: number): boolean => pid === process.pid || (pid > 1 && stats.has(pid) && ours(stats.get(pid)!.ppid));
  let ticks = 0;
  for (const [pid, stat] of stats) if (ours(pid)) ticks += stat.ticks;
  return ticks / 100;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
};
const failures: string[] = [];
const check = (ok: boolean, line: string) => {
  console.log(`  ${ok ? 'met    ' : 'MISSED '} ${line}`);
  if (!ok) failures.push(line);
};

try {
  const ports = [await freePort(), await freePort()];
  for (const port of ports) apis.push({ url: `http://127.0.0.1:${port}`, port, process: null });

  // 1. Throughput: the same batch of demos with 1 worker, then with 3.
  await startApi(apis[0]);
  await startApi(apis[1]);
  const batch = async (workerCount: number) => {
    while (workers.length < workerCount) await startWorker(THROUGHPUT_CONCURRENCY);
    const at = Date.now();
    const cpu = ourCpuSeconds();
    const orders = await Promise.all(Array.from({ length: THROUGHPUT_ORDERS }, (_, i) => orderPaper('demo', i % 2)));
    await Promise.all(orders.map((o) => o.done));
    const seconds = (Date.now() - at) / 1000;
    const completed = orders.filter((o) => o.last?.status === 'completed').length;
    const cpuEach = (ourCpuSeconds() - cpu) / THROUGHPUT_ORDERS;
    say(
      `${THROUGHPUT_ORDERS} demos with ${workerCount} worker(s): ${completed} completed in ${seconds.toFixed(1)} s (${((completed / seconds) * 60).toFixed(2)} a minute; CPU ${cpuEach.toFixed(1)} s a demo; the machine's load ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs)`,
    );
    return completed / seconds;
  };
  const one = await batch(1);
  const three = await batch(3);
  // The rush's workers run WORKER_CONCURRENCY generations each.
  for (const worker of workers.splice(0)) await worker.kill('SIGTERM');
  for (let i = 0; i < 3; i++) await startWorker();

  // 2. The rush, with the faults.
  say(
    `the rush: ${RUSH.demos} demos, ${RUSH.full} full papers, ${RUSH.defence} defence kit, ${RUSH.revision} revision round through 2 API processes and 3 workers`,
  );
  const rushStart = Date.now();
  const kinds: ('demo' | 'full')[] = [];
  for (let i = 0; i < RUSH.demos + RUSH.full; i++)
    kinds.push(i % 8 === 3 && kinds.filter((k) => k === 'full').length < RUSH.full ? 'full' : 'demo');
  while (kinds.filter((k) => k === 'full').length < RUSH.full) kinds[kinds.lastIndexOf('demo')] = 'full';
  const rush: Followed[] = [];
  const placing = kinds.map(async (kind, i) => {
    await sleep(i * 150);
    const followed = await orderPaper(kind, i % 2);
    rush.push(followed);
    return followed;
  });
  const papers = await Promise.all(placing);
  const fulls = papers.filter((p) => p.kind === 'full');
  // The kit and the round, each as soon as its full paper is delivered.
  const extras = [fulls[0].done.then(() => orderDefence(fulls[0], 0)), fulls[1].done.then(() => orderRevision(fulls[1], 1))];

  // The faults, as the work goes on.
  const doneCount = () => rush.filter((o) => o.last && ['completed', 'failed'].includes(o.last.status)).length;
  const until = async (n: number) => {
    while (doneCount() < n) await sleep(200);
  };
  let sigtermMs = NaN;
  const faults = (async () => {
    const quarter = Math.round(kinds.length / 4);
    await until(quarter);
    say('SIGKILL: worker 1; started again in 2 s');
    const killed = workers.shift()!;
    await killed.kill('SIGKILL');
    await sleep(2000);
    await startWorker();
    await until(2 * quarter);
    say('SIGKILL: API process 2; started again in 2 s');
    await apis[1].process!.kill('SIGKILL');
    await sleep(2000);
    await startApi(apis[1]);
    await until(3 * quarter);
    say('SIGTERM: a worker writing an order (a deploy); started again when it has gone');
    // The worker that took the newest order still being written: a deploy in the middle of work.
    const { rows: writing } = await sql(`select id from orders where status = 'generating' order by updated_at desc`);
    const busy = writing
      .map((r) => workers.findIndex((w) => w.output.join('').includes(`"orderId":"${r.id}","msg":"generation claimed"`)))
      .find((i) => i >= 0);
    const [stopped] = workers.splice(busy ?? 0, 1);
    const at = Date.now();
    await stopped.kill('SIGTERM');
    sigtermMs = Date.now() - at;
    say(`the worker gone after ${(sigtermMs / 1000).toFixed(1)} s`);
    await startWorker();
  })();

  const progress = setInterval(() => {
    void sql(`select status, count(*)::int as n from orders group by status order by status`).then(({ rows }) =>
      say(`${doneCount()} of ${kinds.length} papers ended; orders: ${rows.map((r) => `${r.status} ${r.n}`).join(', ')}`),
    );
  }, 30_000);
  const all = [...papers, ...(await Promise.all(extras))];
  await Promise.all(all.map((o) => o.done));
  await faults;
  clearInterval(progress);
  const rushSeconds = (Date.now() - rushStart) / 1000;
  // The notifications of the last orders are sent after their completion: wait for the queue to be empty.
  for (let i = 0; i < 600; i++) {
    const { rows } = await sql(
      `select count(*)::int as n from pgboss.job where name = 'notify' and state in ('created', 'retry', 'active')`,
    );
    if (rows[0].n === 0) break;
    await sleep(200);
  }

  // The figures.
  console.log('\nbench:scale — 2 API processes, 3 workers (concurrency 2), one PostgreSQL, S3 (s3rver), models at 60 tokens/s per stream');
  const { rows: delivered } = await sql(
    `select o.id, o.status,
            (select count(*)::int from papers p where p.order_id = o.id) as papers,
            (select count(*)::int from defence_kits k where k.order_id = o.id) as kits,
            (select count(*)::int from paper_versions v where v.order_id = o.id and v.number > 1) as versions
     from orders o where o.status <> 'pending_payment'`,
  );
  const byId = new Map(delivered.map((r) => [r.id as string, r]));
  const once = all.filter((o) => {
    const r = byId.get(o.taskId);
    return r && r.status === 'completed' && r.papers + r.kits + r.versions === 1;
  });
  check(once.length === all.length, `the rush's orders delivered exactly once: ${once.length} of ${all.length}`);
  const extra = delivered.filter((r) => r.papers + r.kits + r.versions > 1);
  check(extra.length === 0, `orders delivered twice: ${extra.length}`);
  const seen = all.filter((o) => o.last?.status === 'completed');
  const reconnected = all.filter((o) => o.reconnects > 0).length;
  check(
    seen.length === all.length,
    `socket clients that saw their order to «completed»: ${seen.length} of ${all.length} (${reconnected} reconnected on the way)`,
  );
  // One notification job per order and kind, done; one e-mail per job (a mail sent again after a
  // kill keeps its Message-ID: none may come twice).
  const { rows: jobs } = await sql(
    `select data->>'orderId' as order_id, data->>'kind' as kind, count(*)::int as n, bool_and(state = 'completed') as done
     from pgboss.job where name = 'notify' and data->>'orderId' = any($1) group by 1, 2`,
    [all.map((o) => o.taskId)],
  );
  const customers = new Set(all.map((o) => o.user.email));
  const mails = smtp.received.filter((m) => [...customers].some((email) => m.to.includes(email)));
  const messageIds = mails.map((m) => m.messageId);
  const ready = new Set(jobs.filter((j) => j.kind === 'generation_completed').map((j) => j.order_id));
  check(
    jobs.every((j) => j.n === 1 && j.done) &&
      all.every((o) => ready.has(o.taskId)) &&
      mails.length === jobs.length &&
      new Set(messageIds).size === mails.length,
    `notifications sent once: ${jobs.length} notifications of ${all.length} orders (each order's «готова» among them: ${all.filter((o) => ready.has(o.taskId)).length}), ${mails.length} e-mails, ${mails.length - new Set(messageIds).size} sent twice`,
  );
  const books = await moneyBooks({ sql });
  const provider = await sandboxBooks({ sql });
  check(
    books.open.length === 0 &&
      books.captured === books.delivered + books.refunded &&
      books.captured === provider.captured &&
      books.refunded === provider.refunded,
    `money: captured ${books.captured} ₽ = delivered ${books.delivered} ₽ + refunded ${books.refunded} ₽ (the provider: ${provider.captured} ₽ taken, ${provider.refunded} ₽ given back; open: ${books.open.length})`,
  );
  const ratio = three / one;
  check(
    ratio >= TARGET_RATIO,
    `throughput (workers of ${THROUGHPUT_CONCURRENCY} generation each): 3 workers ${(three * 60).toFixed(2)} demos a minute, 1 worker ${(one * 60).toFixed(2)}: ${ratio.toFixed(2)}× (target ≥ ${TARGET_RATIO}×)`,
  );
  check(
    sigtermMs <= SIGTERM_LIMIT_MS,
    `a worker stopped by SIGTERM gone after ${(sigtermMs / 1000).toFixed(1)} s (≤ ${SIGTERM_LIMIT_MS / 1000} s)`,
  );
  console.log(
    `  figures  the rush took ${rushSeconds.toFixed(0)} s (${((all.length / rushSeconds) * 60).toFixed(1)} orders a minute with the faults); socket event delay over ${delays.length} events: median ${percentile(delays, 50)} ms, p99 ${percentile(delays, 99)} ms, max ${Math.max(...delays)} ms`,
  );
} finally {
  for (const w of workers) await w.kill('SIGKILL');
  for (const api of apis) await api.process?.kill('SIGKILL');
  await listener.end();
  await pool.end();
  await orm.close();
  await llm.close();
  await smtp.close();
  await s3.close();
  await pgServer.stop();
  rmSync(dir, { recursive: true, force: true });
}
if (failures.length) {
  console.log(`\n${failures.length} target(s) missed`);
  process.exit(1);
}
