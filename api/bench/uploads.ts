/**
 * `npm run bench:uploads -w api` (part of `npm run bench -w api`): memory of the API process under
 * parallel uploads. The real server (`src/main.ts server`) runs as its own process on a throwaway
 * embedded PostgreSQL; this process signs up 50 users over HTTP and sends 10, then 50 parallel
 * payment/create requests of 5 files x 20 MB each (3 .txt, 1 .pdf, 1 .docx). Printed: the server's
 * peak resident memory over its idle figure (VmHWM after resetting it, and VmRSS sampled every
 * 20 ms, from /proc/<pid>/status), the time taken, and the target beside it.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { buildZip } from '../../paper/dev/zip.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { freePort } from '../test/support/ports.ts';

const MB = 1_000_000;
const FILE_BYTES = 20 * MB;
const USERS = 50;
const ROUNDS = [10, 50];
const TARGET_MB = 150;

const dir = mkdtempSync(join(tmpdir(), 'bench-uploads-'));
const pgServer = await startEmbeddedPostgres({ dir: join(dir, 'pg'), port: await freePort(), persistent: false });
await ensureDatabase(pgServer.url('postgres'), 'bench');
const port = await freePort();
const dataDir = join(dir, 'data');
const base = `http://127.0.0.1:${port}`;

// ---------- the files: 20 MB each ----------

const TEXT = 'Цифровая трансформация малого бизнеса в регионах России требует поддержки государства. ';
function text(bytes: number): Buffer {
  const b = Buffer.alloc(bytes, TEXT);
  let end = bytes;
  while (end > 0 && (b[end - 1] & 0xc0) === 0x80) end--;
  if (end > 0 && b[end - 1] >= 0xc0) end--;
  return b.fill(0x20, end);
}
async function pdf(bytes: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText('Digital transformation of small business: appendix with the data set.', { x: 40, y: 760, size: 11, font });
  // Random bytes do not compress: the attachment makes up the size.
  await doc.attach(randomBytes(bytes - 8_000), 'data.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
function docx(bytes: number): Buffer {
  const body = `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${TEXT.repeat(50)}</w:t></w:r></w:p></w:body></w:document>`;
  return buildZip([
    { name: '[Content_Types].xml', data: Buffer.from('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>') },
    { name: 'word/document.xml', data: Buffer.from(body) },
    { name: 'word/media/image1.png', data: randomBytes(bytes - 4_000) },
  ]);
}
const files = [
  { name: 'глава-1.txt', bytes: text(FILE_BYTES) },
  { name: 'глава-2.txt', bytes: text(FILE_BYTES) },
  { name: 'глава-3.txt', bytes: text(FILE_BYTES) },
  { name: 'статья.pdf', bytes: await pdf(FILE_BYTES) },
  { name: 'монография.docx', bytes: docx(FILE_BYTES) },
];
const uploadBytes = files.reduce((n, f) => n + f.bytes.length, 0);

// ---------- the server, in its own process ----------

// As `npm start` and the Docker image run it (its Node flags cap the young generation: scripts/service.mjs).
const server = spawn(process.execPath, [join(import.meta.dirname, '../../scripts/service.mjs'), 'server'], {
  env: {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: pgServer.url('bench'),
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    SECRET_KEY: 'bench-secret-key-that-is-long-enough-0000',
    LOG_LEVEL: 'warn',
    REGISTER_LIMIT_PER_HOUR: '100000',
    LOGIN_LIMIT_PER_MINUTE: '100000',
    CODE_REQUESTS_LIMIT_PER_HOUR: '100000',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve, reject) => {
  server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  server.stdout!.on('data', (chunk: Buffer) => String(chunk).includes('Сервис запущен') && resolve());
});
const pid = server.pid!;

const status = () => readFileSync(`/proc/${pid}/status`, 'utf8');
const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status())?.[1] ?? 0);
/** Resets VmHWM to the current RSS (Linux: clear_refs 5); false where that is not allowed. */
function resetPeak(): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

// ---------- sign up 50 users, as a browser would ----------

async function call(path: string, body: unknown, cookie = '') {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  return { status: res.status, body: await res.json(), cookie: cookies.join('; ') };
}
const outbox = join(dataDir, 'mail');
async function lastCode(email: string): Promise<string> {
  const newest = readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse();
  for (const file of newest) {
    const mail = await simpleParser(readFileSync(join(outbox, file)));
    if (JSON.stringify(mail.to).includes(email)) return /(\d{6})/.exec(mail.text ?? '')![1];
  }
  throw new Error(`no code for ${email}`);
}
const sessions: string[] = [];
for (let i = 0; i < USERS; i++) {
  const username = `bench_${i}`;
  const email = `bench_${i}@example.ru`;
  const reg = await call('/api/v1/registration/register/', { username, email, password: 'password123' });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  const verified = await call('/api/v1/registration/verify-email/', { code: await lastCode(email) }, reg.cookie);
  if (verified.status !== 200) throw new Error(`verify: ${verified.status}`);
  const login = await call('/api/v1/auth/login/', { username_or_email: username, password: 'password123' });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  sessions.push(login.cookie);
}

// ---------- uploads ----------

const purchase = JSON.stringify({
  kind: 'new',
  title: 'Цифровая трансформация малого бизнеса в регионах России',
  use_footnotes: false,
  separate_bibliography: false,
  min_publication_year: 2015,
  required_volume: 80,
  gost_citations: files.map((_, i) => `Автор ${i + 1}. Источник номер ${i + 1}. – М. : Наука, 2020. – 100 с.`),
  user_structure: null,
  model_name: 'basic',
  paper_type: 'demo',
});

/** One payment/create over its own connection; the file bytes are written as the socket takes them. */
function upload(cookie: string): Promise<{ status: number; body: any }> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purchase_json"\r\n\r\n${purchase}\r\n`)];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const length = parts.reduce((n, p) => n + p.length, 0);
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/v1/payment/create/`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length, cookie },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') }));
    });
    req.on('error', reject);
    // Backpressure: the next piece goes out when the socket has taken the last one.
    let i = 0;
    const next = () => {
      while (i < parts.length) if (!req.write(parts[i++])) return void req.once('drain', next);
      req.end();
    };
    next();
  });
}

const mib = (kb: number) => (kb / 1024).toFixed(0);
const idleKb = kib('VmRSS');
console.log(
  `\n== Uploads: payment/create with 5 files of 20 MB (3 .txt, 1 .pdf, 1 .docx; ${(uploadBytes / MB).toFixed(0)} MB a request), real HTTP to the server process\n`,
);
console.log(`server idle RSS (after signing up ${USERS} users): ${mib(idleKb)} MiB`);

const results: { parallel: number; growthMiB: number }[] = [];
for (const parallel of ROUNDS) {
  const peakReset = resetPeak();
  const baseline = kib('VmRSS');
  let sampled = baseline;
  const sampler = setInterval(() => (sampled = Math.max(sampled, kib('VmRSS'))), 20);
  const started = performance.now();
  const answers = await Promise.all(sessions.slice(0, parallel).map((cookie) => upload(cookie)));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const peak = Math.max(sampled, peakReset ? kib('VmHWM') : 0);
  const ok = answers.filter((a) => a.status === 200).length;
  const others = answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body?.code ?? ''}`);
  const growth = (peak - idleKb) / 1024;
  results.push({ parallel, growthMiB: growth });
  console.log(
    `${String(parallel).padStart(3)} parallel: ${ok}/${parallel} answered 200${others.length ? ` (others: ${others.join(', ')})` : ''} in ${seconds.toFixed(1)} s ` +
      `(${((parallel * uploadBytes) / MB / seconds).toFixed(0)} MB/s); peak RSS ${mib(peak)} MiB, growth over idle ${growth.toFixed(0)} MiB ` +
      `(target < ${TARGET_MB} MiB at 50 parallel)${peakReset ? '' : ' [VmRSS sampled; VmHWM could not be reset]'}`,
  );
  // Each user may have one unpaid order: cancel them for the next round.
  await Promise.all(
    answers.map((a, i) => (a.status === 200 ? call('/api/v1/payment/cancel/', { payment_id: a.body.data.payment_id }, sessions[i]) : null)),
  );
}
const at50 = results.find((r) => r.parallel === 50)!;
console.log(
  `\nuploads at 50 parallel add ${at50.growthMiB.toFixed(0)} MiB RSS: ${at50.growthMiB < TARGET_MB ? 'within' : 'OVER'} the target of ${TARGET_MB} MiB`,
);
const uploadsLeft = (readdirSync(join(dataDir, 'uploads'), { recursive: true }) as string[]).filter((p) =>
  statSync(join(dataDir, 'uploads', p)).isFile(),
);
console.log(`files left in the uploads folder after the runs: ${uploadsLeft.length} (target 0)`);

await new Promise((resolve) => {
  server.once('exit', resolve);
  server.kill('SIGTERM');
});
await pgServer.stop();
rmSync(dir, { recursive: true, force: true });
