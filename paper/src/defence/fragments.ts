/**
 * The paper cut into fragments (its sentences and the rows of its tables), each with an id the
 * model cites as [[f12]] and the printed page it stands on. What the kit says is checked against
 * the fragment it cites; the page an answer gives is its fragment's page.
 */
import type { EvidenceReport } from '@app/contract';
import { sentencesOf } from '../text/sentences.ts';
import type { KitPaper } from './paper.ts';

export interface Fragment {
  id: string;
  /** "introduction", "1.2", "conclusions:1" (a chapter's conclusions), "conclusion". */
  section: string;
  text: string;
  /** The number printed on the page where it starts; null when it is not found in the PDF. */
  page: string | null;
  /** A table's row: its figures are the table's. */
  table?: number;
  /** The entry of the paper's «Отчёт об источниках» that is this sentence: a cited statement of ours. */
  cited?: CitedEntry;
}

/** What an answer names of a report's entry: its number, the work of the list and the page cited. */
export interface CitedEntry {
  n: number;
  work: number;
  page: string | null;
}

/**
 * Each fragment with the entry of the paper's «Отчёт об источниках» it is: the cited sentence on the
 * same printed page (the report's sentence and the fragment hold each other, whatever their marks).
 */
export function withCitations(fragments: Fragment[], report: EvidenceReport | undefined): Fragment[] {
  if (!report) return fragments;
  const entries = report.entries.map((e) => ({ e, sentence: letters(e.sentence) })).filter((x) => x.sentence.length > 20);
  return fragments.map((f) => {
    const text = letters(f.text);
    const found = entries.find(
      ({ e, sentence }) => String(e.paperPage) === f.page && (text.includes(sentence) || sentence.includes(text)),
    )?.e;
    return found ? { ...f, cited: { n: found.n, work: found.work, page: found.page } } : f;
  });
}

/** Letters and digits only, lower case, ё as е: how a fragment is found in the PDF's text. */
export const letters = (s: string) =>
  s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^a-zа-я0-9]/g, '');

/** How much of a fragment's start locates it. */
const KEY = 48;

/** Finds where each text starts in the pages, in document order (a cursor moves on), or anywhere. */
export function pagesOf(texts: string[], pages: KitPaper['pages']): (string | null)[] {
  const starts: number[] = [];
  let all = '';
  for (const p of pages) {
    starts.push(all.length);
    all += letters(p.text);
  }
  const pageAt = (pos: number) => {
    let i = 0;
    while (i + 1 < starts.length && starts[i + 1] <= pos) i++;
    return pages[i]?.printed ?? null;
  };
  let cursor = 0;
  return texts.map((text) => {
    const norm = letters(text);
    for (const length of [KEY, 24]) {
      const key = norm.slice(0, length);
      if (key.length < 12) return null;
      let at = all.indexOf(key, cursor);
      if (at < 0) at = all.indexOf(key);
      if (at >= 0) {
        cursor = at;
        return pageAt(at);
      }
    }
    return null;
  });
}

/** A table's row as a statement: its label and figures, as the paper prints them. */
const rowText = (header: string[], row: string[]) =>
  row
    .map((cell, i) => (i === 0 || !cell ? cell : `${header[i] ? `${header[i].toLowerCase()}: ` : ''}${cell}`))
    .filter(Boolean)
    .join('; ');

/** Every sentence of the paper and every row of its tables, with its page. */
export function fragmentsOf(paper: KitPaper): Fragment[] {
  const raw: Omit<Fragment, 'id' | 'page'>[] = [];
  const sentences = (section: string, paragraphs: string[]) => {
    for (const p of paragraphs)
      for (const s of sentencesOf(p)) {
        const text = s.trim();
        if (text.length >= 20) raw.push({ section, text });
      }
  };
  sentences('introduction', paper.introduction);
  for (const c of paper.chapters) {
    for (const s of c.subsections) {
      sentences(s.number, s.paragraphs);
      for (const t of s.tables) {
        raw.push({ section: s.number, text: `Таблица ${t.number} – ${t.title}`, table: t.number });
        const header = t.header.map((h) => (/^источник/i.test(h) ? '' : h));
        for (const row of t.rows)
          raw.push({
            section: s.number,
            text: rowText(
              header,
              row.map((c, i) => (header[i] === '' && i > 0 ? '' : c)),
            ),
            table: t.number,
          });
      }
    }
    sentences(`conclusions:${c.number}`, c.conclusions);
  }
  sentences('conclusion', paper.conclusion);
  // A table's row is found by its first cell (its cells are printed side by side, not as one line).
  const located = pagesOf(
    raw.map((f) => (f.table !== undefined && !f.text.startsWith('Таблица ') ? f.text.split('; ')[0] : f.text)),
    paper.pages,
  );
  return raw.map((f, i) => ({ id: `f${i + 1}`, ...f, page: located[i] }));
}
