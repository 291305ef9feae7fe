/**
 * The deterministic support check of a cited statement: the share of its key terms (Snowball
 * stems, sources/relevance.ts) that its cited page holds. A statement retold from its page shares
 * most of its terms (0.7-0.9); a general sentence that merely carries a citation shares a few
 * (0.1-0.3), so half is a clear line between them. Every figure of the statement must stand on the
 * page too (check.ts). It decides before any model judge does, and a judge's "yes" never
 * overrules it (claims.ts).
 *
 * Across languages the rule is the same: a Russian statement resting on an English page finds its
 * key terms on the page itself or as the Russian equivalents (the topic's glossary,
 * source-plan/glossary.ts) of English terms the page holds; each term so found is reported with
 * the English term it matched.
 */
import type { GlossaryEntry } from '../writer/types.ts';
import { stems } from '../sources/relevance.ts';

export const MIN_SHARED_TERMS = 0.5;

/**
 * Stems of the words that attribute a statement to its source («Согласно выводам авторов», «Как
 * показано в исследовании», «Зарубежные исследователи отмечают»): they say who says it, not what,
 * and are no key terms of the statement (a page need not hold them).
 */
const ATTRIBUTION = new Set([
  'автор',
  'вывод',
  'дан',
  'зарубежн',
  'литератур',
  'мнен',
  'наблюден',
  'отдельн',
  'отмеча',
  'пишут',
  'подчеркива',
  'показа',
  'приход',
  'публикац',
  'рассматрива',
  'работ',
  'свидетельств',
  'согласн',
  'указыва',
  'учен',
  'установл',
  'утвержда',
  'частност',
  'эмпирическ',
  'источник',
]);

/** A statement's key term found on its page: a stem of the statement, and the English term it was matched through. */
export interface FoundTerm {
  term: string;
  via?: string;
}

export interface Support {
  /** The share of the statement's key terms found. */
  share: number;
  found: FoundTerm[];
  /** The statement's key terms. */
  terms: number;
}

/** A glossary entry as the check matches it: the English term's stems, the Russian phrase's. */
interface Matcher {
  term: string;
  en: string[];
  ru: string[];
}

const compiled = new WeakMap<readonly GlossaryEntry[], Matcher[]>();

function matchers(glossary: readonly GlossaryEntry[]): Matcher[] {
  let out = compiled.get(glossary);
  if (!out) {
    out = glossary.map((e) => ({ term: e.en, en: [...stems(e.en)], ru: [...stems(e.ru)] })).filter((m) => m.en.length && m.ru.length);
    compiled.set(glossary, out);
  }
  return out;
}

/** What of the claim's key terms the passages hold (through the glossary, for a foreign passage). */
export function supportOf(claim: string, passages: string[], glossary: readonly GlossaryEntry[] = []): Support {
  const own = new Set([...stems(claim)].filter((s) => !ATTRIBUTION.has(s)));
  if (own.size === 0) return { share: 0, found: [], terms: 0 };
  const there = stems(passages.join(' '));
  const via = new Map<string, string>();
  for (const m of matchers(glossary))
    if (m.en.every((s) => there.has(s))) for (const r of m.ru) if (!there.has(r) && !via.has(r)) via.set(r, m.term);
  const found: FoundTerm[] = [];
  for (const s of own) {
    if (there.has(s)) found.push({ term: s });
    else if (via.has(s)) found.push({ term: s, via: via.get(s) });
  }
  return { share: found.length / own.size, found, terms: own.size };
}

/** The share of the claim's key terms found in the passages. */
export function sharedTerms(claim: string, passages: string[], glossary: readonly GlossaryEntry[] = []): number {
  return supportOf(claim, passages, glossary).share;
}
