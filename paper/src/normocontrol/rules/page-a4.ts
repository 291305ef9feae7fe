/** ГОСТ 7.32-2017, 6.1.1: sheets of A4 (GOST 9327), portrait. Measured: the section's page size, ±20 twips. */
import { PAGE } from '../../gost/constants.ts';
import { near } from '../document.ts';
import type { NormocontrolRule } from '../rule.ts';

const MESSAGE = 'Формат страницы должен быть A4 (210×297 мм), книжная ориентация';

export const pageA4: NormocontrolRule = {
  id: 'page.a4',
  clause: 'ГОСТ 7.32-2017, 6.1.1',
  check: ({ doc }) => (near(doc.section.pgW, PAGE.width, 20) && near(doc.section.pgH, PAGE.height, 20) ? [] : [{ message: MESSAGE }]),
};
