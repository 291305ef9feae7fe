/** Full-text search of the library over Russian and English (morphology: "экономическая
 * безопасность предприятия" finds "экономической безопасности предприятий"), ranked by cover
 * density with titles above keywords above abstracts.
 *
 * Two steps keep it fast on a large library: works whose title or keywords match come first,
 * ranked on the small title-and-keywords vector; only when they are fewer than the limit are works
 * matching in the abstract alone added, ranked on the whole vector among at most
 * ABSTRACT_CANDIDATES of them (a query of common words may match a large share of all abstracts). */
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
  /** Where the words were found: the title or keywords, or the abstract only. */
  matchedIn: 'title-or-keywords' | 'abstract';
}

const ABSTRACT_CANDIDATES = 2000;

export async function searchLibrary(db: Db, search: LibrarySearch): Promise<LibraryHit[]> {
  const limit = Math.max(1, Math.min(search.limit, 200));
  const params = [search.query, search.minYear ?? null, search.language ?? null, limit, search.excludeDevCollection ?? false];
  const query = `(websearch_to_tsquery('russian', $1) || websearch_to_tsquery('english', $1))`;
  const filters = `($2::int is null or year >= $2) and ($3::text is null or language = $3) and (not $5 or origin <> 'dev-collection')`;
  const head = await db.query(
    `select ${RECORD_COLUMNS}, ts_rank_cd(search_head, ${query}) as rank
     from library_records
     where search_head @@ ${query} and ${filters}
     order by rank desc, year desc nulls last, id
     limit $4`,
    params,
  );
  const hits = head.rows.map((row) => ({ ...recordOfRow(row), rank: Number(row.rank), matchedIn: 'title-or-keywords' as const }));
  if (hits.length >= limit) return hits;
  const rest = await db.query(
    `select ${RECORD_COLUMNS}, ts_rank_cd(search, ${query}) as rank
     from (select * from library_records
           where search @@ ${query} and not (search_head @@ ${query}) and ${filters}
           limit ${ABSTRACT_CANDIDATES}) as candidates
     order by rank desc, year desc nulls last, id
     limit $4 - $6::int`,
    [...params, hits.length],
  );
  return [...hits, ...rest.rows.map((row) => ({ ...recordOfRow(row), rank: Number(row.rank), matchedIn: 'abstract' as const }))];
}
