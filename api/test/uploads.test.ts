/** Uploads stream to disk with bounded memory: checked while they arrive, moved into storage, and
 * removed on every failure path; the text is read by the worker, after payment. */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip } from '../../paper/dev/zip.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { expectMoneyBalanced, sandboxBooks, waitForMoneySettled } from './support/money.ts';
import { createPayment, decideInSandbox, newOrder, samplePdf, socketTranscript } from './support/orders.ts';
import { freePort } from './support/ports.ts';
import { filesUnder, openPost, textOfSize, waitForFiles } from './support/uploads.ts';

const MB = 1024 * 1024;
const gost = (n: number) => `Автор ${n}. Название источника номер ${n}. – М. : Наука, 2020. – 100 с.`;
const TEXT = 'Цифровая трансформация малого бизнеса в регионах России. ';

let t: TestApp;
let baseUrl = '';
beforeAll(async () => {
  t = await startTestApp({}, { worker: true });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t.close());

const counts = async () =>
  (
    await t.sql(
      'select (select count(*) from orders) as orders, (select count(*) from payments) as payments, (select count(*) from order_files) as files',
    )
  ).rows[0];
const storedDir = () => (t.config.storage as { dir: string }).dir;

/** The start of a payment/create body up to the bytes of its one file, which the test then writes. */
function formHead(boundary: string, fileName: string) {
  return Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="purchase_json"\r\n\r\n${JSON.stringify(newOrder({ gost_citations: [gost(1)] }))}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\nContent-Type: text/plain\r\n\r\n`,
  );
}

describe('accepted uploads', () => {
  it(
    'takes five files of 20 MB each (100 MB in all), moves them into storage and leaves nothing in the uploads folder',
    { timeout: 120_000 },
    async () => {
      const u = await signUp(t);
      const file = textOfSize(20 * MB, TEXT);
      const res = await createPayment(u.client, newOrder({ gost_citations: [1, 2, 3, 4, 5].map(gost) }), {
        files: [1, 2, 3, 4, 5].map((i) => ({ name: 'files', value: file, fileName: `источник-${i}.txt` })),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const taskId = res.body.data.task_id;
      const rows = await t.sql('select position, kind, size from order_files where order_id = $1 order by position', [taskId]);
      expect(rows.rows).toEqual([1, 2, 3, 4, 5].map((position) => ({ position, kind: 'txt', size: 20 * MB })));
      // The files themselves, and no text read out of them at upload.
      expect(filesUnder(join(storedDir(), 'orders', taskId)).sort((a, b) => a.path.localeCompare(b.path))).toEqual(
        [1, 2, 3, 4, 5].map((i) => ({ path: `${i}.txt`, size: 20 * MB })),
      );
      expect(filesUnder(t.config.uploadsDir)).toEqual([]);
      await u.client.post('/api/v1/payment/cancel/', { payment_id: res.body.data.payment_id });
    },
  );

  it(
    'a file with no text in it passes the upload; the generation then fails with a message naming the file',
    { timeout: 120_000 },
    async () => {
      const u = await signUp(t);
      const blank = await PDFDocument.create();
      blank.addPage();
      const created = await createPayment(u.client, newOrder({ gost_citations: [gost(1)] }), {
        files: [{ name: 'files', value: Buffer.from(await blank.save()), fileName: 'скан-учебника.pdf' }],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const socket = await socketTranscript(t, u.client, `/api/v1/users/ws/${created.body.data.task_id}`);
      await decideInSandbox(u.client, created.body.data.confirmation_url, 'pay');
      const last = (await socket.waitFor((m) => m.some((x) => x.status === 'failed' || x.status === 'completed'))).at(-1);
      socket.close();
      expect(last.status).toBe('failed');
      expect(last.error).toContain('«скан-учебника.pdf»');
      expect(last.error).toContain('нет текстового слоя');
      // Not retried: the file will not change. The payment goes back.
      expect((await t.sql('select attempts from orders where id = $1', [created.body.data.task_id])).rows[0].attempts).toBe(1);
      await waitForMoneySettled(t);
      expect((await t.sql('select reason, status from refunds where order_id = $1', [created.body.data.task_id])).rows).toEqual([
        { reason: 'generation_failed', status: 'succeeded' },
      ]);
      await expectMoneyBalanced(t, await sandboxBooks(t));
    },
  );
});

describe('refused uploads change nothing', () => {
  it('a file past 20 MB gets 413 as soon as the limit is passed, while the client is still sending', async () => {
    const u = await signUp(t);
    const before = await counts();
    const boundary = 'limit-boundary';
    const { req, response } = openPost(`${baseUrl}/api/v1/payment/create/`, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: `session=${u.client.cookies.get('session')}`,
    });
    req.write(formHead(boundary, 'big.txt'));
    const chunk = textOfSize(MB, TEXT);
    for (let i = 0; i < 21; i++) req.write(chunk);
    // The body is not finished: the answer comes anyway.
    const answer = await response;
    req.destroy();
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ code: 'files_too_large', detail: 'Файлы слишком большие или их слишком много' });
    expect(filesUnder(t.config.uploadsDir)).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('files broken in their structure get 415 before any money is asked for', async () => {
    const u = await signUp(t);
    const before = await counts();
    const pdf = await samplePdf();
    const cases: [string, Buffer, RegExp][] = [
      ['cut.pdf', pdf.subarray(0, pdf.length - 1100), /%%EOF/],
      ['archive.docx', buildZip([{ name: 'notes.txt', data: Buffer.from(TEXT) }]), /word\/document\.xml/],
      [
        'bomb.docx',
        buildZip([
          { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
          { name: 'word/document.xml', data: Buffer.alloc(80 * MB, 0x20) },
        ]),
        /zip-бомба/,
      ],
      ['late-nul.txt', Buffer.concat([textOfSize(200 * 1024, TEXT), Buffer.from([0]), Buffer.from(TEXT)]), /двоичный файл/],
      ['latin1.txt', Buffer.concat([textOfSize(100 * 1024, TEXT), Buffer.from('caf\xe9 na\xefve '.repeat(50), 'latin1')]), /UTF-8/],
    ];
    for (const [fileName, value, reason] of cases) {
      const res = await createPayment(u.client, newOrder({ gost_citations: [gost(1)] }), { files: [{ name: 'files', value, fileName }] });
      expect(res.status, fileName).toBe(415);
      expect(res.body.code).toBe('file_unsupported');
      expect(res.body.detail).toContain(fileName);
      expect(res.body.detail).toMatch(reason);
    }
    expect(await counts()).toEqual(before);
    expect(filesUnder(t.config.uploadsDir)).toEqual([]);
  });

  it('an upload cut off by the client leaves no file and no order', async () => {
    const u = await signUp(t);
    const before = await counts();
    const boundary = 'abort-boundary';
    const { req } = openPost(`${baseUrl}/api/v1/payment/create/`, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: `session=${u.client.cookies.get('session')}`,
    });
    req.on('error', () => undefined);
    req.write(formHead(boundary, 'half.txt'));
    req.write(textOfSize(2 * MB, TEXT));
    // The server is writing the file to disk...
    await waitForFiles(t.config.uploadsDir, (files) => files.some((f) => f.size > 0 && f.path.includes('/')));
    // ...when the client goes away.
    req.destroy();
    await waitForFiles(t.config.uploadsDir, (files) => files.length === 0);
    expect(await counts()).toEqual(before);
  });
});

it('when the payment provider fails, the stored files are removed and the uploads folder is empty', async () => {
  const closedPort = await freePort();
  const down = await startTestApp({
    PAYMENT_PROVIDER: 'yookassa',
    YOOKASSA_SHOP_ID: '1',
    YOOKASSA_SECRET_KEY: 'k',
    YOOKASSA_API_URL: `http://127.0.0.1:${closedPort}/v3`,
  });
  try {
    const u = await signUp(down);
    const res = await createPayment(u.client, newOrder({ gost_citations: [gost(1)] }), {
      files: [{ name: 'files', value: textOfSize(MB, TEXT), fileName: 'a.txt' }],
    });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('payment_provider_unavailable');
    expect(filesUnder(down.config.uploadsDir)).toEqual([]);
    expect(
      filesUnder(join((down.config.storage as { dir: string }).dir, 'orders')).filter((f) => f.size >= 0 && /\.txt$/.test(f.path)),
    ).toEqual([]);
  } finally {
    await down.close();
  }
});

it('uploads left behind by a killed server are removed when the next one starts; those of live servers stay', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'uploads-leftovers-'));
  const host = hostname().replace(/[^\w.-]/g, '_');
  const dead = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => dead.once('exit', resolve));
  const planted = {
    killedServer: `${host}+${dead.pid}+aa11`,
    liveServer: `${host}+${process.ppid}+bb22`,
    otherHost: 'other-host+123+cc33',
  };
  for (const folder of Object.values(planted)) {
    mkdirSync(join(dataDir, 'uploads', folder, 'request-1'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', folder, 'request-1', '1'), 'half a file');
  }
  const restarted = await startTestApp({ DATA_DIR: dataDir });
  try {
    const folders = readdirSync(join(dataDir, 'uploads'));
    expect(folders).not.toContain(planted.killedServer);
    expect(folders).toEqual(
      expect.arrayContaining([planted.liveServer, planted.otherHost, expect.stringMatching(new RegExp(`^${host}\\+${process.pid}\\+`))]),
    );
    expect(folders).toHaveLength(3);
  } finally {
    await restarted.close();
  }
  // The server's own folder goes when it stops.
  expect(readdirSync(join(dataDir, 'uploads')).sort()).toEqual([planted.liveServer, planted.otherHost].sort());
  rmSync(dataDir, { recursive: true, force: true });
});
