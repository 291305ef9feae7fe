/** The service as `npm start` runs it: `node scripts/service.mjs all` (its Node flags included)
 * with nothing configured but its ports and data folder, so embedded PostgreSQL, the sandbox,
 * the offline writer and the mail outbox, exactly as a newcomer gets them. Everything goes over
 * real HTTP. */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Outbox } from './support/app.ts';
import { HttpUser } from './support/http-user.ts';
import { newOrder, sampleDocx, samplePdf } from './support/orders.ts';
import { freePort } from './support/ports.ts';
import { spawnService, startService, type ServiceProcess } from './support/processes.ts';

let dataDir: string;
let service: ServiceProcess | null = null;
let env: Record<string, string | undefined>;
let port: number;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'npm-start-'));
  port = await freePort();
  // The user's environment, minus what would configure the service differently from a fresh machine.
  env = { ...process.env, NODE_ENV: undefined, DATABASE_URL: undefined };
  Object.assign(env, { DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()) });
});
const groups: number[] = [];
afterAll(async () => {
  await service?.kill('SIGTERM');
  // Whatever a failed test left running: each started service is a process group of its own.
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const start = async () => {
  service = null;
  service = await startService('all', env, { port, detached: true, onSpawn: (child) => groups.push(child.pid!) });
  return service;
};

it('orders a demo with an attached .pdf and .docx over HTTP and gets the paper', { timeout: 600_000 }, async () => {
  await start();
  const outbox = new Outbox(join(dataDir, 'mail'));
  const user = await new HttpUser(service!.url).signUp(outbox);

  const form = new FormData();
  const citations = [
    'Иванов И. И. Цифровая экономика регионов. – М. : Наука, 2021. – 200 с.',
    'Петров П. П. Малый бизнес и цифровые платформы. – СПб. : Питер, 2022. – 150 с.',
  ];
  form.append('purchase_json', JSON.stringify(newOrder({ gost_citations: citations })));
  form.append('files', new Blob([new Uint8Array(await samplePdf())], { type: 'application/pdf' }), 'источник.pdf');
  form.append(
    'files',
    new Blob([new Uint8Array(await sampleDocx())], { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }),
    'монография.docx',
  );
  const created = await user.request('POST', '/api/v1/payment/create/', form);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const { task_id, confirmation_url } = created.body.data;
  const ended = user.generationEnd(task_id);
  expect(await user.payInSandbox(confirmation_url)).toBe(303);

  const last = await ended;
  const order = (await user.get('/api/v1/users/has_active_generation/')).body;
  expect(last.status, JSON.stringify({ last, order, log: service!.output.join('').slice(-3000) })).toBe('completed');
  const detail = await user.get(`/api/v1/papers/${last.paper_id}/`);
  expect(detail.status).toBe(200);
  // Both files were read and are cited as the user's own sources.
  const own = detail.body.sources.filter((s: { verified_by: string }) => s.verified_by === 'user_file');
  expect(own.map((s: { text: string }) => s.text).join('\n')).toMatch(/Иванов[\s\S]*Петров|Петров[\s\S]*Иванов/);
  const preview = await user.get(detail.body.download_url);
  expect(preview.status).toBe(200);
  expect(preview.bytes.subarray(0, 5).toString()).toBe('%PDF-');
});

it('comes up at once after its process group is killed (kill -9), with its data', { timeout: 300_000 }, async () => {
  service ??= await start();
  const before = new HttpUser(service!.url);
  await before.signUp(new Outbox(join(dataDir, 'mail')));
  // As a crash or a closed terminal leaves it: the server, its worker and PostgreSQL's postmaster
  // killed at once (the postmaster's own children live on until they notice), then started again.
  for (let round = 0; round < 3; round++) {
    process.kill(-service!.child.pid!, 'SIGKILL');
    await service!.exited;
    await start();
  }
  const again = new HttpUser(service!.url);
  const login = await again.post('/api/v1/auth/login/', { username_or_email: before.name, password: 'password123' });
  expect(login.status).toBe(200);
});

it('a start-up failure says why and what to do, and leaves a running service alone', { timeout: 300_000 }, async () => {
  service ??= await start();
  const failure = async (mode: 'all' | 'server', extra: Record<string, string> = {}) => {
    const child = spawnService(mode, { ...env, ...extra }, { detached: true });
    groups.push(child.pid!);
    // A start that hangs instead of failing fails the test too.
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    clearTimeout(timer);
    return { code, output };
  };
  // A second `npm start` on the same data: the running one's PostgreSQL is not touched.
  const second = await failure('all', { PORT: String(await freePort()) });
  expect(second.code).toBe(1);
  expect(second.output).toMatch(/The service did not start \(all\): the embedded PostgreSQL on .* is in use by another running service/);
  expect((await fetch(`${service!.url}/api/health`)).status).toBe(200);
  // Its HTTP port taken.
  const busy = await failure('server');
  expect(busy.code).toBe(1);
  expect(busy.output).toContain(`port ${port} on 127.0.0.1 is already in use`);
  expect(busy.output).toContain('set PORT to a free port');
  // Stopped as Ctrl+C or `docker stop` stops it: cleanly, the database last, no error logged.
  const stopping = service!.output.length;
  await service!.kill('SIGTERM');
  expect(service!.child.exitCode).toBe(0);
  expect(service!.output.slice(stopping).join('')).not.toMatch(/"level":[56]0/);
  // The embedded PostgreSQL's port taken by another program.

  const blocker = createServer().listen(Number(env.EMBEDDED_PG_PORT), '127.0.0.1');
  await once(blocker, 'listening');
  try {
    const taken = await failure('all');
    expect(taken.code).toBe(1);
    expect(taken.output).toContain(`the embedded PostgreSQL cannot listen on port ${env.EMBEDDED_PG_PORT}`);
    expect(taken.output).toContain('Set EMBEDDED_PG_PORT to a free port');
    expect(taken.output).not.toMatch(/^undefined$/m);
  } finally {
    blocker.close();
  }
  // A database that does not answer.
  const unreachable = await failure('server', { DATABASE_URL: `postgres://app:secret@127.0.0.1:${await freePort()}/app` });
  expect(unreachable.code).toBe(1);
  expect(unreachable.output).toMatch(
    /cannot reach the database of DATABASE_URL \(postgres:\/\/app:\*\*\*@127\.0\.0\.1:\d+\/app\): nothing answers there/,
  );
  expect(unreachable.output).not.toContain('secret');
});
