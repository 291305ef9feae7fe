/**
 * ГОСТ 7.32-2017, 6.2.1 (and 5.4, 5.7, 5.9, 5.10 for the elements): the structural elements are
 * there, their headings centred and in capitals. Measured: the contents paragraph and the level-1
 * headings; a demo needs no conclusion and no list.
 */
import { clean, STRUCTURAL } from '../document.ts';
import type { Finding, NormocontrolRule } from '../rule.ts';

export const headingStructural: NormocontrolRule = {
  id: 'heading.structural',
  clause: 'ГОСТ 7.32-2017, 6.2.1',
  check: ({ paras, contentsIdx, headings, isDemo }) => {
    const found: Finding[] = [];
    const required = [STRUCTURAL.introduction, ...(isDemo ? [] : [STRUCTURAL.conclusion, STRUCTURAL.bibliography])];
    if (contentsIdx < 0) found.push({ message: 'Нет структурного элемента «СОДЕРЖАНИЕ»' });
    for (const name of required) {
      if (!headings.some((h) => h.text === name))
        found.push({ message: `Нет структурного элемента «${name}», набранного заголовком прописными буквами` });
    }
    const structuralParas = [
      ...(contentsIdx >= 0 ? [paras[contentsIdx]] : []),
      ...headings.filter((h) => h.kind === 'structural' || h.kind === 'appendix').map((h) => h.p),
    ];
    for (const p of structuralParas) {
      const text = clean(p.text);
      if (p.props.jc !== 'center') found.push({ message: 'Заголовок структурного элемента должен быть по центру', where: text });
      // An appendix's title below "ПРИЛОЖЕНИЕ А" is written as a sentence (ГОСТ 7.32-2017, 6.14.3).
      const label = p.text.split('\n')[0];
      if (clean(label) !== clean(label).toUpperCase())
        found.push({ message: 'Заголовок структурного элемента должен быть прописными буквами', where: text });
    }
    return found;
  },
};
