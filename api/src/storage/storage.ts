/** Where files live: a local directory by default, S3-compatible object storage in production.
 * Keys are relative paths like `orders/<id>/1.pdf`; nothing else in the code knows the backend. */
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import { createS3Storage } from './s3.ts';

export interface Storage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** A stream for sending a file to a client, with its size. */
  open(key: string): Promise<{ stream: Readable; size: number }>;
  delete(key: string): Promise<void>;
}

export function createStorage(config: Config): Storage {
  return config.storage.kind === 's3' ? createS3Storage(config.storage) : createLocalStorage(config.storage.dir);
}

export function createLocalStorage(root: string): Storage {
  const base = resolve(root);
  const path = (key: string) => {
    const p = resolve(base, key);
    if (!p.startsWith(base + sep)) throw new Error(`storage key outside the root: ${key}`);
    return p;
  };
  return {
    async put(key, bytes) {
      await mkdir(dirname(path(key)), { recursive: true });
      await writeFile(path(key), bytes);
    },
    get: (key) => readFile(path(key)),
    async open(key) {
      const { size } = await stat(path(key));
      return { stream: createReadStream(path(key)), size };
    },
    delete: (key) => rm(path(key), { force: true }),
  };
}

export const orderFileKey = (orderId: string, position: number, kind: string) => join('orders', orderId, `${position}.${kind}`);
/** The text read out of an attached file at upload, so the worker need not read it again. */
export const extractedTextKey = (orderId: string, position: number) => join('orders', orderId, `${position}.extracted.txt`);
export const paperFileKey = (orderId: string, file: 'paper.docx' | 'preview.pdf') => join('papers', orderId, file);
