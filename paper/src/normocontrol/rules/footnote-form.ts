/**
 * A footnote starts as a paragraph of the main text does: the paragraph indent, then the mark and a
 * space (ГОСТ 7.32-2017, 6.7: footnotes are set with the paragraph indent). Measured: the first-line
 * indent of every footnote paragraph (±12 twips) and the character after its mark.
 */
import { FIRST_LINE } from '../../gost/constants.ts';
import { near, short } from '../document.ts';
import type { Finding, NormocontrolRule } from '../rule.ts';
import { PARAGRAPH_EXAMPLES } from './common.ts';

const INDENT = 'Сноска должна начинаться с абзацного отступа 1,25 см';
const SPACE = 'После знака сноски нужен пробел';

export const footnoteForm: NormocontrolRule = {
  id: 'footnote.form',
  clause: 'ГОСТ 7.32-2017, 6.7',
  check: ({ doc }) => {
    const found: Finding[] = [];
    for (const [first] of doc.footnotes) {
      if (!first?.text.trim() || found.length >= PARAGRAPH_EXAMPLES) continue;
      if (!near(first.props.firstLine, FIRST_LINE, 12)) found.push({ message: INDENT, where: short(first.text) });
      else if (!/^\s/.test(first.text)) found.push({ message: SPACE, where: short(first.text) });
    }
    return found;
  },
};
