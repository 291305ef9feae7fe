/** Storing harvested records: one library record per work. A record is found again by its
 * repository identifier, then by DOI, then by normalised title + first author + year; a work that
 * two repositories hold is one record with two sources. */
import type pg from 'pg';
import { dedupeKeyOf, type HarvestedRecord, type LibraryRecord } from './record.ts';

/** pg.Pool, pg.Client or pg.PoolClient. */
export interface Db {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params?: unknown[]): Promise<pg.QueryResult<R>>;
}

export interface SourceRef {
  origin: string;
  identifier: string;
  datestamp: string | null;
}

/** The columns a harvested record fills, in one order for every statement. */
const FIELDS = [
  'authors',
  'title',
  'subtitle',
  'journal',
  'publisher',
  'place',
  'year',
  'volume',
  'issue',
  'pages',
  'language',
  'keywords',
  'abstract',
  'url',
  'pdf_url',
  'note',
] as const;
const valuesOf = (r: HarvestedRecord) => [
  r.authors,
  r.title,
  r.subtitle,
  r.journal,
  r.publisher,
  r.place,
  r.year,
  r.volume,
  r.issue,
  r.pages,
  r.language,
  r.keywords,
  r.abstract,
  r.url,
  r.pdfUrl,
  r.note,
];
/** Empty lists count as missing when records are merged. */
const isArray = (f: string) => f === 'authors' || f === 'keywords';

export type StoreOutcome = 'inserted' | 'updated' | 'merged';

/** Stores one record (call inside a transaction: the record and its source go together). */
export async function storeRecord(db: Db, source: SourceRef, record: HarvestedRecord): Promise<StoreOutcome> {
  const values = valuesOf(record);
  const known = await db.query<{ record_id: string }>(
    'select record_id from library_record_sources where origin = $1 and oai_identifier = $2',
    [source.origin, source.identifier],
  );
  if (known.rows[0]) {
    // The repository sent a newer version of its record (or a better reading of it): its values win
    // over what was there, and its key follows them (a year read right changes it).
    await update(db, known.rows[0].record_id, values, record.doi, 'new', dedupeKeyOf(record));
    await db.query('update library_record_sources set datestamp = $3 where origin = $1 and oai_identifier = $2', [
      source.origin,
      source.identifier,
      source.datestamp,
    ]);
    return 'updated';
  }
  const key = dedupeKeyOf(record);
  for (let attempt = 0; attempt < 2; attempt++) {
    const same = await db.query<{ id: string }>(
      `select id from library_records where ($1::text is not null and doi = $1) or dedupe_key = $2 order by (doi is not distinct from $1) desc limit 1`,
      [record.doi, key],
    );
    if (same.rows[0]) {
      // Another repository's copy of a work we hold: fill only what is missing.
      await update(db, same.rows[0].id, values, record.doi, 'old');
      await addSource(db, source, same.rows[0].id);
      return 'merged';
    }
    const inserted = await db.query<{ id: string }>(
      `insert into library_records (origin, doi, dedupe_key, datestamp, ${FIELDS.join(', ')})
       values ($1, $2, $3, $4, ${FIELDS.map((_, i) => `$${i + 5}`).join(', ')})
       on conflict do nothing returning id`,
      [record.origin, record.doi, key, source.datestamp, ...values],
    );
    if (inserted.rows[0]) {
      await addSource(db, source, inserted.rows[0].id);
      return 'inserted';
    }
    // Someone inserted the same work in between: merge into theirs.
  }
  throw new Error(`library record ${source.origin}:${source.identifier} could not be stored`);
}

async function update(db: Db, id: string, values: unknown[], doi: string | null, prefer: 'new' | 'old', key?: string) {
  const set = FIELDS.map((f, i) => {
    const v = `$${i + 4}::${isArray(f) ? 'text[]' : f === 'year' ? 'int' : 'text'}`;
    const missing = (x: string) => (isArray(f) ? `nullif(${x}, '{}')` : x);
    return prefer === 'new' ? `${f} = coalesce(${missing(v)}, ${f})` : `${f} = coalesce(${missing(f)}, ${v})`;
  });
  // A DOI or a key is taken only when no other record has it (the unique indexes would refuse it).
  await db.query(
    `update library_records set ${set.join(', ')},
       doi = coalesce(doi, case when not exists (select 1 from library_records o where o.doi = $2::text and o.id <> $1) then $2::text end),
       dedupe_key = case when $3::text is not null and not exists (select 1 from library_records o where o.dedupe_key = $3::text and o.id <> $1)
         then $3::text else dedupe_key end,
       updated_at = now()
     where id = $1`,
    [id, doi, key ?? null, ...values],
  );
}

async function addSource(db: Db, source: SourceRef, recordId: string) {
  await db.query(
    `insert into library_record_sources (origin, oai_identifier, record_id, datestamp) values ($1, $2, $3, $4)
     on conflict (origin, oai_identifier) do update set record_id = excluded.record_id, datestamp = excluded.datestamp`,
    [source.origin, source.identifier, recordId, source.datestamp],
  );
}

/** A record the repository deleted: its source goes, and the record with its last source. */
export async function removeSource(db: Db, origin: string, identifier: string): Promise<boolean> {
  const gone = await db.query<{ record_id: string }>(
    'delete from library_record_sources where origin = $1 and oai_identifier = $2 returning record_id',
    [origin, identifier],
  );
  const recordId = gone.rows[0]?.record_id;
  if (!recordId) return false;
  const removed = await db.query(
    'delete from library_records r where id = $1 and not exists (select 1 from library_record_sources s where s.record_id = r.id)',
    [recordId],
  );
  return (removed.rowCount ?? 0) > 0;
}

/** The columns of a LibraryRecord, for selects. */
export const RECORD_COLUMNS = `id::text, origin, authors, title, subtitle, journal, year, volume, issue, pages, publisher, place, language, doi, url, pdf_url, abstract, keywords, note`;

export function recordOfRow(row: pg.QueryResultRow): LibraryRecord {
  return {
    id: row.id,
    origin: row.origin,
    authors: row.authors,
    title: row.title,
    subtitle: row.subtitle,
    journal: row.journal,
    year: row.year,
    volume: row.volume,
    issue: row.issue,
    pages: row.pages,
    publisher: row.publisher,
    place: row.place,
    language: row.language,
    doi: row.doi,
    url: row.url,
    pdfUrl: row.pdf_url,
    abstract: row.abstract,
    keywords: row.keywords,
    note: row.note,
  };
}
