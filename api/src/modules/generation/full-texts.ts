/** The engine's full texts in the object storage: an open PDF is downloaded once for all papers. */
import type { FullTextStore } from '@app/paper';
import type { Storage } from '../../storage/storage.ts';

/** A missing object: ENOENT from the local directory, NoSuchKey / 404 from S3. */
function isMissing(error: unknown): boolean {
  const e = error as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.code === 'ENOENT' || e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

export function storageFullTexts(storage: Storage): FullTextStore {
  return {
    async get(key) {
      try {
        return await storage.get(key);
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    put: (key, bytes) => storage.put(key, bytes, 'application/pdf'),
  };
}
