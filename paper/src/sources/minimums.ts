/**
 * How many sources a paper needs. Russian universities' requirements for a graduation paper
 * (ВКР) ask for a list of at least 30-40 sources, at least half of them not older than five to
 * ten years, with foreign works where the field has them; a demo cites only its introduction and
 * first chapter, for which 8 is a credible list.
 */
import { PaperError } from '../errors.ts';
import type { PaperInput } from '../input/types.ts';
import type { BibliographicSearch, SearchContext } from './search/types.ts';

const MIN_SOURCES_FULL = 30;
/** A paper of 100 pages and more cites more. */
const MIN_SOURCES_FULL_LONG = 40;
const LONG_PAPER_PAGES = 100;
const MIN_SOURCES_DEMO = 8;
/** "Recent" is published within this many years of the run. */
const RECENT_YEARS = 10;
/** At least this share of the sources is recent (when the user's minimum year lets older ones in). */
export const RECENT_SHARE = 0.5;
/** Up to this share of the found works is kept for foreign (English) works when they were found. */
export const FOREIGN_SHARE = 0.25;
/** The works a demo's chapter cites, about: its list's length (the demo's budget leaves room for it). */
export const DEMO_CITED_SOURCES = 12;
/** Found works beyond the minimum, so that every subsection has its own. */
const SPARE_FULL = 10;
const SPARE_DEMO = 12;

export function minimumSources(type: 'demo' | 'full', requiredVolume: number): number {
  if (type === 'demo') return MIN_SOURCES_DEMO;
  return requiredVolume >= LONG_PAPER_PAGES ? MIN_SOURCES_FULL_LONG : MIN_SOURCES_FULL;
}

/**
 * Works asked of each database per query, by the estimate before payment and by the paper alike
 * (the paper asks the estimate's queries among its own), so the paper finds what was promised.
 */
export const SEARCH_PER_QUERY = 50;

/** How many works the search looks for: the minimum and a margin. */
export function wantedSources(type: 'demo' | 'full', requiredVolume: number): number {
  return minimumSources(type, requiredVolume) + (type === 'demo' ? SPARE_DEMO : SPARE_FULL);
}

/** How many works a paper's source plan places: a demo's chapter about a dozen, a full paper every work its search picks. */
export function plannedCap(type: 'demo' | 'full', requiredVolume: number): number {
  return type === 'demo' ? DEMO_CITED_SOURCES : wantedSources(type, requiredVolume);
}

/** The first year counted as recent. */
export const firstRecentYear = (now: Date) => now.getFullYear() - RECENT_YEARS + 1;

/** Recent works a list needs: none when the user's minimum year already makes every work recent. */
export function recentNeeded(minimum: number, attached: number, minYear: number, now: Date): number {
  return minYear < firstRecentYear(now) ? Math.ceil(Math.max(0, minimum - attached) * RECENT_SHARE) : 0;
}

function sourcesWord(n: number): string {
  const d = n % 10;
  const dd = n % 100;
  if (d === 1 && dd !== 11) return 'источник';
  if (d >= 2 && d <= 4 && (dd < 12 || dd > 14)) return 'источника';
  return 'источников';
}

/**
 * What a paper's works lack, in Russian ("по теме найдено 5 источников, а для демо-версии нужно не
 * меньше 8"); null when they meet the minimum. `found`: relevant works found; `citable`: those
 * the plan can cite (an abstract or a text to read); `recent`: recent ones among those chosen.
 */
export function shortfallOf(o: {
  found: number;
  citable: number;
  recent: number;
  attached: number;
  type: 'demo' | 'full';
  requiredVolume: number;
  minYear: number;
  now: Date;
}): string | null {
  const minimum = minimumSources(o.type, o.requiredVolume);
  const total = o.citable + o.attached;
  const what = o.type === 'demo' ? 'демо-версии' : 'работы';
  if (total < minimum) {
    const found = o.found + o.attached;
    const together = o.attached ? ' вместе с приложенными файлами' : '';
    if (o.citable < o.found)
      return `по теме найдено ${found} ${sourcesWord(found)}${together}, но процитировать можно только ${total} (у остальных нет ни аннотации, ни открытого текста), а для ${what} нужно не меньше ${minimum}`;
    return `по теме найдено ${found} ${sourcesWord(found)}${together}, а для ${what} нужно не меньше ${minimum}`;
  }
  const needed = recentNeeded(minimum, o.attached, o.minYear, o.now);
  if (o.recent < needed) return `изданных с ${firstRecentYear(o.now)} года найдено ${o.recent}, а нужно не меньше ${needed}`;
  return null;
}

/** Every database the run may ask: the api's library first, then the others. */
export function providersOf(ctx: SearchContext): BibliographicSearch[] {
  const others = Array.isArray(ctx.search) ? ctx.search : ctx.search ? [ctx.search] : [];
  return [ctx.library, ...others].filter((p): p is BibliographicSearch => Boolean(p));
}

/**
 * The list as it will be printed: a paper found with a real search is checked again once written.
 * Its plan met the minimum (source-planning/ refuses one that cannot), so a shortfall here is
 * works whose every statement failed its check: said so, never as advice to change the topic.
 * Failing here (the order is refunded) beats delivering a paper below the minimum.
 */
export function checkListedSources(
  run: { input: Pick<PaperInput, 'type' | 'requiredVolume'>; ctx: SearchContext },
  listed: number,
  plannedNotListed: number,
): void {
  const minimum = minimumSources(run.input.type, run.input.requiredVolume);
  if (listed >= minimum || !providersOf(run.ctx).some((p) => !p.offline)) return;
  throw new PaperError(
    'not_enough_sources',
    `Недостаточно научных источников: в списке литературы ${listed}, а нужно не меньше ${minimum}` +
      (plannedNotListed
        ? `: ни одно утверждение о ${plannedNotListed} ${plannedNotListed === 1 ? 'работе' : 'работах'} из плана не подтвердилось их текстом.`
        : '.'),
  );
}
