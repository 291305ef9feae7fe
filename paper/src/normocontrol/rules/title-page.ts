/**
 * ГОСТ 7.32-2017, 5.1 (as the universities' guides adapt it to a student's work): the title page
 * names the ministry, the department, the kind of work, the student and the supervisor, has
 * "Допустить к защите" and ends with the city and year. Measured: the paragraphs before the
 * реферат or the contents; a field filled in or left as a line to fill in both count.
 */
import { clean } from '../document.ts';
import type { Finding, NormocontrolRule } from '../rule.ts';

const FIELDS: { name: string; pattern: RegExp }[] = [
  { name: 'министерство', pattern: /министерств/i },
  { name: 'кафедра', pattern: /кафедр/i },
  { name: 'вид работы', pattern: /(квалификационная|курсовая|дипломная|выпускная)\s+работа|^реферат$|отч[её]т/i },
  { name: 'студент («Выполнил(а)»)', pattern: /выполнил/i },
  { name: 'научный руководитель', pattern: /руководитель/i },
  { name: '«Допустить к защите»', pattern: /допустить к защите/i },
];

export const titlePage: NormocontrolRule = {
  id: 'title.page',
  clause: 'ГОСТ 7.32-2017, 5.1',
  // A document with a contents has a title page before it.
  applies: (d) => d.contentsIdx >= 0,
  check: ({ frontParas }) => {
    const found: Finding[] = [];
    const abstractAt = frontParas.findIndex((p) => clean(p.text).toUpperCase() === 'РЕФЕРАТ');
    const lines = (abstractAt >= 0 ? frontParas.slice(0, abstractAt) : frontParas).map((p) => clean(p.text));
    if (lines.length === 0) return [{ message: 'Нет титульного листа перед содержанием' }];
    for (const field of FIELDS) {
      if (!lines.some((l) => field.pattern.test(l))) found.push({ message: `На титульном листе нет поля: ${field.name}` });
    }
    if (!/(^|\s)(19|20)\d{2}$/.test(lines[lines.length - 1]))
      found.push({ message: 'Титульный лист должен заканчиваться городом и годом', where: lines[lines.length - 1] });
    return found;
  },
};
