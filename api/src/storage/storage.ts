/** Where files live: a local directory by default, S3-compatible object storage in production.
 * Keys are relative paths like `orders/<id>/1.pdf`; nothing else in the code knows the backend. */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

export interface Storage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Stores the file at `path` without reading it into memory: the local directory moves it in
   * (the file is gone from `path` afterwards), S3 streams it up (the caller removes it). */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** A stream for sending a file to a client, with its size. */
  open(key: string): Promise<{ stream: Readable; size: number }>;
  delete(key: string): Promise<void>;
  /** Throws when files cannot be stored now (readiness): the directory is not writable, the bucket not reachable. */
  probe(signal: AbortSignal): Promise<void>;
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
    async putFile(key, from) {
      await mkdir(dirname(path(key)), { recursive: true });
      try {
        await rename(from, path(key));
      } catch (error) {
        // Another file system (a DATA_DIR whose files/ is a separate mount): copy, then remove.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(from, path(key));
        await rm(from, { force: true });
      }
    },
    get: (key) => readFile(path(key)),
    async open(key) {
      const { size } = await stat(path(key));
      return { stream: createReadStream(path(key)), size };
    },
    delete: (key) => rm(path(key), { force: true }),
    async probe(signal) {
      // A file of this process's own, so that two processes probing at once do not trip each other.
      const file = join(base, `.probe-${process.pid}`);
      await mkdir(base, { recursive: true });
      await writeFile(file, '', { signal });
      await rm(file, { force: true });
    },
  };
}

export const orderFileKey = (orderId: string, position: number, kind: string) => join('orders', orderId, `${position}.${kind}`);
/** A paper's files and, for a version, its state and «Лист доработок»: under the order that made them. */
export const paperFileKey = (orderId: string, file: 'paper.docx' | 'preview.pdf' | 'state.json.gz' | 'report.docx') =>
  join('papers', orderId, file);
/** «Отчёт об источниках» of the version an order made: the prefix of `evidence.json`, `.docx` and `.pdf` beside its files. */
export const evidenceKeyOf = (orderId: string) => join('papers', orderId, 'evidence');
export const evidenceFileKey = (evidenceKey: string, file: 'json' | 'docx' | 'pdf') => `${evidenceKey}.${file}`;
