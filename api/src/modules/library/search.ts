/** Full-text search of the library over Russian and English (morphology: "экономическая
 * безопасность предприятия" finds "экономической безопасности предприятий"), ranked by cover
 * density with titles above keywords above abstracts. */
import { recordOfRow, RECORD_COLUMNS, type Db } from './store.ts';
import type { LibraryRecord } from './record.ts';

export interface LibrarySearch {
  /** Words as a person types them; "quoted phrases", -minus and "or" work (websearch syntax). */
  query: string;
  minYear?: number;
  /** ISO 639-1 ('ru', 'en'). */
  language?: string;
  limit: number;
  /** Leave the development collection out (a real paper must never cite it). */
  excludeDevCollection?: boolean;
}

export interface LibraryHit extends LibraryRecord {
  rank: number;
}

export async function searchLibrary(db: Db, search: LibrarySearch): Promise<LibraryHit[]> {
  const { rows } = await db.query(
    `with q as (select websearch_to_tsquery('russian', $1) || websearch_to_tsquery('english', $1) as query)
     select ${RECORD_COLUMNS}, ts_rank_cd(search, q.query) as rank
     from library_records, q
     where search @@ q.query
       and ($2::int is null or year >= $2)
       and ($3::text is null or language = $3)
       and (not $5 or origin <> 'dev-collection')
     order by rank desc, year desc nulls last, id
     limit $4`,
    [search.query, search.minYear ?? null, search.language ?? null, Math.max(1, Math.min(search.limit, 200)), search.excludeDevCollection ?? false],
  );
  return rows.map((row) => ({ ...recordOfRow(row), rank: Number(row.rank) }));
}
