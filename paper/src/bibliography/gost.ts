/**
 * Bibliographic descriptions by GOST R 7.0.100-2018 (list entries) and references by
 * GOST R 7.0.5-2008 (footnotes). Areas are separated by ". – "; the content type element
 * ("Текст : непосредственный" / "Текст : электронный") closes a list entry, or stands before "//"
 * in the description of a part (article, chapter).
 */
import type { Person, WorkRecord } from './types.ts';
import { DASH, NBSP, directName, fullName, headingName, isForeign, pageRange } from './text.ts';

export type FormatMode = 'list' | 'note';

export interface FormatOptions {
  mode?: FormatMode;
  /** Cited pages for a footnote ("45" or "45-47"): they replace the extent. */
  citedPages?: string;
}

/** Joins areas with ". – ", without doubling a period that an area already ends with. */
function areas(parts: (string | undefined | false)[]): string {
  let out = '';
  for (const part of parts) {
    if (!part) continue;
    if (!out) out = part;
    else out += /[.!?]$/.test(out) ? ` ${DASH} ${part}` : `. ${DASH} ${part}`;
  }
  return out;
}

function finish(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

const isElectronic = (r: WorkRecord) => Boolean(r.url || r.doi);

function contentType(r: WorkRecord): string {
  return isElectronic(r) ? 'Текст : электронный' : 'Текст : непосредственный';
}

function urlArea(r: WorkRecord): string | undefined {
  const url = r.url ?? (r.doi ? `https://doi.org/${r.doi}` : undefined);
  if (!url) return undefined;
  return r.accessed ? `URL: ${url} (дата обращения: ${r.accessed})` : `URL: ${url}`;
}

/** Books and parts with 1-3 authors start with the first author's name (the heading). */
function heading(r: WorkRecord): string {
  const authors = r.authors ?? [];
  return authors.length >= 1 && authors.length <= 3 ? `${headingName(authors[0])} ` : '';
}

/** Statement of responsibility: up to 4 authors in full, 5 and more as the first three "[и др.]". */
function responsibility(authors: Person[] | undefined, foreign: boolean, extra?: string): string | undefined {
  const list = authors ?? [];
  let names = '';
  if (list.length > 0 && list.length <= 4) names = list.map(directName).join(', ');
  else if (list.length > 4) names = `${list.slice(0, 3).map(directName).join(', ')} ${foreign ? '[et al.]' : '[и др.]'}`;
  const parts = [names, extra].filter(Boolean);
  return parts.length ? parts.join(' ; ') : undefined;
}

function titleArea(r: WorkRecord, extraAfterSubtitle: string[] = []): string {
  const foreign = isForeign(r.title);
  let text = heading(r) + r.title;
  for (const other of [r.subtitle, ...extraAfterSubtitle]) if (other) text += ` : ${other}`;
  const resp = responsibility(r.authors, foreign, r.responsibility);
  if (resp) text += ` / ${resp}`;
  return text;
}

function imprint(place?: string, publisher?: string, year?: number): string | undefined {
  if (place && publisher) return `${place} : ${publisher}${year ? `, ${year}` : ''}`;
  if (place) return `${place}${year ? `, ${year}` : ''}`;
  if (publisher) return `${publisher}${year ? `, ${year}` : ''}`;
  return year ? String(year) : undefined;
}

/**
 * A publication's imprint as GOST R 7.0.100 wants it even when a database left the place or the
 * publisher out: «[Б. м.]» (no place) and «[б. и.]» (no publisher), «[S. l.]» and «[s. n.]» for a
 * foreign work.
 */
function publishedImprint(foreign: boolean, place?: string, publisher?: string, year?: number): string | undefined {
  return imprint(place ?? (foreign ? '[S. l.]' : '[Б. м.]'), publisher ?? (foreign ? '[s. n.]' : '[б. и.]'), year);
}

function pagesOf(foreign: boolean, pages: string): string {
  return `${foreign ? 'P.' : 'С.'}${NBSP}${pageRange(pages)}`;
}

function extentOf(r: WorkRecord, options: FormatOptions): string | undefined {
  const foreign = isForeign(r.title);
  if (options.citedPages) return pagesOf(foreign, options.citedPages);
  return r.pageCount ? `${r.pageCount}${NBSP}${foreign ? 'p.' : 'с.'}` : undefined;
}

function formatBook(r: WorkRecord, o: FormatOptions): string {
  const list = o.mode !== 'note';
  return finish(
    areas([
      titleArea(r),
      r.edition,
      publishedImprint(isForeign(r.title), r.place, r.publisher, r.year),
      extentOf(r, o),
      list && r.isbn && `ISBN ${r.isbn}`,
      urlArea(r),
      list && contentType(r),
    ]),
  );
}

function serialIssue(r: WorkRecord, foreign: boolean): string | undefined {
  const vol = r.volume ? `${foreign ? 'Vol.' : 'Т.'}${NBSP}${r.volume}` : '';
  const iss = r.issue ? `${foreign ? 'no.' : '№'}${NBSP}${r.issue}` : '';
  return [vol, iss].filter(Boolean).join(', ') || undefined;
}

/** Articles and chapters: "... / authors. – Текст : непосредственный // Host. – Year. – № 5. – С. 10–25." */
function formatPart(r: WorkRecord, o: FormatOptions): string {
  const foreign = isForeign(r.title);
  const list = o.mode !== 'note';
  const host = r.container;
  if (!host) return formatBook(r, o);
  let hostTitle = host.title;
  if (host.subtitle) hostTitle += ` : ${host.subtitle}`;
  if (host.responsibility) hostTitle += ` / ${host.responsibility}`;
  const cited = o.citedPages ?? r.pages;
  const head = list ? `${titleArea(r)}. ${DASH} ${contentType(r)} // ${hostTitle}` : `${titleArea(r)} // ${hostTitle}`;
  const isJournal = r.kind === 'article';
  return finish(
    areas([
      head,
      isJournal ? (host.year ?? r.year)?.toString() : publishedImprint(foreign, host.place, host.publisher, host.year ?? r.year),
      isJournal ? serialIssue(r, foreign) : r.volume && `${foreign ? 'Vol.' : 'Т.'}${NBSP}${r.volume}`,
      cited && pagesOf(foreign, cited),
      urlArea(r),
    ]),
  );
}

/** Collections under an editor: no heading, title, then "/ под редакцией ...". */
function formatCollection(r: WorkRecord, o: FormatOptions): string {
  return formatBook({ ...r, authors: [] }, o);
}

function formatThesis(r: WorkRecord, o: FormatOptions): string {
  const list = o.mode !== 'note';
  const author = r.authors?.[0];
  const kindText =
    r.kind === 'autoreferat'
      ? `автореферат диссертации на соискание ученой степени ${r.degree ?? ''}`.trim()
      : `диссертация на соискание ученой степени ${r.degree ?? ''}`.trim();
  let text = (author ? `${headingName(author)} ` : '') + r.title;
  if (r.specialty) text += ` : специальность ${r.specialty.code} «${r.specialty.name}»`;
  text += ` : ${kindText}`;
  const resp = [author && fullName(author), r.institution].filter(Boolean).join(' ; ');
  if (resp) text += ` / ${resp}`;
  return finish(
    areas([
      text,
      imprint(r.place, undefined, r.year),
      extentOf(r, o),
      list && r.kind === 'autoreferat' && r.defensePlace && `Место защиты: ${r.defensePlace}`,
      urlArea(r),
      list && contentType(r),
    ]),
  );
}

/** Laws and normative acts: "Title : Федеральный закон от dd.mm.yyyy № N-ФЗ : [принят ...]. – ..." */
function formatLaw(r: WorkRecord, o: FormatOptions): string {
  const list = o.mode !== 'note';
  let text = r.title;
  if (r.actType) {
    text += ` : ${r.actType}`;
    if (r.actDate) text += ` от ${r.actDate}`;
    if (r.actNumber) text += ` №${NBSP}${r.actNumber}`;
  }
  if (r.adopted) text += ` : [${r.adopted}]`;
  if (r.responsibility) text += ` / ${r.responsibility}`;
  const host = r.container;
  if (host) {
    // Published in an official gazette or on a legal web site.
    const head = list
      ? `${text}. ${DASH} ${contentType(r)} // ${host.title}${host.subtitle ? ` : ${host.subtitle}` : ''}`
      : `${text} // ${host.title}`;
    return finish(
      areas([
        head,
        host.year?.toString(),
        r.issue && `№${NBSP}${r.issue}`,
        r.gazetteArticle && `Ст.${NBSP}${r.gazetteArticle}`,
        o.citedPages && pagesOf(false, o.citedPages),
        urlArea(r),
      ]),
    );
  }
  return finish(
    areas([
      text,
      imprint(r.place, r.publisher, r.year),
      extentOf(r, o),
      list && r.isbn && `ISBN ${r.isbn}`,
      urlArea(r),
      list && contentType(r),
    ]),
  );
}

/** Web sites and pages: "Title : официальный сайт. – Москва. – URL: ... (дата обращения: ...). – Текст : электронный." */
function formatWeb(r: WorkRecord, o: FormatOptions): string {
  const list = o.mode !== 'note';
  if (r.container) {
    const host = `${r.container.title} : ${r.container.subtitle ?? '[сайт]'}`;
    const head = list ? `${titleArea(r)}. ${DASH} ${contentType(r)} // ${host}` : `${titleArea(r)} // ${host}`;
    return finish(areas([head, r.year?.toString(), urlArea(r)]));
  }
  return finish(
    areas([
      titleArea({ ...r, subtitle: r.subtitle ?? 'сайт' }),
      imprint(r.place, r.publisher, r.year),
      r.updateFrequency,
      urlArea(r),
      list && contentType(r),
    ]),
  );
}

/** A bibliographic description of a record: a list entry, or the first footnote reference to it. */
export function formatRecord(r: WorkRecord, options: FormatOptions = {}): string {
  const text = describe(r, options);
  return r.note ? finish(areas([text, r.note])) : text;
}

function describe(r: WorkRecord, options: FormatOptions): string {
  switch (r.kind) {
    case 'book':
      return formatBook(r, options);
    case 'collection':
      return formatCollection(r, options);
    case 'article':
    case 'chapter':
      return formatPart(r, options);
    case 'dissertation':
    case 'autoreferat':
      return formatThesis(r, options);
    case 'law':
      return formatLaw(r, options);
    case 'web':
      return formatWeb(r, options);
  }
}

/** The short form of a repeated reference: heading (if any) and title. */
export function shortRecord(r: WorkRecord): string {
  if (r.kind === 'law') return r.actType ? `${r.title} : ${r.actType}` : r.title;
  return heading(r) + r.title;
}
