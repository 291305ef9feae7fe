/**
 * Tables in the text (ГОСТ 7.32-2017, 6.6): a writer may give comparable data of its sources as a
 * Markdown pipe table after a line "Таблица: Название". The engine numbers the tables through the
 * paper, prints the caption above each ("Таблица 1 – Название", on the left, with an en dash) and
 * makes the text refer to each one ("в таблице 1").
 *
 * A table survives the cleaning of a model's text with its lines joined into one ("| a | b | |---|
 * ---| | 1 | 2 |"): the separator row gives the number of columns, and the rows are read from it.
 */
import { captionOf, parseTable, settleTables } from '../text/tables.ts';
import type { DocSubsection, DocTable, Para } from './types.ts';

/**
 * What a subsection's writer is told when its passages hold comparable data (sections/prompt.ts
 * decides when): the one format the guards (text/tables.ts, grounding/numbers.ts) and this typesetter read.
 */
export const TABLE_INSTRUCTION =
  'Во фрагментах источников есть сопоставимые данные (показатели нескольких объектов, периодов или подходов): ' +
  'сведи их в одну таблицу. В абзаце перед таблицей сошлись на неё словами «в таблице ниже»; затем отдельной строкой ' +
  '«Таблица: Название таблицы» (без номера: номер ставится автоматически), затем таблица в формате Markdown ' +
  '(строка заголовков столбцов, строка-разделитель |---|---|, затем строки данных; 2–5 столбцов, не больше 10 строк). ' +
  'Каждое число в таблице бери только из фрагмента и в той же строке ставь ссылку на этот фрагмент (например, в последнем ' +
  'столбце «Источник»: [[p17]]) или одну ссылку в названии таблицы на все фрагменты, откуда взяты её числа; строка с числом, ' +
  'которого нет в процитированных ею фрагментах, будет удалена. Таблица одна, после неё продолжай текст абзацами.';

/** Words by which the writer was told to refer to the table; replaced by its number. */
const BELOW =
  /(?<!\p{L})(в|во)\s+(?:таблице|следующей\s+таблице)\s+ниже|(?<!\p{L})(в|во)\s+следующей\s+таблице|\(см\.\s*таблицу(?:\s+ниже)?\)/iu;

/** The paragraph before the table, referring to it by number (ГОСТ 7.32-2017, 6.6). */
export function withTableReference(paragraph: string | undefined, number: number): string {
  if (paragraph !== undefined) {
    const m = BELOW.exec(paragraph);
    if (m) return paragraph.replace(BELOW, m[0].startsWith('(') ? `(таблица ${number})` : `${m[1] ?? m[2] ?? 'в'} таблице ${number}`);
    // The writer's own numbering ("в таблице 2" of its subsection) gives way to the paper's.
    const numbered = /(?<!\p{L})(таблиц[аеуы]|табл\.)\s+\d+/iu;
    if (numbered.test(paragraph)) return paragraph.replace(numbered, `$1 ${number}`);
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
  // Captions joined to their tables; a reference to a table that is not there any more goes.
  for (const p of settleTables(raw)) {
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

/** A table as plain text (the paper's texts in the result, the originality check): its caption, then its rows. */
export function tableText(t: DocTable, inline: (p: Para) => string): string {
  return [`Таблица ${t.number} – ${inline(t.title)}`, ...[t.header, ...t.rows].map((r) => r.map(inline).join(' | '))].join('\n');
}
