/**
 * A table in a written text: one paragraph, its caption line «Таблица: Название [[p3]]» and then a
 * Markdown pipe table, a line per row (the cleaning of a model's text keeps them so). The guards treat it as a unit (grounding/numbers.ts grounds it row by row, the repeat
 * guard and the claims check leave it whole); the typesetter numbers it (typeset/tables.ts). The
 * paragraph right before a table refers to it («в таблице ниже»); a reference with no table after it
 * goes with its sentence, so that no «таблица 3» is left dangling when a table goes.
 */
import { sentencesOf } from './sentences.ts';

export interface TextTable {
  /** The caption the writer gave (it may cite passages), or null. */
  caption: string | null;
  header: string[];
  rows: string[][];
}

/** "Таблица: Название", "Таблица 3 – Название", "Таблица. Название": the caption the writer gave. */
const CAPTION = /^\s*Таблица(?:\s+\d+)?\s*[:.–—-]\s*(.+?)\s*$/u;
const SEPARATOR_CELL = /^\s*:?-{3,}:?\s*$/;

const cellsOf = (row: string) =>
  row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());

/** The caption of a short paragraph that is only a caption ("Таблица: Название"), or null. */
export function captionOf(paragraph: string): string | null {
  if (paragraph.includes('|') || paragraph.length > 300) return null;
  const m = CAPTION.exec(paragraph);
  return m ? m[1].replace(/[.:]$/, '') : null;
}

/** A paragraph that holds a pipe table (with the caption before it, if any); null for ordinary text. */
export function parseTable(paragraph: string): { caption: string | null; table: Omit<TextTable, 'caption'> } | null {
  const start = paragraph.indexOf('|');
  if (start < 0) return null;
  const before = paragraph.slice(0, start).trim();
  const caption = before ? captionOf(before) : null;
  if (before && caption === null) return null;
  const body = paragraph.slice(start).trim();
  const lines = body.split('\n').filter((l) => l.trim());
  let header: string[];
  let rows: string[][];
  if (lines.length > 1) {
    const sepAt = lines.findIndex((l) => cellsOf(l).every((c) => SEPARATOR_CELL.test(c)));
    if (sepAt !== 1) return null;
    header = cellsOf(lines[0]);
    rows = lines.slice(2).map(cellsOf);
  } else {
    // Joined into one line: "| h1 | h2 | |---|---| | a | b |" (rows meet at "| |").
    const tokens = cellsOf(body);
    const sepStart = tokens.findIndex((t) => SEPARATOR_CELL.test(t));
    if (sepStart < 1) return null;
    let columns = 0;
    while (sepStart + columns < tokens.length && SEPARATOR_CELL.test(tokens[sepStart + columns])) columns++;
    // The header ends with the empty token between "|" and "|" of the next row.
    if (sepStart !== columns + 1 || tokens[columns] !== '') return null;
    header = tokens.slice(0, columns);
    const rest = tokens.slice(sepStart + columns);
    rows = [];
    for (let i = 0; i < rest.length; i += columns + 1) {
      if (rest[i] !== '') return null;
      rows.push(rest.slice(i + 1, i + 1 + columns));
    }
  }
  const columns = header.length;
  if (columns < 2 || rows.length === 0 || rows.some((r) => r.length !== columns)) return null;
  return { caption, table: { header, rows } };
}

/** The table of a paragraph, or null for ordinary text. */
export function tableOf(paragraph: string): TextTable | null {
  const parsed = parseTable(paragraph);
  return parsed ? { caption: parsed.caption, ...parsed.table } : null;
}

export const isTable = (paragraph: string): boolean => parseTable(paragraph) !== null;

/** A table as the one paragraph the texts carry it in. */
export function tableParagraph(t: TextTable): string {
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const body = [row(t.header), row(t.header.map(() => '---')), ...t.rows.map(row)].join('\n');
  return t.caption ? `Таблица: ${t.caption}\n${body}` : body;
}

/** Words by which a text refers to a table: «в таблице ниже», «(см. таблицу)», «в таблице 2», «(таблица 2)». */
export const TABLE_REFERENCE =
  /(?<!\p{L})(?:(?:в|во)\s+(?:следующей\s+)?таблиц\p{L}*\s+ниже|(?:в|во)\s+следующей\s+таблиц\p{L}*|\(см\.\s*таблиц\p{L}*(?:\s+ниже)?\)|(?:таблиц[аеуы]|табл\.)\s+\d+)/iu;

/**
 * The paragraphs with every table as one paragraph: a caption paragraph joins the table after it,
 * a caption with no table after it goes, and a sentence referring to a table goes unless its
 * paragraph stands right before a table (the reference is to that table, the typesetter numbers it).
 */
export function settleTables(paragraphs: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < paragraphs.length; i++) {
    const p = paragraphs[i];
    if (captionOf(p) !== null) {
      const next = paragraphs[i + 1];
      const table = next === undefined ? null : parseTable(next);
      if (table && table.caption === null) {
        joined.push(`${p.replace(/[.:]\s*$/, '')}\n${next}`);
        i++;
      }
      continue;
    }
    joined.push(p);
  }
  return joined
    .map((p, i) => {
      if (isTable(p) || (joined[i + 1] !== undefined && isTable(joined[i + 1])) || !TABLE_REFERENCE.test(p)) return p;
      return sentencesOf(p)
        .filter((s) => !TABLE_REFERENCE.test(s))
        .join(' ')
        .trim();
    })
    .filter(Boolean);
}

/**
 * A quantity a table can compare: a number with a percent sign or a unit («12 %», «до 10 дней»,
 * «3,5 млн руб.»), not a year, a page or a running head's volume and issue.
 */
const QUANTITY = /\d+(?:[.,]\d+)?\s*(?:%|процент\p{L}*|п\.\s*п\.|млн|млрд|тыс\.|руб\p{L}*|дн(?:я|ей)|раз(?:а)?(?!\p{L})|человек)/iu;

/** The figure a sentence states with what it counts («12 %»), or null. */
export function figureOf(sentence: string): string | null {
  return QUANTITY.exec(sentence)?.[0] ?? null;
}

/** The different statements of figures in some texts (the same sentence found in two passages counts once). */
export function figureStatements(texts: string[]): Set<string> {
  const out = new Set<string>();
  for (const t of texts) for (const s of sentencesOf(t)) if (QUANTITY.test(s)) out.add(s.replace(/\s+/g, ' ').trim().toLowerCase());
  return out;
}

/**
 * The rule for asking a subsection for a table: its chapter analyses (see sections/prompt.ts) and
 * the passages it is written from state at least this many different figures — data to compare.
 */
export const MIN_FIGURES_FOR_TABLE = 2;
