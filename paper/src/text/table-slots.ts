/**
 * Tables through a rewrite: the review's revision of a subsection (and the volume's extension of
 * one) must not lose, renumber or retype a table the first draft wrote and the guards accepted.
 * The writer never sees the table: it gets a slot «[ТАБЛИЦА 1]» where the table stood and is told
 * to keep it; the table goes back into the slot before the reply is cleaned (so the paragraph
 * referring to it stays), and whatever the writer did with the slot, the text that comes out
 * holds exactly the tables that went in, verbatim, and no other.
 */
import { isTable, settleTables } from './tables.ts';

/** A table taken out of a text: its paragraph and where it stood. */
export interface SlottedTable {
  paragraph: string;
  /** Its index among the text's paragraphs. */
  at: number;
}

export interface Slotted {
  /** The text's paragraphs with each table replaced by its slot. */
  paragraphs: string[];
  tables: SlottedTable[];
}

export const tableSlot = (n: number) => `[ТАБЛИЦА ${n}]`;
/** A slot as a writer may give it back: «[ТАБЛИЦА 1]», «[Таблица 1]», «**[ ТАБЛИЦА 1 ]**». */
const SLOT = /\*{0,2}\[\s*ТАБЛИЦА\s+(\d+)\s*\]\*{0,2}/giu;

/** What a writer is told when its text has slots (sections' revise and volume's extend prompts). */
export const TABLE_SLOT_RULE =
  'Строка вида [ТАБЛИЦА 1] обозначает таблицу, которая уже есть в тексте: оставь каждую такую строку отдельной строкой ' +
  'на её месте, без изменений, и сохрани в абзаце перед ней ссылку на таблицу («в таблице ниже»); новых таблиц не составляй.';

/** The text with its tables as slots. */
export function slotTables(paragraphs: string[]): Slotted {
  const tables: SlottedTable[] = [];
  const out = paragraphs.map((p, at) => {
    if (!isTable(p)) return p;
    tables.push({ paragraph: p, at });
    return tableSlot(tables.length);
  });
  return { paragraphs: out, tables };
}

/** A text without its tables (the end of a subsection an extension continues: prose only). */
export const withoutTables = (paragraphs: string[]) => paragraphs.filter((p) => !isTable(p));

/** A writer's raw reply with each slot it kept replaced by its table (a slot named twice: the first). */
export function fillSlots(raw: string, tables: SlottedTable[]): string {
  const filled = new Set<number>();
  return raw.replace(SLOT, (_m, n: string) => {
    const i = Number(n) - 1;
    if (!tables[i] || filled.has(i)) return '\n\n';
    filled.add(i);
    return `\n\n${tables[i].paragraph}\n\n`;
  });
}

/**
 * The cleaned paragraphs of a rewrite with exactly the original tables: a table of the writer's own
 * (or one it changed) goes, an original it lost goes back where it stood (at the same share of the
 * text, never first), and a reference left without its table goes (settleTables).
 */
export function keepTables(paragraphs: string[], tables: SlottedTable[], originalLength: number): string[] {
  const originals = tables.map((t) => t.paragraph);
  const seen = new Set<string>();
  const out = paragraphs.filter((p) => {
    if (!isTable(p)) return true;
    if (!originals.includes(p) || seen.has(p)) return false;
    seen.add(p);
    return true;
  });
  for (const t of tables) {
    if (seen.has(t.paragraph)) continue;
    const share = originalLength > 0 ? t.at / originalLength : 1;
    // After the paragraphs that stood before it, in the same share; and after a table that stood before it.
    const previous = tables.filter((x) => x.at < t.at).map((x) => out.indexOf(x.paragraph));
    const at = Math.max(1, Math.round(share * out.length), ...previous.map((i) => i + 1));
    out.splice(Math.min(at, out.length), 0, t.paragraph);
    seen.add(t.paragraph);
  }
  return settleTables(out);
}
