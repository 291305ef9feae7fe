/**
 * Which works a paper takes, one rule for the search's pick, the source plan and the estimate
 * before payment: up to `want` of them, the ones that can be cited first (a work with neither an
 * abstract nor a text to read cannot be), FOREIGN_SHARE kept for foreign works when there are
 * some (more of them when Russian ones are too few: a cap on foreign works never leaves a list
 * short), and at least RECENT_SHARE recent ones: an older choice gives way to the best recent
 * work left out.
 */
import { FOREIGN_SHARE, RECENT_SHARE, firstRecentYear, plannedCap, shortfallOf } from './minimums.ts';
import { workLanguage } from './relevance.ts';
import type { FoundWork } from '../bibliography/types.ts';

export interface ChoiceFacts {
  foreign: boolean;
  year: number;
  /** It has something to cite: an abstract, a text, or an open PDF still to read. */
  readable: boolean;
}

/** The chosen ones of `ranked` (best first), in their ranked order. */
export function chooseWorks<T>(ranked: T[], options: { want: number; recentFrom: number; facts: (item: T) => ChoiceFacts }): T[] {
  const { want, facts } = options;
  // Readable first, each group in its ranked order.
  const ordered = [...ranked].sort((a, b) => Number(facts(b).readable) - Number(facts(a).readable));
  const foreign = ordered.filter((x) => facts(x).foreign);
  const russian = ordered.filter((x) => !facts(x).foreign);
  const foreignWant = Math.min(foreign.length, Math.round(want * FOREIGN_SHARE));
  const chosen = new Set([...foreign.slice(0, foreignWant), ...russian.slice(0, want - foreignWant)]);
  for (const x of ordered) if (chosen.size < want) chosen.add(x);
  const picked = ordered.filter((x) => chosen.has(x));
  const isRecent = (x: T) => facts(x).year >= options.recentFrom;
  const needRecent = Math.ceil(picked.length * RECENT_SHARE);
  const spareRecent = ordered.filter((x) => !chosen.has(x) && isRecent(x) && facts(x).readable);
  for (let i = picked.length - 1; i >= 0 && picked.filter(isRecent).length < needRecent && spareRecent.length; i--) {
    if (isRecent(picked[i])) continue;
    // A work of the same language first, so the foreign share stays.
    const same = spareRecent.findIndex((x) => facts(x).foreign === facts(picked[i]).foreign);
    picked[i] = spareRecent.splice(Math.max(0, same), 1)[0];
  }
  const order = new Map(ranked.map((x, i) => [x, i]));
  return picked.sort((a, b) => order.get(a)! - order.get(b)!);
}

/**
 * What the choice knows of a found work. `readable`: an abstract, or (`pdf`) an open PDF still to
 * read; the estimate before payment counts only what it has read (an abstract), so it never
 * promises a work whose PDF may not open.
 */
export function factsOf(w: FoundWork, options: { pdf: boolean } = { pdf: true }): ChoiceFacts {
  const text = Boolean(w.abstract?.trim()) || Boolean(w.invented) || (options.pdf && Boolean(w.pdfUrl || w.oaUrl));
  return { foreign: workLanguage(w) === 'en', year: w.year, readable: text };
}

/** What a paper's plan will place of these works: how many, foreign and recent, and what it lacks. */
export interface SourcesOutlook {
  /** Works the plan places (the attached files among them): the least the paper's list will hold. */
  planned: number;
  foreign: number;
  recent: number;
  /** What the works lack for the paper, in Russian; null when they are enough. */
  shortfall: string | null;
}

/**
 * The source plan's choice over the works found (the estimate before payment and the finding
 * stage run it; the plan runs the same choice on what it has read): the works it will place,
 * and what they lack.
 */
export function outlookOf(o: {
  works: FoundWork[];
  attached: number;
  type: 'demo' | 'full';
  requiredVolume: number;
  minYear: number;
  now: Date;
  /** Count a work whose only text is an open PDF still to read (the engine's search); not before payment. */
  pdf: boolean;
}): SourcesOutlook {
  const recentFrom = firstRecentYear(o.now);
  const facts = (w: FoundWork) => factsOf(w, { pdf: o.pdf });
  const citable = o.works.filter((w) => facts(w).readable);
  const chosen = chooseWorks(citable, { want: Math.max(0, plannedCap(o.type, o.requiredVolume) - o.attached), recentFrom, facts });
  const recent = chosen.filter((w) => w.year >= recentFrom).length;
  return {
    planned: chosen.length + o.attached,
    foreign: chosen.filter((w) => facts(w).foreign).length,
    recent,
    shortfall: shortfallOf({ ...o, found: o.works.length, citable: chosen.length, recent }),
  };
}
