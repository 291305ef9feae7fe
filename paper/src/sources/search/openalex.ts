/** OpenAlex works search (https://api.openalex.org/works), no key; `mailto` puts us in the polite pool. */
import type { WorkKind } from '../../bibliography/record.ts';
import { getJson, personFromDisplayName } from './common.ts';
import type { BibliographicSearch, FoundWork } from './types.ts';

export interface OpenAlexOptions {
  fetch?: typeof fetch;
  baseUrl?: string;
  mailto?: string;
  timeoutMs?: number;
}

interface OpenAlexWork {
  id?: string;
  doi?: string | null;
  title?: string | null;
  display_name?: string | null;
  publication_year?: number | null;
  type?: string | null;
  language?: string | null;
  is_retracted?: boolean;
  authorships?: { author?: { display_name?: string | null } }[];
  primary_location?: { landing_page_url?: string | null; source?: { display_name?: string | null; host_organization_name?: string | null } | null } | null;
  biblio?: { volume?: string | null; issue?: string | null; first_page?: string | null; last_page?: string | null };
  abstract_inverted_index?: Record<string, number[]> | null;
}

const KINDS: Record<string, WorkKind> = {
  article: 'article',
  review: 'article',
  book: 'book',
  'book-chapter': 'chapter',
  dissertation: 'dissertation',
};

/** OpenAlex ships abstracts as an inverted index: word -> positions. */
export function abstractFromIndex(index: Record<string, number[]> | null | undefined): string | undefined {
  if (!index) return undefined;
  const words: string[] = [];
  for (const [word, positions] of Object.entries(index)) for (const p of positions) if (p < 2000) words[p] = word;
  const text = words.filter(Boolean).join(' ');
  return text || undefined;
}

export function createOpenAlexSearch(options: OpenAlexOptions = {}): BibliographicSearch {
  const fetchFn = options.fetch ?? fetch;
  const base = (options.baseUrl ?? 'https://api.openalex.org').replace(/\/$/, '');
  return {
    name: 'openalex',
    async search(q) {
      const params = new URLSearchParams({
        search: q.query,
        filter: `from_publication_date:${q.minYear}-01-01,is_retracted:false,type:article|book|book-chapter|dissertation|review`,
        'per-page': String(Math.min(50, q.limit)),
      });
      if (options.mailto) params.set('mailto', options.mailto);
      const data = (await getJson(fetchFn, `${base}/works?${params}`, q.signal, options.timeoutMs ?? 20_000)) as { results?: OpenAlexWork[] };
      const out: FoundWork[] = [];
      for (const w of data.results ?? []) {
        const title = (w.title ?? w.display_name ?? '').trim();
        const kind = KINDS[w.type ?? ''];
        if (!title || !kind || !w.publication_year || w.is_retracted) continue;
        const first = w.biblio?.first_page;
        const last = w.biblio?.last_page;
        out.push({
          provider: 'openalex',
          id: w.id ?? title,
          doi: w.doi ? w.doi.replace(/^https?:\/\/doi\.org\//i, '') : undefined,
          url: w.primary_location?.landing_page_url ?? undefined,
          title,
          authors: (w.authorships ?? [])
            .map((a) => a.author?.display_name?.trim())
            .filter((n): n is string => Boolean(n))
            .map(personFromDisplayName),
          year: w.publication_year,
          kind,
          container: w.primary_location?.source?.display_name ?? undefined,
          publisher: w.primary_location?.source?.host_organization_name ?? undefined,
          volume: w.biblio?.volume ?? undefined,
          issue: w.biblio?.issue ?? undefined,
          pages: first ? (last && last !== first ? `${first}-${last}` : first) : undefined,
          abstract: abstractFromIndex(w.abstract_inverted_index),
          language: w.language ?? undefined,
        });
      }
      return out;
    },
  };
}
