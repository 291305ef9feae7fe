/** ГОСТ 7.32-2017, 6.1.1: margins left 30 mm, right 15 mm, top and bottom 20 mm. Measured: the section's margins, ±15 twips. */
import { MARGINS, MARGINS_MM } from '../../gost/constants.ts';
import { near } from '../document.ts';
import type { NormocontrolRule } from '../rule.ts';

const MESSAGE = `Поля страницы должны быть: левое ${MARGINS_MM.left} мм, правое ${MARGINS_MM.right} мм, верхнее ${MARGINS_MM.top} мм, нижнее ${MARGINS_MM.bottom} мм`;

export const pageMargins: NormocontrolRule = {
  id: 'page.margins',
  clause: 'ГОСТ 7.32-2017, 6.1.1',
  check: ({ doc }) => {
    const m = doc.section.margins;
    const ok =
      near(m.left, MARGINS.left, 15) &&
      near(m.right, MARGINS.right, 15) &&
      near(m.top, MARGINS.top, 15) &&
      near(m.bottom, MARGINS.bottom, 15);
    return ok ? [] : [{ message: MESSAGE }];
  },
};
