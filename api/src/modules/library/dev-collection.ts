/** The development collection: a few dozen invented records, so that `npm start` without network
 * has a library to search. Each is origin 'dev-collection' with a note saying it is no real
 * publication; it is removed as soon as real repositories are configured. */
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { DEV_COLLECTION_ORIGIN, type HarvestedRecord } from './record.ts';
import { storeRecord } from './store.ts';

interface SeedFile {
  note: string;
  records: (Pick<
    HarvestedRecord,
    'authors' | 'title' | 'subtitle' | 'journal' | 'year' | 'volume' | 'issue' | 'pages' | 'keywords' | 'abstract' | 'language'
  > & { key: string })[];
}

function devCollection(): (HarvestedRecord & { key: string })[] {
  const seed = JSON.parse(readFileSync(new URL('./dev-collection.json', import.meta.url), 'utf8')) as SeedFile;
  return seed.records.map((r) => ({
    ...r,
    origin: DEV_COLLECTION_ORIGIN,
    publisher: null,
    place: null,
    doi: null,
    url: null,
    pdfUrl: null,
    note: seed.note,
  }));
}

/** With repositories configured: the development collection goes. Without: it is loaded into an
 * empty library. Returns what was done. */
export async function prepareLibrary(pool: pg.Pool, options: { devCollection: boolean }): Promise<'removed' | 'loaded' | 'unchanged'> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    // Two processes starting together load it once.
    await client.query(`select pg_advisory_xact_lock(hashtextextended('library:dev-collection', 0))`);
    let outcome: 'removed' | 'loaded' | 'unchanged' = 'unchanged';
    if (!options.devCollection) {
      const removed = await client.query('delete from library_records where origin = $1', [DEV_COLLECTION_ORIGIN]);
      if (removed.rowCount) outcome = 'removed';
    } else if (!(await client.query('select 1 from library_records limit 1')).rowCount) {
      for (const { key, ...record } of devCollection()) {
        await storeRecord(client, { origin: DEV_COLLECTION_ORIGIN, identifier: key, datestamp: null }, record);
      }
      outcome = 'loaded';
    }
    await client.query('commit');
    return outcome;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
