/**
 * ГОСТ 7.32-2017, 5.4.1: the contents list every heading with the page it starts on. Measured: the
 * contents' entries against the headings, in order; page numbers present and rising (a demo lists
 * its later parts without pages).
 */
import type { Finding, NormocontrolRule } from '../rule.ts';

export const tocEntries: NormocontrolRule = {
  id: 'toc.entries',
  clause: 'ГОСТ 7.32-2017, 5.4.1',
  check: ({ contentsIdx, headings, tocEntries: entries, isDemo }) => {
    const found: Finding[] = [];
    if (contentsIdx < 0) return found;
    let cursor = 0;
    for (const h of headings.map((x) => x.text)) {
      const idx = entries.findIndex((e, i) => i >= cursor && e.title === h);
      if (idx < 0) found.push({ message: 'Заголовка нет в содержании (или он записан иначе)', where: h });
      else {
        if (entries[idx].page === undefined) found.push({ message: 'В содержании не указан номер страницы', where: h });
        cursor = idx + 1;
      }
    }
    // In a demo the later parts are listed without pages; elsewhere every entry needs a number.
    for (const e of entries) {
      if (e.page === undefined && !isDemo) found.push({ message: 'В содержании не указан номер страницы', where: e.title });
      // A period or an ellipsis before the leader reads as doubled dots.
      if (/[.…]$/.test(e.title)) found.push({ message: 'Перед отточием в содержании точка или многоточие не ставятся', where: e.title });
    }
    const numbers = entries.map((e) => e.page).filter((n): n is number => n !== undefined);
    if (numbers.some((n, i) => i > 0 && n < numbers[i - 1])) found.push({ message: 'Номера страниц в содержании должны возрастать' });
    return found;
  },
};
