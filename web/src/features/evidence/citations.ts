/**
 * The citations printed on a page of the paper, found in the text of its PDF (the text layer's
 * runs, in reading order), and each matched to its entry of «Отчёт об источниках».
 *
 * In-text references are «[N, с. X]» brackets, possibly several works in one («[3, с. 45; 5]»):
 * each work of a bracket is a citation of its own. Footnotes are their numbers: small digits
 * raised over the text (the mark; adjacent marks run together: «56789» is 5 to 9) and the number
 * that opens the footnote's text at the page's foot (then the footnote's whole text counts).
 *
 * Matching: a footnote by its number (the paper numbers footnotes through, as the report does); a
 * bracket's work by the list's number and the page cited, and among the report's citations of that
 * work and page by the printed page of the paper where their sentences start (`paperPage`): the
 * n-th such reference on page p is the n-th entry starting on p, after those of sentences that
 * started on the page before and end on this one.
 */
import type { EvidenceEntry } from '@app/contract';

/** A piece of the page's text: a text layer span (its text and font height in PDF points) or a line's end. */
export interface TextRun {
  text: string;
  /** Font height in PDF points; 0 for a line's end. */
  size: number;
  eol?: boolean;
}

interface Found {
  /** Offsets in the page's text (the runs joined, a line's end as a space). */
  start: number;
  end: number;
}

interface FoundReference extends Found {
  kind: 'reference';
  work: number;
  /** The page cited, as printed («47», «45–46»), or null. */
  page: string | null;
  /** This work's part of the bracket, as printed alone: «[3, с. 45]». */
  label: string;
}

export interface FoundFootnote extends Found {
  /** The raised number in the text, or the number that opens the footnote's text at the foot. */
  kind: 'mark' | 'note';
  footnote: number;
  /** A note: where its text at the foot ends (offsets in the page's text). */
  blockEnd: number;
}

export type FoundCitation = FoundReference | FoundFootnote;

/** The page's text with each run's offset in it. */
export function joinRuns(runs: TextRun[]): { text: string; offsets: number[] } {
  const offsets: number[] = [];
  let text = '';
  for (const run of runs) {
    offsets.push(text.length);
    text += run.eol ? ' ' : run.text;
  }
  return { text, offsets };
}

const BRACKET = /\[([^[\]]{1,300})\]/g;
const PART = /^(\d{1,4})(?:\s*,\s*(?:с|c|стр)\.\s*(\d+(?:\s*[–—-]\s*\d+)?))?$/;

/** The page cited, comparable: «45 – 46» and «45-46» are «45–46». */
function normalPage(page: string | null): string | null {
  return page === null ? null : page.replace(/\s+/g, '').replace(/[—-]/g, '–');
}

function references(text: string): FoundReference[] {
  const out: FoundReference[] = [];
  for (const m of text.matchAll(BRACKET)) {
    const inner = m[1];
    const innerStart = m.index + 1;
    const parts: FoundReference[] = [];
    let from = 0;
    let valid = true;
    for (const raw of inner.split(';')) {
      const lead = raw.length - raw.trimStart().length;
      const part = raw.trim();
      const p = PART.exec(part.replace(/\u00a0/g, ' '));
      if (!p) {
        valid = false;
        break;
      }
      const page = p[2] ? normalPage(p[2]) : null;
      const start = innerStart + from + lead;
      parts.push({
        kind: 'reference',
        work: Number(p[1]),
        page,
        label: `[${p[1]}${page ? `, с.\u00a0${page}` : ''}]`,
        // The first part takes the opening bracket with it, the last the closing one: the whole
        // bracket can be clicked.
        start: parts.length === 0 ? start - 1 : start,
        end: start + part.length,
      });
      from += raw.length + 1;
    }
    if (!valid || parts.length === 0) continue;
    parts[parts.length - 1].end += 1;
    out.push(...parts);
  }
  return out;
}

/** Each way the digits read as consecutive numbers: «56789» as 5 to 9; «12» as 1 and 2, or 12. */
export function consecutiveNumbers(digits: string): { n: number; at: number; length: number }[][] {
  const readings: { n: number; at: number; length: number }[][] = [];
  if (digits[0] === '0') return readings;
  for (let firstLength = 1; firstLength <= digits.length; firstLength++) {
    const reading: { n: number; at: number; length: number }[] = [];
    let n = Number(digits.slice(0, firstLength));
    let at = 0;
    while (at < digits.length) {
      const s = String(n);
      if (!digits.startsWith(s, at)) break;
      reading.push({ n, at, length: s.length });
      at += s.length;
      n += 1;
    }
    if (at === digits.length) readings.push(reading);
  }
  return readings;
}

/** The font height of the page's running text: the largest that holds a good part of its
 * characters (a heading holds few; the footnotes, smaller, may hold almost half a page). */
function bodySize(runs: TextRun[]): number {
  const chars = new Map<number, number>();
  let all = 0;
  for (const r of runs) {
    const n = r.eol ? 0 : r.text.trim().length;
    if (!n) continue;
    chars.set(r.size, (chars.get(r.size) ?? 0) + n);
    all += n;
  }
  const sizes = [...chars.keys()].sort((a, b) => b - a);
  return sizes.find((size) => chars.get(size)! >= all * 0.15) ?? sizes[0] ?? 0;
}

/** How likely a reading of raised digits is (the numbers of footnotes printed near this page). */
export type FootnoteReading = (numbers: number[]) => number;

function footnotes(runs: TextRun[], offsets: number[], likely: FootnoteReading): FoundFootnote[] {
  const body = bodySize(runs);
  if (!body) return [];
  const raised = (r: TextRun) => !r.eol && /^\s*\d{1,6}\s*$/.test(r.text) && r.size > 0 && r.size < body * 0.8;
  const out: FoundFootnote[] = [];
  runs.forEach((run, i) => {
    if (!raised(run)) return;
    // The number that opens a footnote is followed, on its line, by the footnote's smaller text.
    let next = i + 1;
    while (next < runs.length && !runs[next].eol && !runs[next].text.trim()) next++;
    const following = runs[next];
    const note = following !== undefined && !following.eol && following.size > run.size && following.size < body * 0.9;
    const lead = run.text.length - run.text.trimStart().length;
    const digits = run.text.trim();
    let blockEnd = offsets[i] + run.text.length;
    if (note) {
      // The footnote's text: the foot's runs up to the next footnote's number or the page's number.
      for (let j = i + 1; j < runs.length; j++) {
        const r = runs[j];
        if (raised(r) || (!r.eol && r.text.trim() && r.size >= body * 0.9)) break;
        if (!r.eol && r.text.trim()) blockEnd = offsets[j] + r.text.length;
      }
    }
    const start = offsets[i] + lead;
    if (note) {
      // A footnote's number opens its own line: one number.
      out.push({ kind: 'note', footnote: Number(digits), start, end: start + digits.length, blockEnd });
      return;
    }
    // Marks that run together: the likeliest reading, the fewest numbers when in doubt.
    const readings = consecutiveNumbers(digits);
    const score = (r: { n: number }[]) => likely(r.map((x) => x.n)) * 100 - r.length;
    const best = readings.reduce<(typeof readings)[number] | null>((a, r) => (a === null || score(r) > score(a) ? r : a), null);
    for (const { n, at, length } of best ?? [])
      out.push({ kind: 'mark', footnote: n, start: start + at, end: start + at + length, blockEnd: start + at + length });
  });
  return out;
}

/** Every citation printed in the page's text, in reading order. `likely` weighs the readings of
 * raised digits that run together (see footnoteReading). */
export function findCitations(runs: TextRun[], likely: FootnoteReading): FoundCitation[] {
  const { text, offsets } = joinRuns(runs);
  return [...references(text), ...footnotes(runs, offsets, likely)].sort((a, b) => a.start - b.start);
}

/** A reading of raised digits is as likely as the share of its numbers that are footnotes of the
 * report printed on this page or the one before. */
export function footnoteReading(pageNumber: number, entries: EvidenceEntry[]): FootnoteReading {
  const near = new Set(
    entries
      .filter((e) => e.footnote !== null && (e.paperPage === null || (e.paperPage >= pageNumber - 1 && e.paperPage <= pageNumber)))
      .map((e) => e.footnote!),
  );
  return (numbers) => numbers.filter((n) => near.has(n)).length / numbers.length;
}

/** Each found citation's entry of the report (null: the report has none, e.g. past a demo's end). */
export function matchCitations(found: FoundCitation[], pageNumber: number, entries: EvidenceEntry[]): (EvidenceEntry | null)[] {
  const byFootnote = new Map(entries.filter((e) => e.footnote !== null).map((e) => [e.footnote!, e]));
  const keyOf = (work: number, page: string | null) => `${work}|${normalPage(page) ?? ''}`;
  const byKey = new Map<string, EvidenceEntry[]>();
  for (const e of entries) {
    if (e.footnote !== null) continue;
    const key = keyOf(e.work, e.page);
    byKey.set(key, [...(byKey.get(key) ?? []), e]);
  }
  // How many times each work and page is cited on this page so far, and in all.
  const seen = new Map<string, number>();
  const total = new Map<string, number>();
  for (const f of found) if (f.kind === 'reference') total.set(keyOf(f.work, f.page), (total.get(keyOf(f.work, f.page)) ?? 0) + 1);

  return found.map((f) => {
    if (f.kind !== 'reference') return byFootnote.get(f.footnote) ?? null;
    const key = keyOf(f.work, f.page);
    const candidates = byKey.get(key);
    if (!candidates?.length) return null;
    const index = seen.get(key) ?? 0;
    seen.set(key, index + 1);
    const here = candidates.filter((e) => e.paperPage === pageNumber);
    const m = total.get(key)!;
    // Sentences that started on an earlier page and end on this one come first.
    const earlier = candidates.filter((e) => e.paperPage !== null && e.paperPage < pageNumber);
    const spill = m > here.length ? earlier.slice(Math.max(0, earlier.length - (m - here.length))) : [];
    const ordered = [...spill, ...here];
    if (ordered.length) return ordered[Math.min(index, ordered.length - 1)];
    // The report could not place the sentence (or placed it elsewhere): the nearest citation of that work and page.
    const distance = (e: EvidenceEntry) => (e.paperPage === null ? 1000 : Math.abs(e.paperPage - pageNumber));
    return [...candidates].sort((a, b) => distance(a) - distance(b))[0];
  });
}
