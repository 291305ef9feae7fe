/**
 * ГОСТ 7.32-2017, 6.2.1 (6.14.3 for an appendix): every structural element, section and appendix starts a new page. Measured: a
 * page break before the heading (property, break run, or a preceding page-break paragraph).
 */
import { STRUCTURAL } from '../document.ts';
import type { Finding, NormocontrolRule } from '../rule.ts';

export const headingNewPage: NormocontrolRule = {
  id: 'heading.newPage',
  clause: 'ГОСТ 7.32-2017, 6.2.1',
  check: ({ paras, headings, contentsIdx }) => {
    const found: Finding[] = [];
    for (const h of headings) {
      if (h.kind !== 'chapter' && h.kind !== 'structural' && h.kind !== 'appendix') continue;
      const prev = paras[h.p.index - 1];
      const prevBreaks = prev ? prev.runs.length === 0 && /\f/.test(prev.text) : false;
      if (!h.p.props.pageBreakBefore && !h.p.breakBefore && !prevBreaks)
        found.push({ message: 'Раздел и структурный элемент должны начинаться с новой страницы', where: h.text });
    }
    if (contentsIdx >= 0 && !paras[contentsIdx].props.pageBreakBefore && !paras[contentsIdx].breakBefore) {
      found.push({ message: 'Содержание должно начинаться с новой страницы', where: STRUCTURAL.contents });
    }
    return found;
  },
};
