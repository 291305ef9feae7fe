import type { Person } from './types.ts';

export const NBSP = '\u00A0';
export const DASH = '–';

const CYRILLIC = /[А-Яа-яЁё]/;
const LATIN = /[A-Za-z]/;

export function isCyrillic(text: string): boolean {
  return CYRILLIC.test(text);
}

/** A work is "foreign" when its title has Latin letters and no Cyrillic ones. */
export function isForeign(text: string): boolean {
  return LATIN.test(text) && !CYRILLIC.test(text);
}

/** "Иван Иванович" -> "И. И."; "Жан-Поль" -> "Ж.-П."; already abbreviated initials are normalised. */
export function initialsOf(given: string | undefined): string {
  if (!given) return '';
  const parts = given
    .replace(/\./g, '. ')
    .split(/\s+/)
    .map((p) => p.trim())
    .filter(Boolean);
  return parts
    .map((part) =>
      part
        .split('-')
        .filter(Boolean)
        .map((piece) => `${piece.replace(/\.$/, '').charAt(0).toUpperCase()}.`)
        .join('-'),
    )
    .join(NBSP);
}

/** Heading form: "Иванов, И. И." (non-breaking inside). */
export function headingName(person: Person): string {
  const initials = initialsOf(person.given);
  return initials ? `${person.family},${NBSP}${initials}` : person.family;
}

/** Statement-of-responsibility form: "И. И. Иванов". */
export function directName(person: Person): string {
  const initials = initialsOf(person.given);
  return initials ? `${initials}${NBSP}${person.family}` : person.family;
}

/** Full direct form for dissertations: "Белозеров Иван Валентинович". */
export function fullName(person: Person): string {
  const given = person.given?.trim();
  if (!given || /^(\S\.\s*)+$/.test(given)) return directName(person);
  return `${person.family} ${given}`;
}

/** Page ranges use an en dash: "12-18" -> "12–18". */
export function pageRange(pages: string): string {
  return pages.trim().replace(/\s*[-‐‑‒—]\s*/g, DASH);
}

/**
 * Cleans a citation string the user typed: collapses spaces, uses the en dash in ". – ",
 * non-breaking spaces inside initials and before page numbers, and a final period.
 */
export function normalizeCitation(raw: string): string {
  let text = raw.replace(/[\s\u00A0]+/g, ' ').trim();
  text = text.replace(/\s+[-—‒]\s+/g, ` ${DASH} `);
  text = text.replace(/\.\s*–\s*/g, `. ${DASH} `);
  text = nbspInitials(text);
  // Not `\b`: it knows only Latin letters, so «С. 12» never matched.
  text = text.replace(/(\d) с\./g, `$1${NBSP}с.`).replace(/(?<![\p{L}\p{N}])([СсPp])\. (\d)/gu, `$1.${NBSP}$2`);
  text = text.replace(/№ (\d)/g, `№${NBSP}$1`);
  if (!/[.!?]$/.test(text)) text += '.';
  return withContentType(text);
}

/**
 * GOST 7.0.100 wants every entry to say what it is and how it is reached: "Текст :
 * непосредственный" (print) or "Текст : электронный" (with a URL). Users often leave it out: it
 * goes before "//" in an article or a chapter, at the end otherwise.
 */
function withContentType(text: string): string {
  if (/Текст\s*:\s*(непосредственный|электронный)/i.test(text)) return text;
  const type = /URL:|https?:\/\//i.test(text) ? 'Текст : электронный' : 'Текст : непосредственный';
  const host = text.indexOf(' // ');
  if (host > 0) return `${text.slice(0, host).replace(/\.?$/, '.')} ${DASH} ${type}${text.slice(host)}`;
  return `${text.replace(/\.$/, '')}. ${DASH} ${type}.`;
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
