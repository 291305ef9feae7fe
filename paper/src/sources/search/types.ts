import type { Person, WorkKind } from '../../bibliography/record.ts';

export interface SearchQuery {
  query: string;
  /** Only works published in this year or later. */
  minYear: number;
  limit: number;
  signal?: AbortSignal;
}

/** A work a bibliographic database returned, with what is needed to describe it by GOST. */
export interface FoundWork {
  provider: string;
  /** Provider's id or DOI. */
  id: string;
  doi?: string;
  url?: string;
  /** An open PDF of the full text. */
  pdfUrl?: string;
  /** An open-access copy: a PDF or a landing page. */
  oaUrl?: string;
  title: string;
  authors: Person[];
  year: number;
  kind: WorkKind;
  container?: string;
  volume?: string;
  issue?: string;
  pages?: string;
  publisher?: string;
  place?: string;
  abstract?: string;
  language?: string;
}

export interface BibliographicSearch {
  readonly name: string;
  search(query: SearchQuery): Promise<FoundWork[]>;
}
