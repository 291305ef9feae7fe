/**
 * ГОСТ 7.32-2017, 5.2: a full paper has a РЕФЕРАТ before the contents: the volume line (pages,
 * tables, sources, appendices), 5-15 keywords in capitals, then the text. Measured: the paragraphs between
 * "РЕФЕРАТ" and "СОДЕРЖАНИЕ"; the pages against the PDF, the sources against the list, the
 * appendices against their headings. Applies to the engine's full papers (a demo is an excerpt).
 */
import { clean } from '../document.ts';
import type { Finding, NormocontrolRule } from '../rule.ts';

const count = (line: string, unit: string) => {
  const m = new RegExp(`(\\d+)\\s(?:${unit})`).exec(line);
  return m ? Number(m[1]) : 0;
};

export const abstractPage: NormocontrolRule = {
  id: 'abstract',
  clause: 'ГОСТ 7.32-2017, 5.2',
  applies: (d) => d.doc.customProps.get('PaperKind') === 'full',
  check: ({ frontParas, paras, contentsIdx, pdf, bibliography, headings }) => {
    const found: Finding[] = [];
    const at = frontParas.findIndex((p) => clean(p.text).toUpperCase() === 'РЕФЕРАТ');
    if (at < 0) return [{ message: 'Нет реферата перед содержанием' }];
    if (!frontParas[at].props.pageBreakBefore && !frontParas[at].breakBefore)
      found.push({ message: 'Реферат должен начинаться с новой страницы', where: 'РЕФЕРАТ' });
    if (contentsIdx >= 0 && frontParas[at].index > paras[contentsIdx].index)
      found.push({ message: 'Реферат должен стоять перед содержанием' });
    const [volume = '', keywords = '', ...text] = frontParas.slice(at + 1).map((p) => clean(p.text));
    const pages = count(volume, 'с\\.');
    if (!pages) found.push({ message: 'В реферате нет сведений об объёме работы («… с., … источн., … прил.»)', where: volume });
    else if (pdf && pages !== pdf.pageCount)
      found.push({ message: `В реферате указано ${pages} с., а в работе ${pdf.pageCount} с.`, where: volume });
    if (bibliography.length && count(volume, 'источн\\.') !== bibliography.length)
      found.push({ message: `В реферате указано ${count(volume, 'источн\\.')} источн., а в списке ${bibliography.length}`, where: volume });
    const tables = paras.filter((p, i) => p.inTable && !paras[i - 1]?.inTable).length;
    if (count(volume, 'табл\\.') !== tables)
      found.push({ message: `В реферате указано ${count(volume, 'табл\\.')} табл., а в работе ${tables}`, where: volume });
    const appendices = headings.filter((h) => h.kind === 'appendix').length;
    if (count(volume, 'прил\\.') !== appendices)
      found.push({ message: `В реферате указано ${count(volume, 'прил\\.')} прил., а в работе ${appendices}`, where: volume });
    const words = keywords.split(/,\s*/).filter(Boolean);
    if (words.length < 5 || words.length > 15) found.push({ message: 'В реферате должно быть от 5 до 15 ключевых слов', where: keywords });
    if (keywords !== keywords.toUpperCase()) found.push({ message: 'Ключевые слова реферата пишутся прописными буквами', where: keywords });
    const body = text.join(' ');
    for (const [name, pattern] of [
      ['объект исследования', /объект/i],
      ['цель работы', /цель/i],
      ['результаты', /результат/i],
    ] as const) {
      if (!pattern.test(body)) found.push({ message: `В тексте реферата не указан(а) ${name}` });
    }
    return found;
  },
};
