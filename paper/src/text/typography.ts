/**
 * Russian typography of the body text, as a normocontroller expects it: a line never breaks
 * inside "А. А. Иванов", "с. 12", "т. 2", "№ 5", "2020 г.", "10 млн руб." or "и т. д.".
 * JavaScript's `\b` knows only Latin letters, so word boundaries here are Unicode lookarounds.
 */
export const NBSP = '\u00A0';

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

/**
 * "И. И. Иванов" / "Иванов, И. И." / "Иванов И. И.": spaces inside initials and between initials and
 * a surname become non-breaking. After the heading forms "Иванов, И. И." and "Иванов И. И." the next
 * word is the title, so that space stays ordinary.
 */
export function nbspInitials(text: string): string {
  const initials = /(?<!\p{L})((?:[А-ЯЁA-Z]\.[ \u00A0]?){1,3})/gu;
  return text
    .replace(initials, (match: string, _g: string, offset: number) => {
      const before = text.slice(0, offset);
      const after = text.slice(offset + match.length);
      let out = match.trimEnd().replace(/\. (?=[А-ЯЁA-Z]\.)/g, `.${NBSP}`);
      const trailing = match.slice(out.length);
      // After a surname («Иванов И. И.») the initials end the name: the next word is the title.
      const surnameFollows = /^[А-ЯЁA-Z][а-яёa-z-]+/.test(after) && !/(,|[А-ЯЁA-Z][а-яёa-z-]+)\s*$/.test(before);
      if (trailing) out += surnameFollows ? NBSP : trailing;
      return out;
    })
    .replace(/([А-ЯЁA-Z][а-яёa-z-]+,?) (?=[А-ЯЁA-Z]\.[ \u00A0]?[А-ЯЁA-Z]\.)/gu, `$1${NBSP}`);
}
