import type { Person, WorkKind } from '../../bibliography/record.ts';

export interface SearchQuery {
  query: string;
  /** Only works published in this year or later. */
  minYear: number;
  /** At most this many works (a provider pages until it has them or the results end). */
  limit: number;
  signal?: AbortSignal;
}

/** A work a bibliographic database returned, with what is needed to describe it by GOST. */
export interface FoundWork {
  provider: string;
  /** Provider's id or DOI. */
  id: string;
  doi?: string;
  /** The work's page (landing page or repository record). */
  url?: string;
  /** A PDF of the full text anyone may read (open access). */
  pdfUrl?: string;
  /** The best open-access copy of the full text (a page or a PDF). */
  oaUrl?: string;
  title: string;
  /** Other title information, printed after " : ". */
  subtitle?: string;
  authors: Person[];
  year: number;
  kind: WorkKind;
  container?: string;
  volume?: string;
  issue?: string;
  pages?: string;
  /** Extent of a whole book, in pages. */
  pageCount?: number;
  publisher?: string;
  place?: string;
  isbn?: string;
  abstract?: string;
  /** ISO 639-1 ("ru", "en"), when the provider knows it. */
  language?: string;
  /** No real publication: a record the development stand-in made up (search/invented.ts). Its list
   * entry, the preview and the AI appendix say so. */
  invented?: true;
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
