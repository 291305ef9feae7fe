/**
 * Crossref (https://api.crossref.org): a `query.bibliographic` search of works, and `/works/{doi}`,
 * the record that fills in what another database left out (pages, issue, volume, publisher,
 * place). No key; `mailto` as a parameter and in the User-Agent puts us in the polite pool.
 */
import type { WorkKind, FoundWork } from '../../bibliography/types.ts';
import { bareDoi, createJsonClient, splitTitle, stripTags } from './common.ts';
import type { ProviderOptions } from './common.ts';
import type { BibliographicSearch } from './types.ts';

export interface CrossrefOptions extends ProviderOptions {
  mailto?: string;
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
  ISBN?: string[];
  abstract?: string;
  language?: string;
  link?: { URL?: string; 'content-type'?: string }[];
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

const SELECT =
  'DOI,URL,title,subtitle,author,container-title,issued,volume,issue,page,type,publisher,publisher-location,ISBN,abstract,language,link';

function workFromCrossref(it: CrossrefItem): FoundWork | null {
  const full = stripTags(it.title?.[0] ?? '');
  const kind = KINDS[it.type ?? ''];
  const year = it.issued?.['date-parts']?.[0]?.[0] ?? undefined;
  if (!full || !kind || !year) return null;
  const split = splitTitle(full);
  const subtitle = it.subtitle?.[0] ? stripTags(it.subtitle[0]) : split.subtitle;
  const pdf = it.link?.find((l) => l['content-type'] === 'application/pdf')?.URL;
  return {
    provider: 'crossref',
    id: it.DOI ?? full,
    doi: bareDoi(it.DOI),
    url: it.URL,
    pdfUrl: pdf,
    title: split.title,
    subtitle: subtitle || undefined,
    authors: (it.author ?? [])
      .filter((a) => a.family || a.name)
      .map((a) => (a.family ? { family: a.family.trim(), given: a.given?.trim() || undefined } : { family: a.name!.trim() })),
    year,
    kind,
    container: it['container-title']?.[0] ? stripTags(it['container-title'][0]) : undefined,
    volume: it.volume,
    issue: it.issue,
    pages: it.page,
    publisher: it.publisher,
    place: it['publisher-location'],
    isbn: it.ISBN?.[0],
    abstract: it.abstract ? stripTags(it.abstract) : undefined,
    language: it.language,
  };
}

export function createCrossrefSearch(options: CrossrefOptions = {}): BibliographicSearch {
  const base = (options.baseUrl ?? 'https://api.crossref.org').replace(/\/$/, '');
  const client = createJsonClient('Crossref', {
    ...options,
    headers: { 'user-agent': `academic-papers/1.0${options.mailto ? ` (mailto:${options.mailto})` : ''}` },
  });
  const polite = (params: URLSearchParams) => {
    if (options.mailto) params.set('mailto', options.mailto);
    return params;
  };
  return {
    name: 'crossref',
    async search(q) {
      const params = polite(
        new URLSearchParams({
          'query.bibliographic': q.query,
          filter: `from-pub-date:${q.minYear}`,
          rows: String(Math.min(100, q.limit)),
          select: SELECT,
        }),
      );
      const data = ((await client.get(`${base}/works?${params}`, q.signal)) ?? {}) as { message?: { items?: CrossrefItem[] } };
      return (data.message?.items ?? []).map(workFromCrossref).filter((w): w is FoundWork => w !== null);
    },
    async lookup(doi, signal) {
      const data = (await client.get(`${base}/works/${encodeURIComponent(doi)}?${polite(new URLSearchParams())}`, signal)) as {
        message?: CrossrefItem;
      } | null;
      return data?.message ? workFromCrossref(data.message) : null;
    },
  };
}
