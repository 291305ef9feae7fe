/**
 * Justified body text: not a clause of GOST 7.32-2017 but what the guides applying it (and the
 * engine) require. Measured: the alignment of every body paragraph ("both" or "distribute").
 */
import { short } from '../document.ts';
import type { NormocontrolRule } from '../rule.ts';
import { PARAGRAPH_EXAMPLES } from './common.ts';

const MESSAGE = 'Основной текст должен быть выровнен по ширине';

export const textAlign: NormocontrolRule = {
  id: 'text.align',
  clause: 'ГОСТ 7.32-2017, 6.1.1 (по ширине — требование методических указаний)',
  check: (d) =>
    d.bodyParas
      .filter((p) => p.props.jc !== 'both' && p.props.jc !== 'distribute')
      .slice(0, PARAGRAPH_EXAMPLES)
      .map((p) => ({ message: MESSAGE, where: short(p.text) })),
};
