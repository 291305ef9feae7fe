/**
 * ГОСТ 7.32-2017, 6.6: a table has its caption above it, on the left: "Таблица 1 – Название" (an en
 * dash), numbered through the paper in order, and the text refers to every table ("в таблице 1",
 * "(таблица 1)"). Measured: the paragraphs right before the tables and the body text.
 */
import { clean, short, TABLE_CAPTION } from '../document.ts';
import type { Finding, NormocontrolRule } from '../rule.ts';

export const tables: NormocontrolRule = {
  id: 'tables',
  clause: 'ГОСТ 7.32-2017, 6.6',
  applies: (d) => d.paras.some((p) => p.inTable),
  check: ({ tableCaptions, bodyParas, paras }) => {
    const found: Finding[] = [];
    const body = bodyParas.map((p) => p.text.replace(/\u00A0/g, ' ')).join('\n');
    const tableStarts = paras.filter((p, i) => p.inTable && !paras[i - 1]?.inTable);
    if (tableStarts.length > tableCaptions.length)
      found.push({ message: 'У каждой таблицы должно быть название над ней: «Таблица 1 – Название»' });
    tableCaptions.forEach((p, i) => {
      const text = clean(p.text);
      const [, n, dash, title] = TABLE_CAPTION.exec(text)!;
      if (Number(n) !== i + 1) found.push({ message: `Таблицы нумеруются подряд: ожидался номер ${i + 1}`, where: short(text) });
      if (dash !== '–') found.push({ message: 'Номер и название таблицы разделяются знаком «–»', where: short(text) });
      if (!title.trim()) found.push({ message: 'У таблицы нет названия', where: short(text) });
      if (p.props.jc !== undefined && p.props.jc !== 'left' && p.props.jc !== 'start')
        found.push({ message: 'Название таблицы помещают над ней слева', where: short(text) });
      if (!new RegExp(`(?<!\\p{L})(таблиц[аеуы]|табл\\.)\\s+${n}(?!\\d)`, 'iu').test(body))
        found.push({ message: `В тексте нет ссылки на таблицу ${n}`, where: short(text) });
    });
    return found;
  },
};
