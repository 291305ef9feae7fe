/**
 * Tables in the text (ГОСТ 7.32-2017, 6.6): a writer may give comparable data of its sources as a
 * Markdown pipe table after a line "Таблица: Название". The engine numbers the tables through the
 * paper, prints the caption above each ("Таблица 1 – Название", on the left, with an en dash) and
 * makes the text refer to each one ("в таблице 1").
 *
 * A table survives the cleaning of a model's text with its lines joined into one ("| a | b | |---|
 * ---| | 1 | 2 |"): the separator row gives the number of columns, and the rows are read from it.
 */
import type { DocSubsection, Para } from './model.ts';

/** What the writer is told (the lead adds it to the subsection prompt). */
export const TABLE_INSTRUCTION =
  'Если в фрагментах источников есть сопоставимые данные (показатели нескольких объектов, периодов или подходов), ' +
  'можно свести их в таблицу: отдельной строкой «Таблица: Название таблицы», затем таблица в формате Markdown ' +
  '(строка заголовков столбцов, строка-разделитель |---|---|, затем строки данных; 2–5 столбцов, не больше 10 строк). ' +
  'В абзаце перед таблицей сошлись на неё словами «в таблице ниже». Каждое число в таблице должно стоять во фрагменте ' +
  'источника; поставь ссылку на фрагмент в названии таблицы или в ячейке. Не больше одной таблицы в подразделе; ' +
  'не делай таблиц, если сопоставимых данных нет.';

export interface ParsedTable {
  title: string;
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
export function parseTable(paragraph: string): { caption: string | null; table: Omit<ParsedTable, 'title'> } | null {
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

/** Words by which the writer was told to refer to the table; replaced by its number. */
const BELOW =
  /(?<!\p{L})(в|во)\s+(?:таблице|следующей\s+таблице)\s+ниже|(?<!\p{L})(в|во)\s+следующей\s+таблице|\(см\.\s*таблицу(?:\s+ниже)?\)/iu;

/** The paragraph before the table, referring to it by number (ГОСТ 7.32-2017, 6.6). */
export function withTableReference(paragraph: string | undefined, number: number): string {
  if (paragraph !== undefined) {
    const m = BELOW.exec(paragraph);
    if (m) return paragraph.replace(BELOW, m[0].startsWith('(') ? `(таблица ${number})` : `${m[1] ?? m[2] ?? 'в'} таблице ${number}`);
    if (new RegExp(`(таблиц[аеуы]|табл\\.)\\s+${number}(?!\\d)`, 'iu').test(paragraph)) return paragraph;
  }
  const sentence = `Данные приведены в таблице ${number}.`;
  return paragraph ? `${paragraph} ${sentence}` : sentence;
}

/**
 * A subsection's paragraphs with its tables taken out: each numbered by `next()`, its caption from
 * the line before it, the paragraph before it referring to it; paragraphs and cells resolved in
 * document order (references and footnotes number as they are read).
 */
export function extractTables(
  raw: string[],
  next: () => number,
  resolve: (paras: string[]) => Para[],
): Pick<DocSubsection, 'paragraphs' | 'tables'> {
  type Block = { kind: 'text'; text: string } | { kind: 'table'; number: number; title: string; header: string[]; rows: string[][] };
  const blocks: Block[] = [];
  for (const p of raw) {
    const parsed = parseTable(p);
    if (!parsed) {
      blocks.push({ kind: 'text', text: p });
      continue;
    }
    let title = parsed.caption;
    const last = blocks.at(-1);
    if (!title && last?.kind === 'text') {
      title = captionOf(last.text);
      if (title) blocks.pop();
    }
    const number = next();
    const before = blocks.at(-1);
    if (before?.kind === 'text') before.text = withTableReference(before.text, number);
    else blocks.push({ kind: 'text', text: withTableReference(undefined, number) });
    blocks.push({ kind: 'table', number, title: title ?? 'Сопоставление данных источников', ...parsed.table });
  }
  const paragraphs: Para[] = [];
  const tables: NonNullable<DocSubsection['tables']> = [];
  const cell = (c: string): Para => resolve([c])[0] ?? [];
  for (const b of blocks) {
    if (b.kind === 'text') paragraphs.push(...resolve([b.text]));
    else
      tables.push({
        after: paragraphs.length,
        table: { number: b.number, title: cell(b.title), header: b.header.map(cell), rows: b.rows.map((r) => r.map(cell)) },
      });
  }
  return tables.length ? { paragraphs, tables } : { paragraphs };
}
