/**
 * ГОСТ 7.32-2017, 6.9: every source of the list is referred to in the text. An entry is cited
 * when an in-text reference (in the text or a table's cell) names its number («[3]», «[3, с. 47; 5]») or a footnote starts with
 * its heading and title (the full or the short form of GOST R 7.0.5-2008; «Там же» repeats the
 * footnote before it, which is cited already).
 */
import { clean, short } from '../document.ts';
import type { Finding, NormocontrolRule } from '../rule.ts';

/** Letters and digits only, lower case: how a footnote and an entry are compared. */
const plain = (s: string) =>
  clean(s)
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** An entry's heading and title: up to its first area or responsibility separator. */
function headOf(entry: string): string {
  const text = clean(entry).replace(/^\d+\.\s*/, '');
  const end = text.search(/\s(?:\/\/?|:)\s|\.\s[–—-]\s/);
  return plain(end > 0 ? text.slice(0, end) : text);
}

export const bibliographyCited: NormocontrolRule = {
  id: 'bibliography.uncited',
  clause: 'ГОСТ 7.32-2017, 6.9',
  applies: ({ bibHeading, bibliography }) => Boolean(bibHeading) && bibliography.length > 0,
  check: ({ bibliography, bibHeading, paras, doc }) => {
    const numbers = new Set<number>();
    // The text and its tables' cells (a table's row cites the source of its figures).
    for (const p of paras.filter((x) => x.index < bibHeading!.p.index))
      for (const m of p.text.matchAll(/\[(\d+(?:,\s*с\.\s*[\d–-]+)?(?:;\s*\d+(?:,\s*с\.\s*[\d–-]+)?)*)\]/g))
        for (const part of m[1].split(';')) numbers.add(Number(/\d+/.exec(part)![0]));
    const notes = doc.footnotes.map((note) => plain(note.map((p) => p.text).join(' ')));
    const found: Finding[] = [];
    for (const entry of bibliography) {
      const head = headOf(entry.text);
      if (numbers.has(entry.n) || (head && notes.some((n) => n.startsWith(head)))) continue;
      found.push({ message: `На источник ${entry.n} списка нет ссылки в тексте`, where: short(entry.text) });
    }
    return found;
  },
};
