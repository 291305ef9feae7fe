/**
 * OpenAlex works search (https://api.openalex.org/works): `search=`, filters for the publication
 * year, language (Russian and English) and type, cursor paging; `api_key` when configured (OpenAlex
 * needs one for real use), `mailto` for the polite pool.
 */
import type { WorkKind, FoundWork } from '../../bibliography/types.ts';
import { isCyrillic } from '../../bibliography/text.ts';
import { bareDoi, createJsonClient, personFromDisplayName, splitTitle } from './common.ts';
import type { ProviderOptions } from './common.ts';
import type { BibliographicSearch } from './types.ts';

export interface OpenAlexOptions extends ProviderOptions {
  apiKey?: string;
  mailto?: string;
}

interface OpenAlexLocation {
  landing_page_url?: string | null;
  pdf_url?: string | null;
  source?: { display_name?: string | null; host_organization_name?: string | null } | null;
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
  authorships?: { author?: { display_name?: string | null } | null; raw_author_name?: string | null }[];
  primary_location?: OpenAlexLocation | null;
  best_oa_location?: OpenAlexLocation | null;
  open_access?: { oa_url?: string | null } | null;
  biblio?: { volume?: string | null; issue?: string | null; first_page?: string | null; last_page?: string | null };
  abstract_inverted_index?: Record<string, number[]> | null;
}

interface OpenAlexPage {
  meta?: { next_cursor?: string | null };
  results?: OpenAlexWork[];
}

const KINDS: Record<string, WorkKind> = {
  article: 'article',
  review: 'article',
  book: 'book',
  'book-chapter': 'chapter',
  dissertation: 'dissertation',
};

/** OpenAlex's most per page. */
const PAGE_SIZE = 100;

/** OpenAlex ships abstracts as an inverted index: word -> positions. */
export function abstractFromIndex(index: Record<string, number[]> | null | undefined): string | undefined {
  if (!index) return undefined;
  const words: string[] = [];
  for (const [word, positions] of Object.entries(index)) for (const p of positions) if (p < 2000) words[p] = word;
  const text = words.filter(Boolean).join(' ');
  return text || undefined;
}

/**
 * The authors in the script of the work: OpenAlex's display_name of a Russian author is often a
 * Latin transliteration, while raw_author_name keeps the name as the paper printed it.
 */
function authorNames(w: OpenAlexWork, title: string): string[] {
  const cyrillicTitle = isCyrillic(title);
  return (w.authorships ?? [])
    .map((a) => {
      const display = a.author?.display_name?.trim();
      const raw = a.raw_author_name?.trim();
      if (cyrillicTitle && raw && isCyrillic(raw) && !(display && isCyrillic(display))) return raw;
      return display || raw;
    })
    .filter((n): n is string => Boolean(n));
}

function workFromOpenAlex(w: OpenAlexWork): FoundWork | null {
  const full = (w.title ?? w.display_name ?? '').trim();
  const kind = KINDS[w.type ?? ''];
  if (!full || !kind || !w.publication_year || w.is_retracted) return null;
  const { title, subtitle } = splitTitle(full);
  const first = w.biblio?.first_page;
  const last = w.biblio?.last_page;
  const pdfUrl = w.best_oa_location?.pdf_url ?? undefined;
  return {
    provider: 'openalex',
    id: w.id ?? full,
    doi: bareDoi(w.doi),
    url: w.primary_location?.landing_page_url ?? undefined,
    pdfUrl,
    oaUrl: w.open_access?.oa_url ?? pdfUrl ?? w.best_oa_location?.landing_page_url ?? undefined,
    title,
    subtitle,
    authors: authorNames(w, title).map(personFromDisplayName),
    year: w.publication_year,
    kind,
    container: w.primary_location?.source?.display_name ?? undefined,
    publisher: w.primary_location?.source?.host_organization_name ?? undefined,
    volume: w.biblio?.volume ?? undefined,
    issue: w.biblio?.issue ?? undefined,
    pages: first ? (last && last !== first ? `${first}-${last}` : first) : undefined,
    abstract: abstractFromIndex(w.abstract_inverted_index),
    language: w.language ?? undefined,
  };
}

export function createOpenAlexSearch(options: OpenAlexOptions = {}): BibliographicSearch {
  const base = (options.baseUrl ?? 'https://api.openalex.org').replace(/\/$/, '');
  const client = createJsonClient('OpenAlex', options);
  return {
    name: 'openalex',
    async search(q) {
      const out: FoundWork[] = [];
      let cursor: string | null = '*';
      // A page without a usable work still moves the cursor; a bounded number of pages keeps a run short.
      for (let page = 0; cursor && out.length < q.limit && page < 5; page++) {
        const params = new URLSearchParams({
          search: q.query,
          filter: `publication_year:>${q.minYear - 1},language:ru|en,is_retracted:false,type:article|book|book-chapter|review`,
          per_page: String(Math.min(PAGE_SIZE, q.limit)),
          cursor,
        });
        if (options.apiKey) params.set('api_key', options.apiKey);
        if (options.mailto) params.set('mailto', options.mailto);
        const data = ((await client.get(`${base}/works?${params}`, q.signal)) ?? {}) as OpenAlexPage;
        const results = data.results ?? [];
        for (const w of results) {
          const work = workFromOpenAlex(w);
          if (work && out.length < q.limit) out.push(work);
        }
        cursor = results.length ? (data.meta?.next_cursor ?? null) : null;
      }
      return out;
    },
  };
}
