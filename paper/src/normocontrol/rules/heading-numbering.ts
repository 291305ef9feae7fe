/**
 * ГОСТ 7.32-2017, 6.2.2-6.2.4 (and 6.4): sections numbered 1, 2, 3 without a period after the number,
 * subsections 1.1, 1.2 within their section, no period at the end of a heading. Measured: the
 * headings' texts and outline levels, in order.
 */
import type { Finding, NormocontrolRule } from '../rule.ts';

export const headingNumbering: NormocontrolRule = {
  id: 'heading.numbering',
  clause: 'ГОСТ 7.32-2017, 6.2.2–6.2.4',
  check: ({ headings }) => {
    const found: Finding[] = [];
    const add = (message: string, where: string) => found.push({ message, where });
    let chapterNo = 0;
    let subNo = 0;
    for (const h of headings) {
      if (/[.]$/.test(h.text)) add('В конце заголовка точка не ставится', h.text);
      if (h.kind === 'chapter') {
        const n = Number(/^(\d+)/.exec(h.text)![1]);
        if (/^\d+\.\s/.test(h.text)) add('После номера раздела точка не ставится (ГОСТ 7.32-2017)', h.text);
        if (n !== chapterNo + 1) add(`Разделы должны нумероваться подряд: ожидался номер ${chapterNo + 1}`, h.text);
        chapterNo = n;
        subNo = 0;
        if (h.level !== 0) add('Заголовок раздела должен быть заголовком первого уровня', h.text);
      } else if (h.kind === 'subsection') {
        const [, a, b] = /^(\d+)\.(\d+)/.exec(h.text)!;
        if (Number(a) !== chapterNo || Number(b) !== subNo + 1)
          add(`Подразделы должны нумероваться в пределах раздела: ожидался номер ${chapterNo}.${subNo + 1}`, h.text);
        subNo = Number(b);
        if (h.level !== 1) add('Заголовок подраздела должен быть заголовком второго уровня', h.text);
      } else if (h.kind === 'other') {
        add('Заголовок раздела должен начинаться с номера (1, 1.1) или быть структурным элементом', h.text);
      }
    }
    return found;
  },
};
