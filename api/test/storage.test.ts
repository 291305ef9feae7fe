/** Both storage backends behave alike: the local directory, and S3 spoken to a local S3 server
 * (s3rver; it speaks the protocol but does not verify signatures, so credentials are not tested). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../src/storage/s3.ts';
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
  ['S3', () => createS3Storage({ endpoint: s3Url, region: 'us-east-1', bucket: 'papers', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' })],
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
});

it('the local directory refuses keys outside its root', async () => {
  await expect(createLocalStorage(tmp()).put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/outside/);
});
