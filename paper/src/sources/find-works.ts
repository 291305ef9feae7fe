/**
 * The merged search: every configured database (the api's library, OpenAlex, Crossref) is asked
 * every query, Russian and English; what they find is merged and deduplicated, judged for
 * relevance in the work's own language, completed by DOI (Crossref), checked to be describable by
 * GOST, and the best are picked with room for recent and foreign works.
 */
import { isAbort } from '../errors.ts';
import { authorsFitTitle } from './search/common.ts';
import { mergeWorks } from './search/merge.ts';
import type { BibliographicSearch } from './search/types.ts';
import type { FoundWork } from '../bibliography/types.ts';
import { chooseWorks, factsOf } from './choice.ts';
import { onTopic, overlap, stems, topicObjectOf, workLanguage } from './relevance.ts';

export interface SearchQueries {
  ru: string[];
  en: string[];
}

/** Checks a found work is describable and within the user's filter; nothing unverifiable is kept. */
export function verifyWork(w: FoundWork, minYear: number, maxYear: number): boolean {
  if (!w.title || w.title.length < 5 || w.title.length > 400) return false;
  if (!w.authors.length || w.authors.some((a) => !a.family || a.family.length < 2)) return false;
  // A Russian title with Latin author names is a transliteration the list must not print.
  if (!authorsFitTitle(w.title, w.authors)) return false;
  if (!Number.isInteger(w.year) || w.year < minYear || w.year > maxYear) return false;
  if ((w.kind === 'article' || w.kind === 'chapter') && !w.container) return false;
  if (w.kind === 'dissertation' || w.kind === 'autoreferat' || w.kind === 'law') return false; // providers lack what GOST needs
  return true;
}

/** What a GOST description of the work still lacks that a DOI record may have. */
function incomplete(w: FoundWork): boolean {
  if (!authorsFitTitle(w.title, w.authors) || !w.authors.length) return true;
  if (w.kind === 'article') return !w.container || !w.pages || (!w.volume && !w.issue);
  if (w.kind === 'chapter') return !w.container || !w.pages || !w.publisher;
  return !w.publisher || !w.place;
}

export interface SearchOutcome {
  /** The picked works, best first. */
  works: FoundWork[];
  /** Every relevant, describable work found (the picked ones among them). */
  candidates: FoundWork[];
  /** Requests that failed (the paper continues with what was found). */
  failures: string[];
  /** Requests made, failed ones included. */
  requests: number;
}

export interface SearchOptions {
  providers: readonly BibliographicSearch[];
  queries: SearchQueries;
  /** What the paper is about, in Russian (topic, keywords, chapters) and in English (the English queries). */
  topicText: { ru: string; en: string };
  /** The paper's topic: a work must name what it is about (relevance.ts, topicObject), not only share its other words. */
  topic?: string;
  minYear: number;
  maxYear: number;
  /** How many works to pick. */
  want: number;
  /** Works published in this year or later are recent. */
  recentFrom: number;
  /** Works asked of each database per query (by default 25, or `want` when more: one good query
   * may give them all). */
  perQuery?: number;
  /** How many found works may be completed by DOI (each is a request). */
  maxLookups?: number;
  signal?: AbortSignal;
}

/** Runs `tasks` with at most `limit` at a time. */
async function inPool<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export async function searchWorks(options: SearchOptions): Promise<SearchOutcome> {
  const { providers, signal } = options;
  const perQuery = options.perQuery ?? Math.max(25, options.want);
  const failures: string[] = [];
  const queries = [...new Set([...options.queries.ru, ...options.queries.en].map((q) => q.trim()).filter(Boolean))];
  const requests = providers.flatMap((provider) => queries.map((query) => ({ provider, query })));
  const results = await Promise.allSettled(
    requests.map(({ provider, query }) => provider.search({ query, minYear: options.minYear, limit: perQuery, signal })),
  );
  const found: FoundWork[] = [];
  results.forEach((r, i) => {
    if (r.status === 'fulfilled') found.push(...r.value);
    else if (isAbort(r.reason)) throw r.reason;
    else failures.push(`${requests[i].provider.name}: «${requests[i].query}»: ${(r.reason as Error).message}`);
  });
  if (signal?.aborted) throw signal.reason;

  const topic = { ru: stems(options.topicText.ru), en: stems(options.topicText.en) };
  const object = topicObjectOf(options.topic ?? '');
  const ranked = mergeWorks(found)
    .filter((w) => w.year >= options.minYear && w.year <= options.maxYear)
    .map((w) => {
      const lang = workLanguage(w);
      const text = `${w.title} ${w.subtitle ?? ''} ${w.abstract ?? ''}`;
      const score = overlap(topic[lang], stems(text));
      return { w, lang, score: score + (w.abstract ? 0.5 : 0), relevant: score >= 1 && onTopic(text, lang, object) };
    })
    .filter((x) => x.relevant)
    .sort((a, b) => b.score - a.score || b.w.year - a.w.year);

  // Completing by DOI: the best works first, as many as the lookups allow.
  const lookups = providers.filter((p) => p.lookup);
  const toComplete = ranked.filter((x) => x.w.doi && incomplete(x.w)).slice(0, options.maxLookups ?? options.want * 2);
  if (lookups.length) {
    await inPool(toComplete, 4, async (x) => {
      for (const provider of lookups) {
        try {
          const record = await provider.lookup!(x.w.doi!, signal);
          if (record) x.w = mergeWorks([x.w, { ...record, doi: x.w.doi }])[0];
        } catch (error) {
          if (isAbort(error)) throw error;
          failures.push(`${provider.name}: DOI ${x.w.doi}: ${(error as Error).message}`);
        }
      }
    });
  }

  const usable = ranked.filter((x) => verifyWork(x.w, options.minYear, options.maxYear));
  const works = chooseWorks(usable, { want: options.want, recentFrom: options.recentFrom, facts: ({ w }) => factsOf(w) }).map((x) => x.w);
  return { works, candidates: usable.map((x) => x.w), failures, requests: requests.length };
}
