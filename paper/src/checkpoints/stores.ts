/** The engine's own checkpoint stores (types.ts): in memory (tests) and in a directory (CLI). */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { CheckpointStore } from './types.ts';

export function createMemoryCheckpoints(initial?: Record<string, unknown>): CheckpointStore & { keys(): string[] } {
  const map = new Map<string, string>(Object.entries(initial ?? {}).map(([k, v]) => [k, JSON.stringify(v)]));
  return {
    async get(key) {
      const raw = map.get(key);
      // A copy, so that a caller mutating the value cannot change what is stored.
      return raw === undefined ? undefined : JSON.parse(raw);
    },
    async set(key, value) {
      map.set(key, JSON.stringify(value));
    },
    keys: () => [...map.keys()],
  };
}

/** One JSON file per key, written atomically (temp file + rename) so a kill never leaves half a file. */
export function createDirectoryCheckpoints(dir: string): CheckpointStore {
  const fileOf = (key: string) => {
    const safe = key.replace(/[^a-zA-Z0-9._-]+/g, '_').slice(0, 80);
    const hash = createHash('sha256').update(key).digest('hex').slice(0, 12);
    return path.join(dir, `${safe}-${hash}.json`);
  };
  return {
    async get(key) {
      try {
        const parsed = JSON.parse(await readFile(fileOf(key), 'utf8')) as { key: string; value: unknown };
        return parsed.key === key ? parsed.value : undefined;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async set(key, value) {
      await mkdir(dir, { recursive: true });
      const file = fileOf(key);
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(tmp, JSON.stringify({ key, value }));
      await rename(tmp, file);
    },
  };
}
