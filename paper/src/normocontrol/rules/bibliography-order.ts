/**
 * ГОСТ 7.32-2017, 5.10 (the order of the list; the guides applying it: alphabetical, Russian before
 * other languages, normative acts first and by legal force). Measured: neighbouring records in each
 * group, and the group of normative acts being the first.
 */
import { compareEntries } from '../../bibliography/list.ts';
import type { BibliographyLine } from '../document.ts';
import type { Finding, NormocontrolRule } from '../rule.ts';

export const bibliographyOrder: NormocontrolRule = {
  id: 'bibliography.order',
  clause: 'ГОСТ 7.32-2017, 5.10',
  applies: (d) => d.bibHeading !== undefined,
  check: ({ bibliography: entries }) => {
    const found: Finding[] = [];
    const groups = new Map<string, BibliographyLine[]>();
    for (const e of entries) groups.set(e.group, [...(groups.get(e.group) ?? []), e]);
    for (const [name, list] of groups) {
      // Normative acts go by legal force, not by the alphabet.
      if (/нормативн/i.test(name)) continue;
      for (let i = 1; i < list.length; i++) {
        if (compareEntries(list[i - 1].text, list[i].text) > 0) {
          found.push({
            message: 'Источники должны идти по алфавиту: сначала на русском языке, затем на иностранных',
            where: `источник ${list[i].n}`,
          });
        }
      }
    }
    const groupNames = [...groups.keys()].filter(Boolean);
    if (groupNames.length > 1 && groupNames.some((g) => /нормативн/i.test(g)) && !/нормативн/i.test(groupNames[0])) {
      found.push({ message: 'При разделении списка нормативные правовые акты идут первыми' });
    }
    return found;
  },
};
