/** ГОСТ 7.32-2017, 6.1.1: a paragraph indent of 1.25 cm. Measured: the first-line indent of every body paragraph, ±12 twips. */
import { FIRST_LINE } from '../../gost/constants.ts';
import { near, short } from '../document.ts';
import type { NormocontrolRule } from '../rule.ts';
import { PARAGRAPH_EXAMPLES } from './common.ts';

const MESSAGE = 'Абзацный отступ должен быть 1,25 см';

export const textIndent: NormocontrolRule = {
  id: 'text.indent',
  clause: 'ГОСТ 7.32-2017, 6.1.1',
  check: (d) =>
    d.bodyParas
      .filter((p) => !near(p.props.firstLine, FIRST_LINE, 12))
      .slice(0, PARAGRAPH_EXAMPLES)
      .map((p) => ({ message: MESSAGE, where: short(p.text) })),
};
