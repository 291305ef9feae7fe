/**
 * The contents' page numbers are written in (ГОСТ 7.32-2017, 5.4.1), not left for Word to compute:
 * a document that asks to update its fields on opening makes Word ask the reader. Measured: the
 * updateFields setting.
 */
import type { NormocontrolRule } from '../rule.ts';

export const tocFields: NormocontrolRule = {
  id: 'toc.fields',
  clause: 'ГОСТ 7.32-2017, 5.4.1',
  check: ({ doc }) =>
    doc.updateFields ? [{ message: 'Документ требует обновления полей при открытии (updateFields): Word задаст вопрос' }] : [],
};
