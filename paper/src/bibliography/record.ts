/** Structured bibliographic records, the input of the GOST R 7.0.100-2018 formatter. */

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
