/**
 * ГОСТ 7.32-2017, 6.1.1: the size of the text (at least 12 pt; the engine promises 14 pt for the text,
 * headings and contents). Measured: the size of every run with text but footnote marks; the first 5 offenders named.
 */
import { BODY_SIZE, BODY_SIZE_PT } from '../../gost/constants.ts';
import { short } from '../document.ts';
import type { Finding, NormocontrolRule } from '../rule.ts';
import { EXAMPLES, textParagraphs } from './common.ts';

const MESSAGE = `Размер шрифта основного текста, заголовков и содержания должен быть ${BODY_SIZE_PT} пт`;

export const fontSize: NormocontrolRule = {
  id: 'font.size',
  clause: 'ГОСТ 7.32-2017, 6.1.1',
  check: (d) => {
    const found: Finding[] = [];
    for (const p of textParagraphs(d)) {
      for (const r of p.runs) {
        if (!r.text.trim()) continue;
        const superscript = r.props.vertAlign === 'superscript' || r.footnoteRef;
        if (!superscript && r.props.size !== BODY_SIZE && found.length < EXAMPLES) found.push({ message: MESSAGE, where: short(p.text) });
      }
    }
    return found;
  },
};
