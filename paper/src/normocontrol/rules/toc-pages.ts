/**
 * ГОСТ 7.32-2017, 5.4.1: the page in the contents is the page the heading is on. Measured: with the
 * PDF of the same document, each numbered entry against the page of its bookmark.
 */
import { clean } from '../document.ts';
import type { Finding, NormocontrolRule } from '../rule.ts';

export const tocPages: NormocontrolRule = {
  id: 'toc.pages',
  clause: 'ГОСТ 7.32-2017, 5.4.1',
  applies: (d) => d.pdf !== null,
  check: ({ pdf, tocEntries }) => {
    const found: Finding[] = [];
    const bookmarks = pdf!.bookmarks;
    let cursor = 0;
    for (const e of tocEntries) {
      if (e.page === undefined) continue;
      const idx = bookmarks.findIndex((o, i) => i >= cursor && clean(o.title) === e.title);
      if (idx < 0) {
        found.push({ message: 'Заголовок из содержания не найден в PDF', where: e.title });
        continue;
      }
      cursor = idx + 1;
      if (bookmarks[idx].page !== e.page)
        found.push({
          message: `В содержании указана страница ${e.page}, а заголовок находится на странице ${bookmarks[idx].page}`,
          where: e.title,
        });
    }
    return found;
  },
};
