/** Normalisation of an oai_dc record (unqualified Dublin Core) into a library record. Repositories
 * fill Dublin Core loosely: the journal, volume, issue and pages hide in dc:source or dc:identifier
 * strings ("Вестник ТГУ. Экономика. 2015. №3 (31). С. 45-52", "Journal; Vol 3 No 2 (2018); 45-52"),
 * the DOI in an identifier or a relation, the PDF in a link. */
import type { HarvestedRecord } from './record.ts';

/** The Dublin Core elements of one record, each as its list of text values. */
export type DcFields = Partial<Record<DcElement, string[]>>;
export type DcElement =
  | 'title'
  | 'creator'
  | 'subject'
  | 'description'
  | 'publisher'
  | 'contributor'
  | 'date'
  | 'type'
  | 'format'
  | 'identifier'
  | 'source'
  | 'language'
  | 'relation'
  | 'coverage'
  | 'rights';

export const DC_ELEMENTS: DcElement[] = [
  'title',
  'creator',
  'subject',
  'description',
  'publisher',
  'contributor',
  'date',
  'type',
  'format',
  'identifier',
  'source',
  'language',
  'relation',
  'coverage',
  'rights',
];

export interface CitationParts {
  journal: string | null;
  year: number | null;
  volume: string | null;
  issue: string | null;
  pages: string | null;
}

const DASH = /\s*[-‐‑–—]\s*/;
const VOLUME = /(?:^|[\s,.;:(])(?:т\.|том|vol\.?|volume)\s*(\d+[\p{L}]?)(?![\p{L}\d])/iu;
const ISSUE =
  /(?:№|(?:^|[\s,.;:(])(?:no\.?|nr\.?|issue|iss\.|вып\.|выпуск))\s*(\d+(?:\s*[-–/]\s*\d+)?(?:\s*\((?!(?:1[89]|20)\d\d\))\d+\))?)/iu;
const PAGES = /(?:^|[\s,.;:(])(?:с\.|стр\.|pp?\.|pages?)\s*(\d+(?:\s*[-‐‑–—]\s*\d+)?)/iu;
/** OJS: "Journal; Том 3, № 2 (2018); 45-52" ends with a bare page range. */
const BARE_PAGES = /^\s*(\d+\s*[-‐‑–—]\s*\d+|\d+)\s*$/;
const YEAR = /(?<!\d)(1[89]\d\d|20\d\d)(?!\d)/;
const DOI = /\b(10\.\d{4,9}\/[^\s"<>]+)/i;
const URL_LIKE = /^https?:\/\//i;

/** Journal name, year, volume, issue and pages from a citation string. */
export function parseCitation(text: string): CitationParts {
  const s = text.replace(/\s+/g, ' ').trim();
  const volume = VOLUME.exec(s)?.[1] ?? null;
  const issue =
    ISSUE.exec(s)?.[1]
      ?.replace(/\s*([-–/])\s*/, '$1')
      .replace(/\s*\(/, ' (') ?? null;
  let pages = PAGES.exec(s)?.[1] ?? null;
  if (!pages) {
    const segments = s.split(';');
    const last = segments.length > 1 ? segments[segments.length - 1] : '';
    pages = BARE_PAGES.exec(last)?.[1] ?? null;
  }
  const yearMatch = YEAR.exec(s.replace(DOI, ''));
  return {
    journal: journalOf(s),
    year: yearMatch ? Number(yearMatch[1]) : null,
    volume,
    issue,
    pages: pages ? pages.split(DASH).join('–') : null,
  };
}

/** The journal's name: the citation up to its first detail (a year, "Т.", "№", "Vol", ";"). */
function journalOf(s: string): string | null {
  const cut = s.search(
    /(?:[.,;]\s*(?:(?:1[89]|20)\d\d(?!\d)|т\.|том(?!\p{L})|vol\b|vol\.|volume\b|№|no\.|issue\b|вып\.|с\.\s*\d|pp?\.\s*\d)|;|\s№|\s\((?:1[89]|20)\d\d\))/iu,
  );
  const name = (cut >= 0 ? s.slice(0, cut) : s).replace(/[\s.,:;]+$/, '').trim();
  if (!name || URL_LIKE.test(name) || DOI.test(name) || /^\d/.test(name)) return null;
  return name;
}

/** A record's metadata, normalised. `origin` names the repository. */
export function normaliseDc(dc: DcFields, origin: string): HarvestedRecord | null {
  const all = (element: DcElement) => (dc[element] ?? []).map(clean).filter(Boolean);
  const fullTitle = all('title')[0];
  if (!fullTitle) return null;
  const { title, subtitle } = splitTitle(fullTitle);

  // Citation parts: dc:source first, then identifier and relation strings that read like citations.
  const citationStrings = [...all('source'), ...all('identifier'), ...all('relation')].filter(
    (s) => !URL_LIKE.test(s) && !/^(?:doi:|urn:|issn|isbn)/i.test(s),
  );
  const parts = citationStrings.map(parseCitation);
  const first = <K extends keyof CitationParts>(key: K) => parts.find((p) => p[key] !== null)?.[key] ?? null;

  const publisher = all('publisher')[0] ?? null;
  const sourceJournal =
    all('source')
      .map((s) => parseCitation(s).journal)
      .find(Boolean) ?? null;
  const relationJournal =
    all('relation')
      .filter((s) => !URL_LIKE.test(s))
      .map((s) => parseCitation(s).journal)
      .find(Boolean) ?? null;
  const isArticle = all('type').some((t) => /article|статья/i.test(t));
  const journal = sourceJournal ?? relationJournal ?? (isArticle ? publisher : null);

  const links = [...all('identifier'), ...all('relation')].filter((s) => URL_LIKE.test(s));
  const pdfUrl = links.find(isPdfLink) ?? null;
  const doi = doiOf([...all('identifier'), ...all('relation'), ...all('source')]);
  const url = links.find((l) => !isPdfLink(l) && !/doi\.org\//i.test(l)) ?? (doi ? `https://doi.org/${doi}` : null);

  return {
    origin,
    authors: unique(all('creator').map((a) => a.replace(/\s*,\s*$/, ''))),
    title,
    subtitle,
    journal,
    year: yearOf(all('date')) ?? first('year'),
    volume: first('volume'),
    issue: first('issue'),
    pages: first('pages'),
    publisher,
    place: null,
    language: languageOf(all('language')[0], fullTitle),
    doi,
    url,
    pdfUrl,
    abstract: all('description').map(stripMarkup).find(Boolean) ?? null,
    keywords: keywordsOf(all('subject')),
    note: null,
  };
}

/** "Заглавие : подзаголовок" / "Title: subtitle". */
function splitTitle(full: string): { title: string; subtitle: string | null } {
  const m = /^(.{3,}?)\s*:\s+(.+)$/.exec(full);
  if (!m) return { title: full.replace(/\.$/, ''), subtitle: null };
  return { title: m[1].trim(), subtitle: m[2].replace(/\.$/, '').trim() };
}

function yearOf(dates: string[]): number | null {
  for (const d of dates) {
    const m = YEAR.exec(d);
    if (m) return Number(m[1]);
  }
  return null;
}

const LANGUAGES: Record<string, string> = {
  ru: 'ru',
  rus: 'ru',
  russian: 'ru',
  русский: 'ru',
  en: 'en',
  eng: 'en',
  english: 'en',
  английский: 'en',
};

/** ISO 639-1; without dc:language, guessed from the title's script. */
function languageOf(value: string | undefined, title: string): string | null {
  const v = value?.toLowerCase().split(/[-_]/)[0].trim();
  if (v && LANGUAGES[v]) return LANGUAGES[v];
  if (v && /^[a-z]{2}$/.test(v)) return v;
  const cyrillic = (title.match(/\p{Script=Cyrillic}/gu) ?? []).length;
  const latin = (title.match(/\p{Script=Latin}/gu) ?? []).length;
  if (cyrillic + latin === 0) return null;
  return cyrillic >= latin ? 'ru' : 'en';
}

/** dc:subject: one keyword each, or several in one string separated by ";" or ","; UDC and other
 * classification codes are not keywords. */
function keywordsOf(subjects: string[]): string[] {
  const words = subjects.flatMap((s) => s.split(/\s*[;,]\s*/)).map((s) => s.replace(/\.$/, '').trim());
  return unique(words.filter((w) => w && !/^(?:удк|ббк|udc|jel|грнти)(?!\p{L})/iu.test(w) && !/^[\d.:\-() ]+$/.test(w)));
}

function doiOf(values: string[]): string | null {
  for (const v of values) {
    const m = DOI.exec(decodeURIComponentSafe(v));
    if (m) return m[1].replace(/[.,;)\]]+$/, '').toLowerCase();
  }
  return null;
}

function isPdfLink(url: string): boolean {
  const path = url.split(/[?#]/)[0].toLowerCase();
  return path.endsWith('.pdf') || path.endsWith('/pdf') || /\/(?:article|bitstream)\/download\//.test(path) || /\/bitstream\//.test(path);
}

function stripMarkup(text: string): string {
  // Repositories (OJS) put HTML into dc:description as text; the abstract is read as plain text.
  return clean(text.replace(/<[^>]*>/g, ' '));
}

function clean(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function unique(xs: string[]): string[] {
  const seen = new Set<string>();
  return xs.filter((x) => {
    const key = x.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
