/**
 * The sources a topic has: the order form's estimate, and payment/create's check that an order
 * can get the minimum of sources the engine will ask for (paper/src/sources/minimums.ts) before
 * any money is taken. Both are the paper's own merged search (the same databases, queries from the
 * topic in Russian and English, relevance to what the topic is about, GOST checks) with a short
 * time limit, and the paper's own choice of works over what it found (paper/src/sources/choice.ts,
 * outlookOf): what the source plan will place and what it lacks, counting only the works the
 * search has read something of (an abstract), never a PDF that may not open. A search every
 * database answered is cached by topic and year for a short while, so the check reuses what the
 * form has just shown.
 */
import {
  firstRecentYear,
  minimumSources,
  outlookOf,
  queriesForTopic,
  SEARCH_PER_QUERY,
  searchWorks,
  workLanguage,
  type BibliographicSearch,
  type FoundWork,
  type SourcesOutlook,
} from '@app/paper';
import type { PaperType, SourcesEstimate, SourcesEstimateQuery } from '@app/contract';
import { LIMITS } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';

/** Enough works to tell whether a 100-page paper's 40 can be had, and a margin. */
const ESTIMATE_WANT = 60;
/** Few DOI look-ups: an estimate must answer while the user fills the form. */
const ESTIMATE_LOOKUPS = 10;
const CACHE_SIZE = 500;
const CACHE_TTL_MS = 15 * 60 * 1000;

/** What an order asks of the sources. */
interface SourcesNeed {
  topic: string;
  minYear: number;
  requiredVolume: number;
  type: PaperType;
  /** Files the order attaches (a demo's purchase: the demo's too): each counts, as in the engine. */
  attached: number;
}

export interface SourcesEstimator {
  estimate(query: SourcesEstimateQuery): Promise<SourcesEstimate>;
  /**
   * Refuses (not_enough_sources, with what to change) an order whose source plan cannot reach the
   * minimum with the works the databases, all answering in time, have for its topic (the plan's
   * shortfall is the reason); an order is taken when they do not answer in time.
   */
  check(need: SourcesNeed): Promise<void>;
}

/** The works found, and whether every database answered (only then is "too few" final). */
interface Found {
  works: FoundWork[];
  complete: boolean;
}

/** A small cache: most recently used last, the oldest dropped beyond CACHE_SIZE, entries expire. */
function createCache<T>(keep: (value: T) => boolean) {
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
      // A failed search is not remembered, nor one that a database did not answer.
      const forget = () => entries.get(key)?.value === value && entries.delete(key);
      void value.then((v) => keep(v) || forget(), forget);
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

/**
 * What to change when the plan's works fall short of the paper's minimum (`problem`: the plan's
 * shortfall). `uncitable`: the topic has works enough, only too few of them can be cited: the
 * advice then does not say the topic is too narrow, and offers the same ways as what can be done.
 */
function adviceOf(type: PaperType, need: Pick<SourcesNeed, 'minYear' | 'attached'>, problem: string, uncitable = false): string {
  const ways = [
    'уберите узкие уточнения (регион, организацию, период) или используйте общепринятые научные термины',
    ...(need.minYear > LIMITS.publicationYear.min ? [`укажите более ранний минимальный год издания (сейчас ${need.minYear})`] : []),
    ...(need.attached < LIMITS.files.max ? ['приложите свои источники: каждый файл входит в список'] : []),
  ];
  const lead = uncitable ? 'Что можно сделать' : 'Сформулируйте тему шире';
  return `Недостаточно источников для ${type === 'demo' ? 'демо-версии' : 'полной работы'}: ${problem}. ${lead}: ${ways.join('; ')}.`;
}

export function createSourcesEstimator(options: {
  providers: BibliographicSearch[];
  /** How long payment/create waits for a search the form has not made yet. */
  timeoutMs: number;
  log: FastifyBaseLogger;
  now?: () => Date;
}): SourcesEstimator {
  const cache = createCache<Found>((found) => found.complete);
  const now = options.now ?? (() => new Date());
  const searched = options.providers.length > 0;
  const find = (topic: string, minYear: number): Promise<Found> => {
    const clean = topic.replace(/\s+/g, ' ').trim();
    if (!searched) return Promise.resolve({ works: [], complete: true });
    return cache.get(`${clean.toLowerCase()}|${minYear}`, async () => {
      const outcome = await searchWorks({
        providers: options.providers,
        queries: queriesForTopic(clean),
        topicText: { ru: clean, en: queriesForTopic(clean).en.join(' ') },
        minYear,
        maxYear: now().getFullYear(),
        want: ESTIMATE_WANT,
        recentFrom: firstRecentYear(now()),
        topic: clean,
        perQuery: SEARCH_PER_QUERY,
        maxLookups: ESTIMATE_LOOKUPS,
      });
      return { works: outcome.candidates, complete: outcome.failures.length === 0 };
    });
  };
  /** What the paper's source plan will place of the works found (only those it can cite before any PDF is read). */
  const outlookFor = (found: Found, need: Omit<SourcesNeed, 'topic'>): SourcesOutlook =>
    outlookOf({
      works: found.works,
      attached: need.attached,
      type: need.type,
      requiredVolume: need.requiredVolume,
      minYear: need.minYear,
      now: now(),
      pdf: false,
    });
  const adviceFor = (found: Found, need: Omit<SourcesNeed, 'topic'>, outlook = outlookFor(found, need)): string | null => {
    if (!outlook.shortfall) return null;
    const minimum = minimumSources(need.type, need.requiredVolume);
    // Enough works found, too few of them citable: the topic is not the problem.
    const uncitable = outlook.planned < minimum && found.works.length + need.attached >= minimum;
    return adviceOf(need.type, need, outlook.shortfall, uncitable);
  };

  return {
    async estimate(q) {
      const found = await find(q.topic, q.min_year);
      const works = found.works;
      const need = { minYear: q.min_year, requiredVolume: q.required_volume, attached: q.attached };
      const demo = { ...need, type: 'demo' as const };
      const full = { ...need, type: 'full' as const };
      const outlook = { demo: outlookFor(found, demo), full: outlookFor(found, full) };
      const advice = {
        demo: searched ? adviceFor(found, demo, outlook.demo) : null,
        full: searched ? adviceFor(found, full, outlook.full) : null,
      };
      return {
        searched,
        found: works.length,
        russian: works.filter((w) => workLanguage(w) === 'ru').length,
        foreign: works.filter((w) => workLanguage(w) === 'en').length,
        recent: works.filter((w) => w.year >= firstRecentYear(now())).length,
        minimum_demo: minimumSources('demo', q.required_volume),
        minimum_full: minimumSources('full', q.required_volume),
        planned: { demo: outlook.demo.planned, full: outlook.full.planned },
        enough_for_demo: searched && !advice.demo,
        enough_for_full: searched && !advice.full,
        complete: found.complete,
        sample: works.slice(0, 5).map((w) => ({
          title: w.subtitle ? `${w.title}: ${w.subtitle}` : w.title,
          authors: w.authors.map(shortName),
          year: w.year,
          container: w.container ?? null,
        })),
        advice,
      };
    },

    async check(need) {
      if (!searched) return;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), options.timeoutMs)));
      const found = await Promise.race([find(need.topic, need.minYear).catch(() => null), late]).finally(() => clearTimeout(timer));
      if (!found?.complete) {
        // The databases did not answer in time: the order is taken, the engine's own check and the
        // automatic refund stay the safety net.
        options.log.info({ topic: need.topic }, 'sources check: the databases did not answer in time, the order is taken');
        return;
      }
      const advice = adviceFor(found, need);
      if (advice) throw new AppError('not_enough_sources', { detail: advice });
    },
  };
}
