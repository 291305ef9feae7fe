/** Normalisation of an oai_dc record (unqualified Dublin Core) into a library record. Repositories
 * fill Dublin Core loosely: the journal, volume, issue and pages hide in dc:source or dc:identifier
 * strings ("Вестник ТГУ. Экономика. 2015. №3 (31). С. 45-52", "Journal; Vol 3 No 2 (2018); 45-52"),
 * the DOI in an identifier or a relation, the PDF in a link. */
import type { HarvestedRecord } from './record.ts';

/** The Dublin Core elements of one record, each as its list of text values. */
export type DcFields = Partial<Record<DcElement | CitationElement, string[]>>;
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

/** CyberLeninka's oai_dc carries its numbers in BIBO and DCMI terms beside Dublin Core
 * (bibo:volume, bibo:issue, bibo:pages; dcterms:bibliographicCitation: the journal, its ISSN, the
 * numbers, the country and city); the client reads them without their prefixes. */
export const CITATION_ELEMENTS = ['bibliographicCitation', 'volume', 'issue', 'pages'] as const;
type CitationElement = (typeof CITATION_ELEMENTS)[number];

export interface CitationParts {
  journal: string | null;
  year: number | null;
  volume: string | null;
  issue: string | null;
  pages: string | null;
}

const DASHES = '-‐‑–—';
const RANGE = `\\d+(?:\\s*[${DASHES}]\\s*\\d+)?`;
/** "Т. 23", "т.5", "Том 12", "Vol. 10", "vol 3", "Volume 2", "V. 4". */
const VOLUME = /(?<![\p{L}\d])(?:т\.|том|t\.|vol\.?|volume|v\.)\s*(\d+[\p{L}]?)(?![\p{L}\d])/iu;
/** "№ 5 (363)", "№3(31)", "N 6", "no. 2", "Nr. 4", "issue 6", "Iss. 2", "вып. 4", "Выпуск 6", "№ 1-2". */
const ISSUE =
  /(?:№|(?<![\p{L}\d])(?:no\.?|nr\.?|n[°º]?|issue|iss\.|вып\.|выпуск))\s*(\d+(?:\s*[-–/]\s*\d+)?(?:\s*\((?!(?:1[89]|20)\d\d\))\d+\))?)/iu;
/** "С. 1311–1328", "с. 45", "стр. 12-18", "pp. 5-12", "P. 5–12", "pages 45-52". */
const PAGES = new RegExp(`(?<![\\p{L}\\d])(?:с\\.|стр\\.|pp\\.?|p\\.|pages?)\\s*(${RANGE})`, 'iu');
/** APA and Vancouver: "10(3), 5–12", "2019;10(6):5-12". */
const VOLUME_ISSUE = new RegExp(
  `(?<![\\p{L}\\d.])(\\d{1,4})\\s?\\((?!(?:1[89]|20)\\d\\d\\))(\\d{1,4}(?:[-–/]\\d{1,4})?)\\)(?:\\s*[:,]\\s*(${RANGE}))?`,
  'u',
);
/** OJS: "Journal; Том 3, № 2 (2018); 45-52" ends with bare pages; others with a bare range. */
const BARE_PAGES = new RegExp(`(?:;\\s*(${RANGE})|[,.]\\s*(\\d+\\s*[${DASHES}]\\s*\\d+))\\s*\\.?$`, 'u');
const YEAR = /(?<!\d)(1[89]\d\d|20\d\d)(?!\d)/;
const DOI = /\b(10\.\d{4,9}\/[^\s"<>]+)/i;
const ISSN = /\bISSN:?\s*\d{4}-\d{3}[\dX]\b/gi;
const URL_LIKE = /^https?:\/\//i;
/** The part of a citation before its first detail: a year, a volume, an issue, pages, ";". */
const JOURNAL_END =
  /(?:[.,;]\s*(?:(?:1[89]|20)\d\d(?!\d)|т\.|том(?!\p{L})|vol\b|vol\.|volume\b|№|no\.|n\s?\d|issue\b|iss\.|вып\.|выпуск|с\.\s*\d|стр\.\s*\d|pp?\.\s*\d)|;|\s№|\s\((?:1[89]|20)\d\d\)|,\s*\d{1,4}\s?\(\d)/iu;

/** GOST's area separator ". – " (en dash, em dash or hyphen) is a full stop; a spaced page range
 * is a range; a dash before a detail ("Управленец – 2019 – Т. 10") is a separator too. */
function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(new RegExp(`\\.\\s+[${DASHES}]\\s+`, 'g'), '. ')
    .replace(new RegExp(`(?<=\\d)\\s+[${DASHES}]\\s+(?=\\d)`, 'g'), '–')
    .replace(new RegExp(`\\s+[${DASHES}]\\s+(?=(?:т\\.|том|vol|№|no\\.|вып|с\\.|стр\\.|pp?\\.|(?:1[89]|20)\\d\\d))`, 'giu'), '. ')
    .trim();
}

const rangeOf = (pages: string) => pages.split(new RegExp(`\\s*[${DASHES}]\\s*`)).join('–');

/** Journal name, year, volume, issue and pages from a citation string, in any of the forms
 * repositories write: GOST with ". – " areas, «Журнал, 2019, Т. 10, № 6, С. 5-12», «Журнал. 2019.
 * Vol. 10, no. 6. P. 5–12», English and APA forms, OJS's "Journal; Vol 3 No 2 (2018); 45-52", and a
 * whole reference "Автор. Статья // Журнал. – 2019. – …" (its host after "//"). */
export function parseCitation(text: string): CitationParts {
  const all = tidy(text);
  const host = all.includes('//') ? all.slice(all.lastIndexOf('//') + 2).trim() : all;
  // Each detail found is blanked out, so that no number is read twice (pages are no year).
  let rest = host.replace(DOI, ' ').replace(ISSN, ' ');
  const take = (re: RegExp) => {
    const m = re.exec(rest);
    if (m) rest = rest.slice(0, m.index) + ' '.repeat(m[0].length) + rest.slice(m.index + m[0].length);
    return m;
  };
  const pagesMatch = take(PAGES);
  let volume = take(VOLUME)?.[1] ?? null;
  let issue =
    take(ISSUE)?.[1]
      ?.replace(/\s*([-–/])\s*/, '$1')
      .replace(/\s*\(/, ' (') ?? null;
  let pages = pagesMatch?.[1] ?? null;
  if (!volume && !issue) {
    const apa = take(VOLUME_ISSUE);
    if (apa) [volume, issue, pages] = [apa[1], apa[2], pages ?? apa[3] ?? null];
  }
  if (!pages) {
    const bare = take(BARE_PAGES);
    pages = bare?.[1] ?? bare?.[2] ?? null;
  }
  const yearMatch = take(YEAR);
  const year = yearMatch && Number(yearMatch[1]) <= new Date().getFullYear() + 1 ? Number(yearMatch[1]) : null;
  return { journal: journalOf(host), year, volume, issue, pages: pages ? rangeOf(pages) : null };
}

/** The journal's name: the citation up to its first detail. */
function journalOf(s: string): string | null {
  const cut = s.search(JOURNAL_END);
  const name = (cut >= 0 ? s.slice(0, cut) : s)
    .replace(/\[[^\]]*\]/g, '')
    .replace(/[\s.,:;]+$/, '')
    .trim();
  if (!name || URL_LIKE.test(name) || DOI.test(name) || /^\d/.test(name)) return null;
  return name;
}

/** dcterms:bibliographicCitation values that are not the journal: its ISSN, its numbers, its country and city. */
const NOT_A_JOURNAL =
  /^(?:\d{4}-\d{3}[\dX]|[\d\s()\-–—.,/]+|(?:Россия|Российская Федерация|Russia|Беларусь|Казахстан|Узбекистан|Кыргызстан|Украина|Армения)\s*,.*)$/iu;

/**
 * The year of publication. A citation's year wins (dc:source, or a citation string with its
 * volume, issue or pages): it is the year of the issue the article is printed in, which is what a
 * reference prints, while dc:date is the repository's, often the day it was deposited (DSpace
 * lists accessioned, available and issued, in that order) or an online-first date. Without one,
 * dc:date: the dates without a time of day (DSpace's issued) before the timestamps of deposit,
 * the earliest of them.
 */
function yearOf(citations: { parts: CitationParts; fromSource: boolean }[], dates: string[]): number | null {
  const cited = citations.find(
    ({ parts, fromSource }) => parts.year !== null && (fromSource || parts.volume || parts.issue || parts.pages),
  );
  if (cited) return cited.parts.year;
  const days = dates.filter((d) => !/\dT\d\d:\d\d/.test(d));
  const years = (days.length ? days : dates)
    .map((d) => YEAR.exec(d)?.[1])
    .filter((y): y is string => y !== undefined)
    .map(Number);
  return years.length ? Math.min(...years) : null;
}

/** A record's metadata, normalised. `origin` names the repository. */
export function normaliseDc(dc: DcFields, origin: string): HarvestedRecord | null {
  const all = (element: DcElement | CitationElement) => (dc[element] ?? []).map(clean).filter(Boolean);
  const fullTitle = all('title')[0];
  if (!fullTitle) return null;
  const { title, subtitle } = splitTitle(fullTitle);

  // Citation parts: dc:source first, then identifier and relation strings that read like citations.
  const sources = all('source');
  const citationStrings = [...sources, ...all('identifier'), ...all('relation')].filter(
    (s) => !URL_LIKE.test(s) && !/^(?:doi:|urn:|issn|isbn|info:)/i.test(s) && !/^\d{4}-\d{3}[\dX]$/i.test(s),
  );
  const citations = citationStrings.map((s, i) => ({ parts: parseCitation(s), fromSource: i < sources.length, text: s }));
  const first = <K extends keyof CitationParts>(key: K) => citations.find((c) => c.parts[key] !== null)?.parts[key] ?? null;
  const listed = (element: CitationElement) => all(element)[0] ?? null;

  const publisher = all('publisher')[0] ?? null;
  const journalOfStrings = (texts: string[]) => texts.map((s) => parseCitation(s).journal).find(Boolean) ?? null;
  const isArticle = all('type').some((t) => /article|статья/i.test(t));
  const journal =
    journalOfStrings(sources) ??
    all('bibliographicCitation').find((s) => !NOT_A_JOURNAL.test(s)) ??
    // A whole reference in dc:identifier (DSpace's dc.identifier.citation): its host after "//".
    journalOfStrings(citations.filter((c) => !c.fromSource && c.text.includes('//')).map((c) => c.text)) ??
    journalOfStrings(all('relation').filter((s) => !URL_LIKE.test(s))) ??
    (isArticle ? publisher : null);

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
    year: yearOf(citations, all('date')),
    volume: listed('volume') ?? first('volume'),
    issue: listed('issue') ?? first('issue'),
    pages: (listed('pages') && rangeOf(listed('pages')!)) ?? first('pages'),
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
