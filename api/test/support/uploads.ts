/** Helpers for upload tests: what is left in the uploads folder, waiting for it to change, and
 * a raw HTTP request whose body the test writes piece by piece. */
import { readdirSync, statSync } from 'node:fs';
import { watch } from 'node:fs/promises';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { join } from 'node:path';

/** Every file under `dir` (relative paths, folders left out), with its size. */
export function filesUnder(dir: string): { path: string; size: number }[] {
  let names: string[];
  try {
    names = readdirSync(dir, { recursive: true }) as string[];
  } catch {
    return [];
  }
  return names.flatMap((path) => {
    const s = statSync(join(dir, path), { throwIfNoEntry: false });
    return s?.isFile() ? [{ path, size: s.size }] : [];
  });
}

/** Resolves once `until` holds for the entries under `dir`, watching it for changes. */
export async function waitForFiles(dir: string, until: (files: ReturnType<typeof filesUnder>) => boolean, timeoutMs = 20_000) {
  const stop = new AbortController();
  const events = watch(dir, { recursive: true, signal: stop.signal })[Symbol.asyncIterator]();
  const timer = setTimeout(() => stop.abort(), timeoutMs);
  try {
    // Ask for the first event before looking, so that a change in between is not missed.
    const ask = () => {
      const next = events.next();
      next.catch(() => undefined); // the last one is left pending and rejects when the watch stops
      return next;
    };
    let next = ask();
    for (;;) {
      const files = filesUnder(dir);
      if (until(files)) return files;
      if ((await next).done) break;
      next = ask();
    }
  } catch (error) {
    if ((error as Error).name !== 'AbortError') throw error;
  } finally {
    clearTimeout(timer);
    stop.abort();
  }
  throw new Error(`${dir}: not as expected within ${timeoutMs} ms: ${JSON.stringify(filesUnder(dir))}`);
}

/** `bytes` of UTF-8 text repeating `text`, not cut inside a character. */
export function textOfSize(bytes: number, text: string): Buffer {
  const b = Buffer.alloc(bytes, text);
  let end = bytes;
  while (end > 0 && (b[end - 1] & 0xc0) === 0x80) end--;
  if (end > 0 && b[end - 1] >= 0xc0) end--;
  return b.fill(0x20, end);
}

/** A POST over real HTTP whose body the caller writes; `response` settles when the answer comes. */
export function openPost(
  url: string,
  headers: Record<string, string>,
): { req: ClientRequest; response: Promise<{ status: number; body: any; res: IncomingMessage }> } {
  const req = httpRequest(url, { method: 'POST', headers });
  const response = new Promise<{ status: number; body: any; res: IncomingMessage }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let body: any = text;
        try {
          body = JSON.parse(text);
        } catch {
          // Not JSON: the body stays text.
        }
        resolve({ status: res.statusCode ?? 0, body, res });
      });
    });
    req.on('error', reject);
  });
  response.catch(() => undefined);
  return { req, response };
}
