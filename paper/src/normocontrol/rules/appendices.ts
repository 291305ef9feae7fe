/**
 * ГОСТ 7.32-2017, 6.14: appendices are lettered А, Б, В… (without Ё, З, Й, О, Ч, Ъ, Ы, Ь), each
 * with a title, and the text refers to every one ("приложении А"). Measured: the headings
 * "ПРИЛОЖЕНИЕ А" and the body text.
 */
import { APPENDIX } from '../document.ts';
import type { Finding, NormocontrolRule } from '../rule.ts';

const LETTERS = 'АБВГДЕЖИКЛМНПРСТУФХЦШЩЭЮЯ';

export const appendices: NormocontrolRule = {
  id: 'appendix',
  clause: 'ГОСТ 7.32-2017, 6.14',
  applies: (d) => d.headings.some((h) => h.kind === 'appendix'),
  check: ({ headings, bodyParas }) => {
    const found: Finding[] = [];
    const body = bodyParas.map((p) => p.text.replace(/\u00A0/g, ' ')).join('\n');
    headings
      .filter((h) => h.kind === 'appendix')
      .forEach((h, i) => {
        const letter = APPENDIX.exec(h.text)![1];
        if (letter !== LETTERS[i])
          found.push({ message: `Приложения обозначаются буквами по порядку: ожидалось «${LETTERS[i]}»`, where: h.text });
        if (h.p.text.split('\n').filter((l) => l.trim()).length < 2)
          found.push({ message: 'У приложения должен быть заголовок под словом «ПРИЛОЖЕНИЕ»', where: h.text });
        if (!new RegExp(`приложени[еияю]\\s+${letter}(?![\\p{L}])`, 'iu').test(body))
          found.push({ message: `В тексте нет ссылки на приложение ${letter}`, where: h.text });
      });
    return found;
  },
};
