/**
 * ГОСТ 7.32-2017, 6.3.1: pages numbered through, the number at the bottom centre; the title page
 * counts but shows no number. Measured: a PAGE field in the centred default footer, a different
 * first-page footer without it, numbering starting at 1.
 */
import type { ReadParagraph } from '../../docx/read.ts';
import type { Finding, NormocontrolRule } from '../rule.ts';

const hasPageField = (ps: ReadParagraph[] | undefined) => Boolean(ps?.some((p) => p.fields.some((f) => /^PAGE\b/i.test(f.instruction))));

export const pageNumbers: NormocontrolRule = {
  id: 'page.numbers',
  clause: 'ГОСТ 7.32-2017, 6.3.1',
  check: ({ doc }) => {
    const found: Finding[] = [];
    const footer = doc.section.footerDefault ? doc.footers.get(doc.section.footerDefault) : undefined;
    if (!footer || !hasPageField(footer)) found.push({ message: 'Номера страниц должны стоять в нижнем колонтитуле (поле PAGE)' });
    else if (!footer.some((p) => hasPageField([p]) && p.props.jc === 'center'))
      found.push({ message: 'Номер страницы должен быть по центру нижнего поля' });
    const firstFooter = doc.section.footerFirst ? doc.footers.get(doc.section.footerFirst) : undefined;
    if (!doc.section.titlePg || hasPageField(firstFooter))
      found.push({ message: 'Титульный лист включается в нумерацию, но номер на нём не ставится' });
    if (doc.section.pgStart !== undefined && doc.section.pgStart !== 1)
      found.push({ message: 'Нумерация страниц должна начинаться с титульного листа (1)' });
    return found;
  },
};
