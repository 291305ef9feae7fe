/**
 * A stand-in for the OpenAlex works API (https://api.openalex.org/works): `search`, the filters
 * the engine sends (publication_year:>N, language:ru|en, type, is_retracted), cursor paging
 * (`cursor=*`, then meta.next_cursor), `api_key` checked when one is configured, 429 on demand.
 */
import { matches, startStandIn } from './stand-in-server.ts';
import type { StandIn } from './stand-in-server.ts';

/** A work as OpenAlex returns it (the fields the engine reads). */
export interface OpenAlexRecord {
  id: string;
  doi?: string | null;
  title: string;
  display_name?: string;
  publication_year: number;
  type: string;
  language: string;
  is_retracted?: boolean;
  authorships: { author: { display_name: string }; raw_author_name?: string }[];
  primary_location?: {
    landing_page_url?: string | null;
    pdf_url?: string | null;
    source?: { display_name: string; host_organization_name?: string | null } | null;
  };
  best_oa_location?: { landing_page_url?: string | null; pdf_url?: string | null } | null;
  open_access?: { oa_url?: string | null };
  biblio?: { volume?: string | null; issue?: string | null; first_page?: string | null; last_page?: string | null };
  abstract_inverted_index?: Record<string, number[]> | null;
}

/** An abstract as OpenAlex ships it: word -> positions. */
export function invertedIndex(text: string): Record<string, number[]> {
  const index: Record<string, number[]> = {};
  text.split(/\s+/).forEach((word, i) => (index[word] ??= []).push(i));
  return index;
}

function filtersOf(value: string | null): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (value ?? '').split(',').filter(Boolean)) {
    const at = part.indexOf(':');
    out.set(part.slice(0, at), part.slice(at + 1));
  }
  return out;
}

export async function startOpenAlexStandIn(options: { works: OpenAlexRecord[]; apiKey?: string; maxPerPage?: number }): Promise<StandIn> {
  const maxPerPage = options.maxPerPage ?? 100;
  return startStandIn((url) => {
    if (url.pathname !== '/works') return { status: 404, body: { error: 'Not found' } };
    if (options.apiKey && url.searchParams.get('api_key') !== options.apiKey)
      return { status: 401, body: { error: 'Invalid or missing API key' } };
    const filters = filtersOf(url.searchParams.get('filter'));
    const search = url.searchParams.get('search') ?? '';
    const after = filters.get('publication_year');
    const languages = filters.get('language')?.split('|');
    const types = filters.get('type')?.split('|');
    const hits = options.works.filter((w) => {
      if (after?.startsWith('>') && !(w.publication_year > Number(after.slice(1)))) return false;
      if (languages && !languages.includes(w.language)) return false;
      if (types && !types.includes(w.type)) return false;
      if (filters.get('is_retracted') === 'false' && w.is_retracted) return false;
      const abstract = Object.keys(w.abstract_inverted_index ?? {}).join(' ');
      return !search || matches(search, `${w.title} ${abstract}`);
    });
    const perPage = Math.min(maxPerPage, Number(url.searchParams.get('per_page') ?? url.searchParams.get('per-page') ?? 25));
    const cursor = url.searchParams.get('cursor');
    const offset = cursor && cursor !== '*' ? Number(Buffer.from(cursor, 'base64url').toString()) : 0;
    const page = hits.slice(offset, offset + perPage);
    const nextOffset = offset + page.length;
    return {
      status: 200,
      body: {
        meta: {
          count: hits.length,
          per_page: perPage,
          next_cursor: cursor && nextOffset < hits.length ? Buffer.from(String(nextOffset)).toString('base64url') : null,
        },
        results: page,
      },
    };
  });
}
