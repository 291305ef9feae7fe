/** A library record as the rest of the service sees it: what a bibliography entry per GOST R
 * 7.0.100-2018 needs, and where the work came from. The paper engine's source stage consumes it. */
export interface LibraryRecord {
  id: string;
  /** The repository it was harvested from ('cyberleninka', ...), or 'dev-collection': the
   * development collection, which holds no real publications and must never reach a customer. */
  origin: string;
  /** In their original script, as the repository gives them ("Иванов Иван Иванович"). */
  authors: string[];
  title: string;
  subtitle: string | null;
  journal: string | null;
  year: number | null;
  volume: string | null;
  issue: string | null;
  /** "45–52" (an en dash), or a single page. */
  pages: string | null;
  publisher: string | null;
  place: string | null;
  /** ISO 639-1 ('ru', 'en', ...). */
  language: string | null;
  /** Lower case, without "https://doi.org/". */
  doi: string | null;
  /** The landing page. */
  url: string | null;
  pdfUrl: string | null;
  abstract: string | null;
  keywords: string[];
  /** Said to whoever shows the record (the development collection says what it is). */
  note: string | null;
}

export const DEV_COLLECTION_ORIGIN = 'dev-collection';

/** A record as harvested, before it has a library id. */
export type HarvestedRecord = Omit<LibraryRecord, 'id'>;

/** The key under which the same work from two repositories is one record: normalised title,
 * the first author's surname, the year. */
export function dedupeKeyOf(record: Pick<HarvestedRecord, 'title' | 'subtitle' | 'authors' | 'year'>): string {
  const title = normaliseText([record.title, record.subtitle].filter(Boolean).join(' '));
  return `${title}|${surnameOf(record.authors[0] ?? '')}|${record.year ?? ''}`;
}

/** Lower case, ё as е, letters and digits only, single spaces. */
function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** "Иванов И. И.", "Иванов Иван Иванович", "Ivanov, I. I.", "I. I. Ivanov" -> the surname. */
function surnameOf(author: string): string {
  const words = author.split(/[\s,]+/).filter(Boolean);
  const surname = words.find((w) => !/^\p{L}{1,2}\.(\p{L}\.)*$/u.test(w) && normaliseText(w).length > 1) ?? words[0] ?? '';
  return normaliseText(surname);
}
