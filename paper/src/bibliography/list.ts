/** The list of used sources: entries, sorting, numbering and optional groups. */
import type { BibSource } from './types.ts';
import { formatRecord } from './gost.ts';
import { normalizeCitation } from './text.ts';

export type EntryGroup = 'law' | 'literature' | 'web';

export const GROUP_TITLES: Record<EntryGroup, string> = {
  law: 'Нормативные правовые акты',
  literature: 'Научная и учебная литература',
  web: 'Электронные ресурсы',
};
const GROUP_ORDER: EntryGroup[] = ['law', 'literature', 'web'];

const LAW_WORDS =
  /(Конституция|кодекс|Федеральный конституционный закон|Федеральный закон|[Зз]акон Российской|Указ|[Пп]остановление|[Пп]риказ|[Рр]аспоряжение)/;

export function entryText(source: BibSource): string {
  if (source.record) return formatRecord(source.record, { mode: 'list' });
  return normalizeCitation(source.citation ?? '');
}

export function classify(source: BibSource): EntryGroup {
  if (source.record) {
    if (source.record.kind === 'law') return 'law';
    if (source.record.kind === 'web') return 'web';
    return 'literature';
  }
  const text = source.citation ?? '';
  const firstArea = text.split(/\.\s+[–-]\s+/)[0] ?? text;
  if (LAW_WORDS.test(firstArea)) return 'law';
  if (/:\s*(\[сайт\]|официальный сайт|сайт)/i.test(firstArea)) return 'web';
  return 'literature';
}

/** Normative acts by legal force: constitution, codes and constitutional laws, federal laws, decrees, resolutions, orders. */
function lawRank(text: string): number {
  if (/Конституция/i.test(text)) return 0;
  if (/Федеральный конституционный закон|кодекс/i.test(text)) return 1;
  if (/Федеральный закон|Закон/i.test(text)) return 2;
  if (/Указ/i.test(text)) return 3;
  if (/Постановление/i.test(text)) return 4;
  if (/Приказ|Распоряжение/i.test(text)) return 5;
  return 6;
}

const collator = new Intl.Collator('ru', { sensitivity: 'base', numeric: true });

/** Sort key: the entry without leading quotes and brackets. */
function sortKey(text: string): string {
  return text.replace(/^[^\p{L}\p{N}]+/u, '');
}

/** Russian (Cyrillic) entries first, then foreign ones; alphabetical inside each. */
export function compareEntries(a: string, b: string): number {
  const ka = sortKey(a);
  const kb = sortKey(b);
  const ca = /^[А-Яа-яЁё]/.test(ka) ? 0 : 1;
  const cb = /^[А-Яа-яЁё]/.test(kb) ? 0 : 1;
  return ca - cb || collator.compare(ka, kb);
}

export interface BuiltEntry {
  id: string;
  number: number;
  text: string;
  group: EntryGroup;
  origin: 'attached' | 'found';
}

export interface BuiltBibliography {
  entries: BuiltEntry[];
  /** Present when the list is split: groups in order, normative acts first. */
  groups: { title: string; entries: BuiltEntry[] }[] | null;
  numberOf: Map<string, number>;
}

export function buildBibliography(sources: BibSource[], split: boolean): BuiltBibliography {
  const items = sources.map((s) => ({ source: s, text: entryText(s), group: classify(s) }));
  // The same work may come twice (a user's file and a search hit): keep the first.
  const seen = new Set<string>();
  const unique = items.filter((it) => {
    const key = sortKey(it.text).toLowerCase().replace(/\s+/g, ' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const byText = (a: (typeof unique)[number], b: (typeof unique)[number]) => compareEntries(a.text, b.text);
  let ordered: typeof unique;
  if (split) {
    ordered = GROUP_ORDER.flatMap((g) => {
      const inGroup = unique.filter((it) => it.group === g);
      return g === 'law' ? inGroup.sort((a, b) => lawRank(a.text) - lawRank(b.text) || byText(a, b)) : inGroup.sort(byText);
    });
  } else {
    ordered = unique.sort(byText);
  }
  const entries: BuiltEntry[] = ordered.map((it, i) => ({
    id: it.source.id,
    number: i + 1,
    text: it.text,
    group: it.group,
    origin: it.source.origin,
  }));
  const numberOf = new Map(entries.map((e) => [e.id, e.number]));
  // Duplicates removed above still point at the kept entry.
  for (const it of items) {
    if (!numberOf.has(it.source.id)) {
      const twin = entries.find((e) => sortKey(e.text).toLowerCase() === sortKey(it.text).toLowerCase());
      if (twin) numberOf.set(it.source.id, twin.number);
    }
  }
  const groups = split
    ? GROUP_ORDER.map((g) => ({ title: GROUP_TITLES[g], entries: entries.filter((e) => e.group === g) })).filter(
        (g) => g.entries.length > 0,
      )
    : null;
  return { entries, groups, numberOf };
}
