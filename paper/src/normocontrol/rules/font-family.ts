/** ГОСТ 7.32-2017, 6.1.1: Times New Roman for the text. Measured: the font of every run with text; the first 5 offenders named. */
import { FONT } from '../../gost/constants.ts';
import { short } from '../document.ts';
import type { Finding, NormocontrolRule } from '../rule.ts';
import { EXAMPLES, textParagraphs } from './common.ts';

const MESSAGE = `Шрифт текста должен быть ${FONT}`;

export const fontFamily: NormocontrolRule = {
  id: 'font.family',
  clause: 'ГОСТ 7.32-2017, 6.1.1',
  check: (d) => {
    const found: Finding[] = [];
    for (const p of textParagraphs(d)) {
      for (const r of p.runs) {
        if (r.text.trim() && r.props.font !== FONT && found.length < EXAMPLES) found.push({ message: MESSAGE, where: short(p.text) });
      }
    }
    return found;
  },
};
