/** Both storage backends behave alike: the local directory, and S3 spoken to a local S3 server
 * (s3rver; it speaks the protocol but does not verify signatures, so credentials are not tested). */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../src/storage/s3.ts';
import { storageFullTexts } from '../src/modules/generation/full-texts.ts';
import { createLocalStorage, type Storage } from '../src/storage/storage.ts';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'storage-'));
  dirs.push(d);
  return d;
};
let s3: S3rver;
let s3Url = '';
beforeAll(async () => {
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: tmp(), configureBuckets: [{ name: 'papers', configs: [] }] });
  const { port } = (await s3.run()) as unknown as { port: number };
  s3Url = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const backends: [string, () => Storage][] = [
  ['local directory', () => createLocalStorage(tmp())],
  [
    'S3',
    () => createS3Storage({ endpoint: s3Url, region: 'us-east-1', bucket: 'papers', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }),
  ],
];

describe.each(backends)('%s', (_name, make) => {
  it('puts, gets, streams and deletes', async () => {
    const storage = make();
    const bytes = Buffer.from('%PDF-1.7 тестовое содержимое');
    await storage.put('papers/abc/preview.pdf', bytes, 'application/pdf');
    expect(await storage.get('papers/abc/preview.pdf')).toEqual(bytes);
    const { stream, size } = await storage.open('papers/abc/preview.pdf');
    expect(size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(Buffer.from(c));
    expect(Buffer.concat(chunks)).toEqual(bytes);
    await storage.delete('papers/abc/preview.pdf');
    await expect(storage.get('papers/abc/preview.pdf')).rejects.toThrow();
  });

  it("keeps the engine's full texts: a missing one is absent, not an error", async () => {
    const fullTexts = storageFullTexts(make());
    expect(await fullTexts.get('fulltexts/none.pdf')).toBeUndefined();
    const bytes = Buffer.from('%PDF-1.7 статья');
    await fullTexts.put('fulltexts/abc.pdf', bytes);
    expect(Buffer.from((await fullTexts.get('fulltexts/abc.pdf'))!)).toEqual(bytes);
  });

  it('stores a file from disk as it streams (an upload is never read into memory whole)', async () => {
    const storage = make();
    const bytes = randomBytes(6 * 1024 * 1024 + 17);
    const upload = join(tmp(), 'upload-1');
    writeFileSync(upload, bytes);
    await storage.putFile('orders/o-1/1.pdf', upload, 'application/pdf');
    expect((await storage.get('orders/o-1/1.pdf')).equals(bytes)).toBe(true);
    const opened = await storage.open('orders/o-1/1.pdf');
    expect(opened.size).toBe(bytes.length);
    opened.stream.destroy();
  });
});

it('the local directory moves an upload in rather than copying it', async () => {
  const root = tmp();
  const upload = join(root, 'uploads', 'u-1');
  mkdirSync(join(root, 'uploads'));
  writeFileSync(upload, 'текст');
  await createLocalStorage(join(root, 'files')).putFile('orders/o-1/1.txt', upload, 'text/plain');
  expect(existsSync(upload)).toBe(false);
  expect(readFileSync(join(root, 'files', 'orders', 'o-1', '1.txt'), 'utf8')).toBe('текст');
});

it('the local directory refuses keys outside its root', async () => {
  await expect(createLocalStorage(tmp()).put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/outside/);
});
