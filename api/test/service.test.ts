/** The service as `npm start` runs it: `node scripts/service.mjs all` (its Node flags included)
 * with nothing configured but its ports and data folder, so embedded PostgreSQL, the sandbox,
 * the offline writer and the mail outbox, exactly as a newcomer gets them. Everything goes over
 * real HTTP. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Outbox } from './support/app.ts';
import { HttpUser } from './support/http-user.ts';
import { newOrder, sampleDocx, samplePdf } from './support/orders.ts';
import { freePort } from './support/ports.ts';
import { startService, type ServiceProcess } from './support/processes.ts';

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
afterAll(async () => {
  await service?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

const start = async () => (service = await startService('all', env, { port, detached: true }));

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
