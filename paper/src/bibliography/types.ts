/**
 * The bibliography's data, no functions: the structured records the GOST R 7.0.100-2018 formatter
 * describes, the works a bibliographic database returns, and the paper's list of sources as the
 * run's state keeps it.
 */
import type { SourceVerification } from '@app/contract';

export interface Person {
  family: string;
  /** Given names or initials: "Иван Иванович", "И. И.", "John R." */
  given?: string;
}

export type WorkKind = 'book' | 'collection' | 'article' | 'chapter' | 'dissertation' | 'autoreferat' | 'law' | 'web';

/** A journal, a collection, an official gazette or a web site that a work is part of. */
export interface Container {
  title: string;
  subtitle?: string;
  /** Printed after "/", e.g. "под редакцией И. И. Иванова". */
  responsibility?: string;
  place?: string;
  publisher?: string;
  year?: number;
}

export interface WorkRecord {
  kind: WorkKind;
  title: string;
  /** Other title information, printed after " : " (e.g. "учебное пособие"). */
  subtitle?: string;
  authors?: Person[];
  /** Statement of responsibility for works without authors, e.g. "под редакцией И. И. Иванова". */
  responsibility?: string;
  edition?: string;
  place?: string;
  publisher?: string;
  year?: number;
  /** Extent of a whole book, in pages. */
  pageCount?: number;
  isbn?: string;
  container?: Container;
  volume?: string;
  issue?: string;
  /** Pages of an article or chapter, "12-18". */
  pages?: string;
  /** Article number in an official gazette ("Ст. 3448"). */
  gazetteArticle?: string;
  /** Dissertations and autoreferats. */
  specialty?: { code: string; name: string };
  degree?: string;
  institution?: string;
  defensePlace?: string;
  /** Laws and normative acts. */
  actType?: string;
  actNumber?: string;
  /** dd.mm.yyyy */
  actDate?: string;
  adopted?: string;
  /** Electronic resources. */
  url?: string;
  doi?: string;
  /** dd.mm.yyyy */
  accessed?: string;
  /** "Обновляется в течение суток" */
  updateFrequency?: string;
  /** The note area, printed last: what a reader must know of the record. */
  note?: string;
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

/** A source of the paper: the user's own citation string, or a structured record found by a provider. */
export interface BibSource {
  id: string;
  origin: 'attached' | 'found';
  record?: WorkRecord;
  citation?: string;
}

export interface Cite {
  id: string;
  pages?: string;
}

export type Inline = { kind: 'text'; text: string } | { kind: 'footnote'; text: string };

/** A group of markers as it was printed: where it stood in its paragraph, what it cited, what it became. */
export interface PrintedCitation {
  /** The group's offset in the paragraph as given (with its markers). */
  at: number;
  cites: Cite[];
  printed: Inline[];
}

export interface BibliographyEntry {
  number: number;
  text: string;
  /** Group heading when the bibliography is split. */
  group?: string;
  origin: 'attached' | 'found';
}

/** A source of the list as the preview page shows it. */
export interface PaperSourceRef {
  number: number;
  /** The GOST description, as printed in the list. */
  text: string;
  verifiedBy: SourceVerification;
  /** Where to open it: the DOI's URL or the landing page; null for the user's own file (the api may link its download). */
  url: string | null;
  /** The user's file it is (its position among the attached files, from 0). */
  attachedIndex?: number;
}

/** An entry of the list and the source it describes. */
export interface ListedEntry extends BibliographyEntry {
  sourceId: string;
}

export interface PaperBibliography {
  /** In print order; `group` is the group's heading when the list is split. */
  entries: ListedEntry[];
  /** Source id -> its number in the list (a source listed twice is numbered as its first entry). */
  numberOf: Record<string, number>;
  /** The list as the preview page shows it: where each entry was verified. */
  references: PaperSourceRef[];
}
