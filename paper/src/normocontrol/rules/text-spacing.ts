/** ГОСТ 7.32-2017, 6.1.1: one and a half line spacing. Measured: line 360 with the "auto" rule in every body paragraph. */
import { LINE_1_5 } from '../../gost/constants.ts';
import { short } from '../document.ts';
import type { NormocontrolRule } from '../rule.ts';
import { PARAGRAPH_EXAMPLES } from './common.ts';

const MESSAGE = 'Межстрочный интервал основного текста должен быть полуторным';

export const textSpacing: NormocontrolRule = {
  id: 'text.spacing',
  clause: 'ГОСТ 7.32-2017, 6.1.1',
  check: (d) =>
    d.bodyParas
      .filter((p) => !(p.props.line === LINE_1_5 && (p.props.lineRule ?? 'auto') === 'auto'))
      .slice(0, PARAGRAPH_EXAMPLES)
      .map((p) => ({ message: MESSAGE, where: short(p.text) })),
};
