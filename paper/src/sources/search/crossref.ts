/** Crossref works search (https://api.crossref.org/works), no key; `mailto` for the polite pool. */
import type { WorkKind } from '../../bibliography/record.ts';
import { getJson, stripTags } from './common.ts';
import type { BibliographicSearch, FoundWork } from './types.ts';

export interface CrossrefOptions {
  fetch?: typeof fetch;
  baseUrl?: string;
  mailto?: string;
  timeoutMs?: number;
}

interface CrossrefItem {
  DOI?: string;
  URL?: string;
  title?: string[];
  subtitle?: string[];
  author?: { given?: string; family?: string; name?: string }[];
  'container-title'?: string[];
  issued?: { 'date-parts'?: (number | null)[][] };
  volume?: string;
  issue?: string;
  page?: string;
  type?: string;
  publisher?: string;
  'publisher-location'?: string;
  abstract?: string;
  language?: string;
}

const KINDS: Record<string, WorkKind> = {
  'journal-article': 'article',
  'proceedings-article': 'chapter',
  'book-chapter': 'chapter',
  book: 'book',
  monograph: 'book',
  'edited-book': 'collection',
  dissertation: 'dissertation',
};

export function createCrossrefSearch(options: CrossrefOptions = {}): BibliographicSearch {
  const fetchFn = options.fetch ?? fetch;
  const base = (options.baseUrl ?? 'https://api.crossref.org').replace(/\/$/, '');
  return {
    name: 'crossref',
    async search(q) {
      const params = new URLSearchParams({
        'query.bibliographic': q.query,
        filter: `from-pub-date:${q.minYear}`,
        rows: String(Math.min(50, q.limit)),
        select: 'DOI,URL,title,subtitle,author,container-title,issued,volume,issue,page,type,publisher,publisher-location,abstract,language',
      });
      if (options.mailto) params.set('mailto', options.mailto);
      const data = (await getJson(fetchFn, `${base}/works?${params}`, q.signal, options.timeoutMs ?? 20_000)) as {
        message?: { items?: CrossrefItem[] };
      };
      const out: FoundWork[] = [];
      for (const it of data.message?.items ?? []) {
        const title = stripTags(it.title?.[0] ?? '');
        const kind = KINDS[it.type ?? ''];
        const year = it.issued?.['date-parts']?.[0]?.[0] ?? undefined;
        if (!title || !kind || !year) continue;
        out.push({
          provider: 'crossref',
          id: it.DOI ?? title,
          doi: it.DOI,
          url: it.URL,
          title,
          authors: (it.author ?? [])
            .filter((a) => a.family || a.name)
            .map((a) => (a.family ? { family: a.family, given: a.given } : { family: a.name! })),
          year,
          kind,
          container: it['container-title']?.[0],
          volume: it.volume,
          issue: it.issue,
          pages: it.page,
          publisher: it.publisher,
          place: it['publisher-location'],
          abstract: it.abstract ? stripTags(it.abstract) : undefined,
          language: it.language,
        });
      }
      return out;
    },
  };
}
