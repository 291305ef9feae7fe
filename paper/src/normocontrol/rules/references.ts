/**
 * ГОСТ 7.32-2017, 6.9 (references to the sources): an in-text number points into the list, a
 * footnote is not empty. Measured: every "[n]" / "[n, с. x]" of the body against the list's length.
 */
import { clean, short } from '../document.ts';
import type { Finding, NormocontrolRule } from '../rule.ts';

export const references: NormocontrolRule = {
  id: 'references',
  clause: 'ГОСТ 7.32-2017, 6.9',
  check: ({ bibHeading, bibliography: entries, bodyParas, doc }) => {
    const found: Finding[] = [];
    if (bibHeading && entries.length) {
      for (const p of bodyParas) {
        for (const m of p.text.matchAll(/\[(\d+)(?:,\s*с\.\s*[\d–-]+)?(?:;\s*\d+(?:,\s*с\.\s*[\d–-]+)?)*\]/g)) {
          const numbers = [...m[0].matchAll(/(?:\[|;\s*)(\d+)/g)].map((x) => Number(x[1]));
          if (numbers.some((n) => n < 1 || n > entries.length))
            found.push({ message: `Ссылка ${m[0]} указывает на источник, которого нет в списке`, where: short(p.text) });
        }
      }
    }
    for (const note of doc.footnotes) {
      if (!note.some((p) => clean(p.text))) found.push({ message: 'Пустая сноска' });
    }
    return found;
  },
};
