/**
 * The works a revision round's remarks on sources need: newer ones to replace what is
 * «устаревшее», foreign or recent ones to add, the one work a remark names. They are looked for
 * as a paper's works are (the same databases, verification and reading: searchWorks, readSources),
 * so a work added in a revision is as verified as one found while writing; a named work that no
 * database has is reported, never described from the remark.
 */
import type { PaperRun, PaperState } from '../run/state.ts';
import { need } from '../run/state.ts';
import { searchWorks } from '../sources/find-works.ts';
import { providersOf } from '../sources/minimums.ts';
import { queriesForOutline } from '../sources/queries.ts';
import { englishQueryOf } from '../sources/glossary.ts';
import { workLanguage } from '../sources/relevance.ts';
import { accessDate, withMoreWorks } from '../sources/run-sources.ts';
import type { RunSource } from '../sources/types.ts';
import type { FoundWork } from '../bibliography/types.ts';
import { readSources } from '../passages/read.ts';
import { passageIdsAfter } from '../passages/split.ts';
import type { Passage } from '../passages/types.ts';
import type { NamedWork } from '../remarks/types.ts';
import { wordsOf } from '../grounding/repeats.ts';

/** What a source remark looks for. */
export type WorkNeed =
  | { kind: 'outdated' | 'recent'; year: number; want: number; titles: string[] }
  | { kind: 'foreign'; want: number; titles: string[] }
  | { kind: 'cite_work'; work: NamedWork };

const key = (w: Pick<FoundWork, 'doi' | 'title'>) => (w.doi ? `doi:${w.doi.toLowerCase()}` : `t:${wordsOf(w.title).join(' ')}`);

/** A found work's year (a user's file has none: it is never «устаревший»). */
export const yearOf = (s: RunSource | undefined) => (s?.origin === 'found' ? s.work?.year : undefined);
/** A found work published before `year` (a work without a year is not). */
export const isOlderThan = (s: RunSource | undefined, year: number) => (yearOf(s) ?? Infinity) < year;
/** A found work published in `year` or later (a work without a year is not). */
export const isSince = (s: RunSource | undefined, year: number) => (yearOf(s) ?? 0) >= year;
export const isForeignSource = (s: RunSource | undefined) => s?.origin === 'found' && !!s.work && workLanguage(s.work) === 'en';

/** Whether a found work is the one a remark names: its title's words, its author, its year, or its DOI. */
export function isNamedWork(w: FoundWork, named: NamedWork): boolean {
  if (named.doi && w.doi) return w.doi.toLowerCase() === named.doi.toLowerCase();
  if (named.year && w.year !== named.year) return false;
  if (named.author) {
    const stem = named.author
      .toLowerCase()
      .replace(/ё/g, 'е')
      .slice(0, Math.max(4, named.author.length - 2));
    if (!w.authors.some((a) => a.family.toLowerCase().replace(/ё/g, 'е').startsWith(stem))) return false;
  }
  if (named.title) {
    const want = new Set(wordsOf(named.title).filter((x) => x.length > 3));
    const have = new Set(wordsOf(`${w.title} ${w.subtitle ?? ''}`));
    const shared = [...want].filter((x) => have.has(x)).length;
    if (!want.size || shared / want.size < 0.6) return false;
  }
  return !!(named.title || named.author);
}

/** Asks the databases for each need; returns the new works (none the paper has), best first, each once. */
export async function findWorks(run: PaperRun, state: PaperState, needs: WorkNeed[], at: Date): Promise<FoundWork[]> {
  const providers = providersOf(run.ctx);
  if (!providers.length || !needs.length) return [];
  const outline = need(state.outline, 'the outline');
  const have = new Set(need(state.sources, 'the sources').found.map(key));
  const base = queriesForOutline(outline);
  const maxYear = at.getFullYear();
  const out = new Map<string, FoundWork>();
  for (const n of needs) {
    const titles = n.kind === 'cite_work' ? [] : n.titles;
    const queries =
      n.kind === 'cite_work'
        ? { ru: [n.work.title ?? `${n.work.author ?? ''} ${outline.topic}`.trim()], en: [] }
        : n.kind === 'foreign'
          ? { ru: [], en: [...titles.map(englishQueryOf).filter((q): q is string => !!q), ...base.en].slice(0, 5) }
          : { ru: [...titles, ...base.ru].slice(0, 5), en: base.en.slice(0, 2) };
    const minYear = n.kind === 'cite_work' ? 1900 : n.kind === 'foreign' ? run.input.minPublicationYear : n.year;
    const found = await searchWorks({
      providers,
      queries,
      topicText: {
        ru: `${outline.topic} ${outline.keywords.join(' ')} ${titles.join(' ')} ${n.kind === 'cite_work' ? (n.work.title ?? '') : ''}`,
        en: queries.en.join(' '),
      },
      // A work the supervisor named is looked for by its title; any other must be on the topic's object.
      ...(n.kind === 'cite_work' ? {} : { topic: outline.topic }),
      minYear,
      maxYear,
      want: n.kind === 'cite_work' ? 10 : n.want + 3,
      // A named work is looked for among every work its title finds (a database's first page may not hold it).
      ...(n.kind === 'cite_work' ? { perQuery: 100 } : {}),
      recentFrom: n.kind === 'recent' || n.kind === 'outdated' ? n.year : maxYear - 9,
      signal: run.signal,
    });
    const works =
      n.kind === 'cite_work'
        ? found.candidates.filter((w) => isNamedWork(w, n.work)).slice(0, 1)
        : found.works.filter((w) => (n.kind === 'foreign' ? workLanguage(w) === 'en' : w.year >= n.year));
    for (const w of works) if (!have.has(key(w)) && !out.has(key(w))) out.set(key(w), w);
  }
  return [...out.values()];
}

/** The state with the new works among its sources and their passages read (ids after the paper's). */
export async function withNewWorks(run: PaperRun, state: PaperState, works: FoundWork[], at: Date): Promise<PaperState> {
  if (!works.length) return state;
  const sources = need(state.sources, 'the sources');
  const passages = need(state.passages, 'the passages');
  const more = withMoreWorks(sources, works, accessDate(at));
  const read = await readSources(run, more.list.slice(sources.list.length), passageIdsAfter(passages.list));
  const list: Passage[] = [...passages.list, ...read.list];
  return {
    ...state,
    sources: more,
    passages: { ...passages, list, byId: new Map(list.map((p) => [p.id, p])), readAs: { ...passages.readAs, ...read.readAs } },
  };
}
