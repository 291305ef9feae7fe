/** The key authors of the field, as the introduction names them: from the paper's own sources. */
import { directName, isCyrillic } from '../bibliography/text.ts';
import type { RunSource } from './types.ts';

const MAX_AUTHORS = 6;

/** "Иванов, И. И. Название…" or "Иванов И. И. Название…": the first author of a user's citation. */
function citationAuthor(citation: string): string | null {
  const m = /^\s*([А-ЯЁA-Z][а-яёa-z-]+),?\s+([А-ЯЁA-Z]\.(?:\s?[А-ЯЁA-Z]\.)?)/u.exec(citation);
  return m ? `${m[2].replace(/\.\s?(?=\S)/g, '.\u00A0')}\u00A0${m[1]}` : null;
}

/**
 * The first authors of the sources, those with most works first, Russian before foreign, at most
 * MAX_AUTHORS: the names a reader finds in the list of sources.
 */
export function keyAuthorsOf(sources: RunSource[]): string[] {
  const count = new Map<string, { name: string; works: number; order: number }>();
  sources.forEach((s, order) => {
    const names =
      s.origin === 'attached'
        ? [citationAuthor(s.file?.citation ?? s.label)].filter((x): x is string => x !== null)
        : (s.work?.authors ?? []).slice(0, 2).map(directName);
    for (const name of names) {
      const seen = count.get(name);
      if (seen) seen.works++;
      else count.set(name, { name, works: 1, order });
    }
  });
  return [...count.values()]
    .sort((a, b) => Number(isCyrillic(b.name)) - Number(isCyrillic(a.name)) || b.works - a.works || a.order - b.order)
    .slice(0, MAX_AUTHORS)
    .map((a) => a.name);
}

/** How the sentence naming them starts (the fact-check stage finds it by this). */
export const KEY_AUTHORS_LEAD = 'Теоретической основой исследования послужил';

/** The sentence of the introduction that names them. */
export function keyAuthorsSentence(names: string[]): string | null {
  if (!names.length) return null;
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} и ${names[names.length - 1]}`;
  return names.length === 1
    ? `${KEY_AUTHORS_LEAD}а работа, автор которой – ${list}, а также нормативные и аналитические материалы по теме работы.`
    : `${KEY_AUTHORS_LEAD}и работы таких авторов, как ${list}, а также нормативные и аналитические материалы по теме работы.`;
}
