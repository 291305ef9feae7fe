/**
 * A stand-in for the Crossref REST API (https://api.crossref.org): `/works` with
 * `query.bibliographic`, `filter=from-pub-date:YYYY` and `rows`, `/works/{doi}`, 429 on demand.
 * It records `mailto` (parameter and User-Agent) with every request.
 */
import { matches, startStandIn } from './stand-in-server.ts';
import type { StandIn } from './stand-in-server.ts';

/** A work as Crossref returns it (the fields the engine reads). */
export interface CrossrefRecord {
  DOI: string;
  URL?: string;
  title: string[];
  subtitle?: string[];
  author?: { given?: string; family?: string; name?: string }[];
  'container-title'?: string[];
  issued: { 'date-parts': number[][] };
  volume?: string;
  issue?: string;
  page?: string;
  type: string;
  publisher?: string;
  'publisher-location'?: string;
  ISBN?: string[];
  abstract?: string;
  language?: string;
}

/** `lookupOnly`: works found by their DOI but not by the search (Crossref's ranking leaves many out). */
export async function startCrossrefStandIn(options: { works: CrossrefRecord[]; lookupOnly?: CrossrefRecord[] }): Promise<StandIn> {
  return startStandIn((url) => {
    const lookup = /^\/works\/(.+)$/.exec(url.pathname);
    if (lookup) {
      const doi = decodeURIComponent(lookup[1]).toLowerCase();
      const work = [...options.works, ...(options.lookupOnly ?? [])].find((w) => w.DOI.toLowerCase() === doi);
      return work
        ? { status: 200, body: { status: 'ok', 'message-type': 'work', message: work } }
        : { status: 404, body: 'Resource not found.' };
    }
    if (url.pathname !== '/works') return { status: 404, body: 'Resource not found.' };
    const query = url.searchParams.get('query.bibliographic') ?? '';
    const from = /from-pub-date:(\d{4})/.exec(url.searchParams.get('filter') ?? '')?.[1];
    const rows = Number(url.searchParams.get('rows') ?? 20);
    const items = options.works
      .filter((w) => !from || w.issued['date-parts'][0][0] >= Number(from))
      .filter((w) => !query || matches(query, `${w.title.join(' ')} ${w.subtitle?.join(' ') ?? ''} ${w.abstract ?? ''}`))
      .slice(0, rows);
    return { status: 200, body: { status: 'ok', 'message-type': 'work-list', message: { 'total-results': items.length, items } } };
  });
}
