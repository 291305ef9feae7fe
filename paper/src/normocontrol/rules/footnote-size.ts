/**
 * Footnotes in 10 pt (ГОСТ 7.32-2017, 6.7 has footnotes but sets no size: see gost/constants.ts).
 * Measured: the size of every footnote run with text but the mark; the first 3 offenders named.
 */
import { FOOTNOTE_SIZE, FOOTNOTE_SIZE_PT } from '../../gost/constants.ts';
import { short } from '../document.ts';
import type { Finding, NormocontrolRule } from '../rule.ts';
import { PARAGRAPH_EXAMPLES } from './common.ts';

const MESSAGE = `Текст сноски должен быть набран шрифтом ${FOOTNOTE_SIZE_PT} пт`;

export const footnoteSize: NormocontrolRule = {
  id: 'footnote.size',
  clause: 'ГОСТ 7.32-2017, 6.7',
  check: ({ doc }) => {
    const found: Finding[] = [];
    for (const note of doc.footnotes) {
      for (const p of note) {
        for (const r of p.runs) {
          if (!r.text.trim() || r.footnoteRef || r.props.vertAlign === 'superscript') continue;
          if (r.props.size !== FOOTNOTE_SIZE && found.length < PARAGRAPH_EXAMPLES) found.push({ message: MESSAGE, where: short(p.text) });
        }
      }
    }
    return found;
  },
};
