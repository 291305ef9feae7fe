/**
 * The order form's estimate of the sources a topic has: the paper's own merged search (the same
 * databases, queries from the topic in Russian and English, relevance and GOST checks), with a
 * short time limit, its outcome cached by topic and year for an hour.
 */
import {
  firstRecentYear,
  minimumSources,
  queriesForTopic,
  searchWorks,
  shortfallOf,
  workLanguage,
  type BibliographicSearch,
  type FoundWork,
} from '@app/paper';
import type { SourcesEstimate, SourcesEstimateQuery } from '@app/contract';
import { LIMITS } from '@app/contract';

/** Enough works to tell whether a 100-page paper's 40 can be had, and a margin. */
const ESTIMATE_WANT = 60;
/** Few DOI look-ups: an estimate must answer while the user fills the form. */
const ESTIMATE_LOOKUPS = 10;
const CACHE_SIZE = 500;
const CACHE_TTL_MS = 60 * 60 * 1000;

export interface SourcesEstimator {
  estimate(query: SourcesEstimateQuery): Promise<SourcesEstimate>;
}

/** A small cache: most recently used last, the oldest dropped beyond CACHE_SIZE, entries expire. */
function createCache<T>() {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return {
    get(key: string, make: () => Promise<T>, now = Date.now()): Promise<T> {
      const hit = entries.get(key);
      entries.delete(key);
      if (hit && now - hit.at < CACHE_TTL_MS) {
        entries.set(key, hit);
        return hit.value;
      }
      const value = make();
      entries.set(key, { at: now, value });
      // A failed search is not remembered.
      value.catch(() => entries.delete(key));
      while (entries.size > CACHE_SIZE) entries.delete(entries.keys().next().value!);
      return value;
    },
  };
}

const shortName = (p: { family: string; given?: string }) => {
  const initials = (p.given ?? '')
    .split(/[\s.]+/)
    .filter(Boolean)
    .map((g) => `${g.charAt(0).toUpperCase()}.`)
    .join(' ');
  return initials ? `${p.family} ${initials}` : p.family;
};

/** What to change when the topic has too few works for a full paper. */
function adviceOf(q: SourcesEstimateQuery, problem: string): string {
  const earlier = q.min_year > LIMITS.publicationYear.min;
  return (
    `Недостаточно источников для полной работы: ${problem}. ` +
    'Сформулируйте тему шире: уберите узкие уточнения (регион, организацию, период) или используйте общепринятые научные термины' +
    (earlier ? `, либо укажите более ранний минимальный год издания (сейчас ${q.min_year}).` : '.')
  );
}

export function createSourcesEstimator(options: { providers: BibliographicSearch[]; now?: () => Date }): SourcesEstimator {
  const cache = createCache<FoundWork[]>();
  const now = options.now ?? (() => new Date());
  const search = (topic: string, minYear: number) =>
    searchWorks({
      providers: options.providers,
      queries: queriesForTopic(topic),
      topicText: { ru: topic, en: queriesForTopic(topic).en.join(' ') },
      minYear,
      maxYear: now().getFullYear(),
      want: ESTIMATE_WANT,
      recentFrom: firstRecentYear(now()),
      perQuery: 50,
      maxLookups: ESTIMATE_LOOKUPS,
    }).then((outcome) => outcome.candidates);

  return {
    async estimate(q) {
      const searched = options.providers.length > 0;
      const topic = q.topic.replace(/\s+/g, ' ').trim();
      const works = searched ? await cache.get(`${topic.toLowerCase()}|${q.min_year}`, () => search(topic, q.min_year)) : [];
      const at = now();
      const recent = works.filter((w) => w.year >= firstRecentYear(at)).length;
      const problemOf = (type: 'demo' | 'full') =>
        shortfallOf({ found: works.length, recent, attached: 0, type, requiredVolume: q.required_volume, minYear: q.min_year, now: at });
      const fullProblem = problemOf('full');
      return {
        searched,
        found: works.length,
        russian: works.filter((w) => workLanguage(w) === 'ru').length,
        foreign: works.filter((w) => workLanguage(w) === 'en').length,
        recent,
        minimum_demo: minimumSources('demo', q.required_volume),
        minimum_full: minimumSources('full', q.required_volume),
        enough_for_demo: searched && !problemOf('demo'),
        enough_for_full: searched && !fullProblem,
        sample: works.slice(0, 5).map((w) => ({
          title: w.subtitle ? `${w.title}: ${w.subtitle}` : w.title,
          authors: w.authors.map(shortName),
          year: w.year,
          container: w.container ?? null,
        })),
        advice: searched && fullProblem ? adviceOf(q, fullProblem) : null,
      };
    },
  };
}
