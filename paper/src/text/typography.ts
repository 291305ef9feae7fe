/**
 * Russian typography of the body text, as a normocontroller expects it: a line never breaks
 * inside "А. А. Иванов", "с. 12", "т. 2", "№ 5", "2020 г.", "10 млн руб." or "и т. д.".
 * JavaScript's `\b` knows only Latin letters, so word boundaries here are Unicode lookarounds.
 */
import { NBSP, nbspInitials } from '../bibliography/text.ts';

/** Abbreviations that stand before a number: "с. 12", "т. 2", "ч. 1", "ст. 5", "п. 3", "рис. 1". */
const BEFORE_NUMBER = /(?<![\p{L}\p{N}])(с|С|т|Т|ч|Ч|ст|Ст|п|пп|гл|рис|табл|разд|вып|кн)\. (?=[\dIVXLC])/gu;
/** Units and years after a number: "2020 г.", "1990–2000 гг.", "10 млн", "5 тыс.", "100 руб.", "15 %". */
const AFTER_NUMBER = /(\d) (?=(?:гг?\.|вв?\.|млн|млрд|трлн|тыс\.|руб\.|коп\.|чел\.|%)(?![\p{L}]))/gu;

export function typographRu(text: string): string {
  return nbspInitials(text)
    .replace(BEFORE_NUMBER, `$1.${NBSP}`)
    .replace(/([№§]) ?(?=\d)/g, `$1${NBSP}`)
    .replace(AFTER_NUMBER, `$1${NBSP}`)
    .replace(/(?<![\p{L}])т\. (?=[депкн]\.)/gu, `т.${NBSP}`)
    .replace(/(?<![\p{L}])и (?=т\.[ \u00A0][дп]\.)/gu, `и${NBSP}`);
}
