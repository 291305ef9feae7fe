/**
 * Russian typesetting rules (Мильчин, Чельцова, «Справочник издателя и автора», 2.1.6): a line does
 * not break between initials and a surname, inside "с. 12", "т. 2", "№ 5", "и т. д." or between a
 * number and its unit ("2020 г.", "10 млн"). Measured: every body paragraph's text is what the
 * typography of the text (typographRu) makes of it; the first place where an ordinary space stands
 * for a non-breaking one is reported.
 */
import { typographRu } from '../../text/typography.ts';
import type { NormocontrolRule } from '../rule.ts';
import { PARAGRAPH_EXAMPLES } from './common.ts';

const MESSAGE = 'Нужен неразрывный пробел: инициалы с фамилией, сокращения с числом, числа с единицами не разрываются';

/** The words around the first ordinary space that should be non-breaking. */
function firstBreak(text: string): string | null {
  const fixed = typographRu(text);
  const at = [...text].findIndex((c, i) => c !== fixed[i]);
  return at < 0 ? null : text.slice(Math.max(0, at - 20), at + 20).trim();
}

export const textNbsp: NormocontrolRule = {
  id: 'text.nbsp',
  clause: 'Справочник издателя и автора, 2.1.6',
  check: (d) =>
    d.bodyParas
      .map((p) => firstBreak(p.text))
      .filter((where): where is string => where !== null)
      .slice(0, PARAGRAPH_EXAMPLES)
      .map((where) => ({ message: MESSAGE, where })),
};
