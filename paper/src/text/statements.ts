/**
 * Statements made of the paper's own sentences, for what the model did not give or gave
 * ungrounded: a slide's bullet (the sentence's claim, short enough for one line) and the speech's
 * sentence in the first person plural. They say what the fragment says, so they are grounded by
 * construction.
 */

/** Words that link a sentence to the one before it: a bullet or a spoken sentence stands alone. */
const LINKS =
  /^(?:следовательно|таким образом|кроме того|в частности|вместе с тем|на практике|с учётом сказанного|итак|очевидно|показательно|нередко|в целом|подводя итог|при этом|однако|также|в свою очередь|одновременно|как правило|следует подчеркнуть|примечательно|важно|вероятно|именно поэтому|соответственно|в то же время|на этом фоне|более того|помимо этого|иными словами|прежде всего|со временем|в итоге|в результате|тем самым|поэтому|так|в этой связи|в связи с этим)(?:,\s*|\s+что\s+|\s+)/iu;

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const lower = (s: string) => (/^\p{Lu}(?:\p{Ll}|\s)/u.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

/** The sentence without a linking word at its start and without its final stop. */
export function standAlone(sentence: string): string {
  let s = sentence.trim().replace(/[.!?…]+$/u, '');
  for (let i = 0; i < 2; i++) {
    const m = LINKS.exec(s);
    if (!m || words(s.slice(m[0].length)) < 4) break;
    s = s
      .slice(m[0].length)
      .replace(/^что\s+/u, '')
      .replace(/^именно\s+/u, '');
  }
  // «Авторы отмечают, что X», «Опыт регионов показывает, что X»: the claim is X.
  const claim = /^([^,]{3,60}),\s+что\s+(.+)$/u.exec(s);
  if (claim && words(claim[1]) <= 6 && words(claim[2]) >= 5) s = claim[2];
  return capital(s.trim());
}

/** Cut at a clause boundary, or at a word boundary with «…», to `max` characters. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const clauses = [
    ...text.matchAll(/,\s+(?:хотя|а|но|что|при этом|однако|поскольку|так как|который|которая|которые)\s|;\s|\s[–—]\s|,\s/gu),
  ];
  for (const c of clauses.reverse()) {
    const head = text.slice(0, c.index).trim();
    if (head.length <= max && words(head) >= 5) return head;
  }
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,;:–—-]+$/u, '')}…`;
}

/** A slide's bullet told by a sentence of the paper. */
export const bulletOf = (sentence: string, max: number) => shorten(standAlone(sentence), max);

const SPOKEN = [
  'Мы установили, что',
  'В работе мы показываем, что',
  'Нами выявлено, что',
  'Мы отмечаем, что',
  'Как показало наше исследование,',
];

/** The introduction's own statements, said as the author says them. */
const OWN: [RegExp, string][] = [
  [/^Цел(?:ь|ью)\s+(?:данной\s+|настоящей\s+)?(?:работы|исследования)\s*(?:[–—-]|является)\s*/iu, 'Цель нашей работы – '],
  [/^Объект(?:ом)?\s+исследования\s*(?:[–—-]|является|выступа\S+)\s*/iu, 'Объект нашего исследования – '],
  [/^Предмет(?:ом)?\s+исследования\s*(?:[–—-]|является|выступа\S+)\s*/iu, 'Предмет нашего исследования – '],
  [/^Методы\s+исследования\s*[:–—-]\s*/iu, 'В работе мы использовали следующие методы: '],
];

/** A sentence of the speech told by a sentence of the paper (or a row of its table), in the first person plural. */
export function spokenOf(sentence: string, n: number, table?: number): string {
  const text = sentence.trim().replace(/[.!?…;]+$/u, '');
  if (table !== undefined) return `По данным таблицы ${table}: ${lower(text)}.`;
  for (const [re, lead] of OWN) if (re.test(text)) return `${lead}${text.replace(re, '')}.`;
  return `${SPOKEN[n % SPOKEN.length]} ${lower(standAlone(text))}.`;
}

/** The tasks as one sentence of the speech (the introduction lists them one a line). */
export const spokenTasks = (tasks: string[]) =>
  `Для достижения цели мы решали следующие задачи: ${tasks
    .map((t) =>
      t
        .trim()
        .replace(/^[–—-]\s*/u, '')
        .replace(/[.;]+$/u, ''),
    )
    .join('; ')}.`;

/** Words of a text (what the speech's length is counted in). */
export const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\d]/u.test(w)).length;
