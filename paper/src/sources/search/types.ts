import type { FoundWork } from '../../bibliography/types.ts';

export interface SearchQuery {
  query: string;
  /** Only works published in this year or later. */
  minYear: number;
  /** At most this many works (a provider pages until it has them or the results end). */
  limit: number;
  signal?: AbortSignal;
}

/**
 * A bibliographic database. The engine asks every configured one (the api's own library of
 * Russian works, OpenAlex, Crossref) and merges what they find; the api gives its library to the
 * engine as a BibliographicSearch named 'library' (RunContext.library).
 */
export interface BibliographicSearch {
  /** 'library', 'openalex', 'crossref', 'local'. */
  readonly name: string;
  /**
   * A catalogue without network (tests, offline development, the invented stand-in): papers found
   * with it are not held to the minimum number of sources.
   */
  readonly offline?: boolean;
  search(query: SearchQuery): Promise<FoundWork[]>;
  /** The database's record of a DOI (Crossref): fills in what another database left out. */
  lookup?(doi: string, signal?: AbortSignal): Promise<FoundWork | null>;
}

/** The databases a run asks (part of its RunContext). */
export interface SearchContext {
  /**
   * The bibliographic databases (OpenAlex, Crossref, a local catalogue), asked together and their
   * finds merged; null: only the attached sources are used (offline development).
   */
  search: BibliographicSearch | readonly BibliographicSearch[] | null;
  /** The api's own library of Russian and English works (a BibliographicSearch named 'library'), asked with `search`. */
  library?: BibliographicSearch | null;
}
