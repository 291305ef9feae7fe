/**
 * ГОСТ 7.32-2017, 5.10 (the list, numbered) and ГОСТ Р 7.0.100-2018 (the form of a record): numbered
 * in a row, a record ends with a period, areas separated by ". – ", the content type and access,
 * URL and access date for an electronic resource, non-breaking spaces in initials and page counts.
 * Measured: every numbered paragraph after the list's heading.
 */
import type { Finding, NormocontrolRule } from '../rule.ts';

export const bibliographyForm: NormocontrolRule = {
  id: 'bibliography.form',
  clause: 'ГОСТ 7.32-2017, 5.10; ГОСТ Р 7.0.100-2018',
  applies: (d) => d.bibHeading !== undefined,
  check: ({ bibliography: entries }) => {
    const found: Finding[] = [];
    if (entries.length === 0) found.push({ message: 'Список использованных источников пуст' });
    entries.forEach((e, i) => {
      const add = (message: string) => found.push({ message, where: `источник ${e.n}` });
      if (e.n !== i + 1) add(`Источники должны нумероваться подряд: ожидался номер ${i + 1}`);
      if (!/[.]$/.test(e.text.trim())) add('Библиографическая запись должна заканчиваться точкой');
      if (/\S\.\s-\s/.test(e.text) || / - /.test(e.text)) add('Области описания разделяются знаком «точка и тире» (–), а не дефисом');
      if (!/Текст\s*:\s*(непосредственный|электронный)/.test(e.text))
        add('Нет вида содержания и средства доступа («Текст : непосредственный» или «Текст : электронный»)');
      const electronic = /Текст\s*:\s*электронный/.test(e.text) || /URL:/.test(e.text);
      if (electronic && !/URL:\s*\S+/.test(e.text)) add('Для электронного ресурса нужен URL');
      if (electronic && !/\(дата обращения: \d{2}\.\d{2}\.\d{4}\)/.test(e.text))
        add('Для электронного ресурса нужна дата обращения (дд.мм.гггг)');
      if (/(?<!\p{L})[А-ЯЁA-Z]\. (?=[А-ЯЁA-Z]\.)/u.test(e.text)) add('Инициалы должны разделяться неразрывным пробелом');
      if (/\d с\./.test(e.text) || /[СP]\. \d/.test(e.text)) add('Перед номером страницы и после числа страниц нужен неразрывный пробел');
    });
    return found;
  },
};
