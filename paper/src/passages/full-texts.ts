/**
 * Full texts of the sources: an open PDF is downloaded once (bounded in size and time, checked to
 * be a PDF by its first bytes) and kept in a store the caller provides (the api's object storage in
 * production, a map in tests), so the engine knows nothing of where the bytes live.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fetch } from 'undici';
import { isAbort } from '../errors.ts';
import { createPublicAgent, NotPublicError } from './public-hosts.ts';
import type { DownloadLimits, FullTextStore } from './types.ts';

export function createMemoryFullTexts(): FullTextStore & { readonly keys: string[] } {
  const map = new Map<string, Uint8Array>();
  return {
    get keys() {
      return [...map.keys()];
    },
    get: async (key) => map.get(key),
    put: async (key, bytes) => {
      map.set(key, bytes);
    },
  };
}

/** Full texts as files of a directory (the CLI): one file per key, named by the key's hash. */
export function createDirectoryFullTexts(dir: string): FullTextStore {
  const fileOf = (key: string) => path.join(dir, `${createHash('sha256').update(key).digest('hex')}.pdf`);
  return {
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async put(key, bytes) {
      await mkdir(dir, { recursive: true });
      await writeFile(fileOf(key), bytes);
    },
  };
}

/** Public hosts only (public-hosts.ts); a test lets its loopback stand-ins answer with `loopback: true`,
 * which no configuration of the service sets. */
export const FULL_TEXT_LIMITS: DownloadLimits = { maxBytes: 20 * 1024 * 1024, timeoutMs: 20_000, loopback: false };
const MAX_REDIRECTS = 5;

/** Why a request failed, from the innermost cause that says (undici wraps them in "fetch failed"). */
function reasonOf(error: unknown): string {
  for (let e = error; e instanceof Error; e = e.cause) if (e instanceof NotPublicError) return e.message;
  const cause = (error as Error)?.cause;
  return cause instanceof Error ? cause.message : String((error as Error)?.message ?? error);
}

/** The store key of a URL: its hash, so any URL makes a safe object name. */
export const fullTextKey = (url: string) => `fulltexts/${createHash('sha256').update(url).digest('hex')}.pdf`;

/** A PDF's header may start anywhere in its first 1024 bytes. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

export type Download = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

/** Downloads a PDF, giving up past the size or time limit; anything that is not a PDF is refused. */
export async function downloadPdf(url: string, limits = FULL_TEXT_LIMITS, signal?: AbortSignal): Promise<Download> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  // Every connection, the redirects' included, is checked where it goes (public-hosts.ts).
  const dispatcher = createPublicAgent(limits);
  try {
    let res: Awaited<ReturnType<typeof fetch>> | null = null;
    let at: URL;
    try {
      at = new URL(url);
    } catch {
      return { ok: false, reason: 'not an http(s) URL' };
    }
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (at.protocol !== 'http:' && at.protocol !== 'https:') return { ok: false, reason: 'not an http(s) URL' };
      res = await fetch(at, { signal: combined, redirect: 'manual', headers: { accept: 'application/pdf' }, dispatcher });
      const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
      if (!location) break;
      await res.body?.cancel();
      at = new URL(location, at);
      res = null;
    }
    if (!res) return { ok: false, reason: `more than ${MAX_REDIRECTS} redirects` };
    if (!res.ok || !res.body) return { ok: false, reason: `HTTP ${res.status}` };
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > limits.maxBytes) {
      await res.body.cancel();
      return { ok: false, reason: `larger than ${limits.maxBytes} bytes` };
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > limits.maxBytes) return { ok: false, reason: `larger than ${limits.maxBytes} bytes` };
      chunks.push(chunk);
      // An HTML page pretending to be a PDF is dropped at its first bytes.
      if (size >= 1024 && chunks.length === 1 && !looksLikePdf(chunk)) return { ok: false, reason: 'not a PDF' };
    }
    const bytes = Buffer.concat(chunks);
    if (!looksLikePdf(bytes)) return { ok: false, reason: 'not a PDF' };
    return { ok: true, bytes };
  } catch (error) {
    if (signal?.aborted && isAbort(error)) throw error;
    return { ok: false, reason: timeout.aborted ? `no answer in ${limits.timeoutMs} ms` : reasonOf(error) };
  } finally {
    await dispatcher.destroy();
  }
}

/** The PDF behind a URL: from the store, or downloaded and stored. */
export async function fullTextPdf(store: FullTextStore, url: string, signal?: AbortSignal, limits = FULL_TEXT_LIMITS): Promise<Download> {
  const key = fullTextKey(url);
  const stored = await store.get(key);
  if (stored && looksLikePdf(stored)) return { ok: true, bytes: stored };
  const downloaded = await downloadPdf(url, limits, signal);
  if (downloaded.ok) await store.put(key, downloaded.bytes);
  return downloaded;
}
