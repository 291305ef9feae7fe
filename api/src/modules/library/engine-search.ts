/** The library as one of the engine's bibliographic searches: records become FoundWorks. */
import type { BibliographicSearch, FoundWork, Person } from '@app/paper';
import { DEV_COLLECTION_ORIGIN, type LibraryRecord } from './record.ts';
import { searchLibrary } from './search.ts';
import type { Db } from './store.ts';

/** "Иванов Иван Иванович" / "Иванов И. И." / "Ivanov, Ivan" → family name and the rest. */
function personOf(name: string): Person | null {
  const clean = name.replace(/\s+/g, ' ').trim();
  if (!clean) return null;
  const [family, ...rest] = clean.includes(',') ? clean.split(',').map((s) => s.trim()) : clean.split(' ');
  const given = rest.join(' ').trim();
  return given ? { family, given } : { family };
}

function foundWorkOf(record: LibraryRecord): FoundWork | null {
  if (record.year === null) return null;
  const authors = record.authors.map(personOf).filter((p): p is Person => p !== null);
  return {
    provider: `library:${record.origin}`,
    id: record.doi ?? `library:${record.id}`,
    ...(record.doi ? { doi: record.doi } : {}),
    ...(record.url ? { url: record.url } : {}),
    ...(record.pdfUrl ? { pdfUrl: record.pdfUrl } : {}),
    title: record.subtitle ? `${record.title}: ${record.subtitle}` : record.title,
    authors,
    year: record.year,
    kind: record.journal ? 'article' : 'book',
    ...(record.journal ? { container: record.journal } : {}),
    ...(record.volume ? { volume: record.volume } : {}),
    ...(record.issue ? { issue: record.issue } : {}),
    ...(record.pages ? { pages: record.pages } : {}),
    ...(record.publisher ? { publisher: record.publisher } : {}),
    ...(record.place ? { place: record.place } : {}),
    ...(record.abstract ? { abstract: record.abstract } : {}),
    ...(record.language ? { language: record.language } : {}),
    ...(record.origin === DEV_COLLECTION_ORIGIN ? { invented: true as const } : {}),
  };
}

/**
 * The engine's view of the library. With the development collection (no repository configured,
 * not production) it is an offline catalogue of invented records, so that the whole path works
 * without network: papers found with it are not held to the minimum of sources. Otherwise the
 * collection is never searched.
 */
export function createLibrarySearch(db: Db, options: { devCollection: boolean }): BibliographicSearch {
  return {
    name: 'library',
    offline: options.devCollection,
    async search(q) {
      const hits = await searchLibrary(db, {
        query: q.query,
        minYear: q.minYear,
        limit: q.limit,
        excludeDevCollection: !options.devCollection,
      });
      return hits.map(foundWorkOf).filter((w): w is FoundWork => w !== null);
    },
  };
}
