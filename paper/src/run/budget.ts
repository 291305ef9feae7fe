/**
 * The paper's volume as the stages share it: the page window a paper must land in, and the
 * characters each part is written to, derived from the required pages.
 */
import { CHARS_PER_PAGE } from '../gost/constants.ts';
import { introductionTail } from '../introduction/index.ts';
import { briefOf } from '../outline/brief.ts';
import { charsOf } from '../text/clean.ts';
import { DEMO_CITED_SOURCES } from '../sources/minimums.ts';
import type { PaperRun, PaperState } from './state.ts';
import { need } from './state.ts';

/** A demo: title page, contents, introduction, chapter 1. Its page window. */
export const DEMO_PAGES = { min: 10, max: 15, aim: 12 } as const;

export interface Budget {
  introduction: number;
  subsections: Map<string, number>;
  conclusion: number;
}

export function budgetFor(options: {
  type: 'demo' | 'full';
  volume: number;
  chapters: { subsections: string[] }[];
  sourceCount: number;
  introTailChars: number;
  /** The appendix on the use of AI: a page of its own. */
  aiAppendix: boolean;
}): Budget {
  const cpp = CHARS_PER_PAGE;
  const subsections = new Map<string, number>();
  const appendixPages = options.aiAppendix ? 1 : 0;
  const bibliographyPages = (sources: number) => Math.max(1, (sources * 230) / cpp + 0.3);
  if (options.type === 'demo') {
    const subs = options.chapters[0].subsections.length;
    const introduction = Math.max(2500, Math.round(3 * cpp - options.introTailChars));
    // Title 1 + contents 1 + introduction 3 + chapter 1 + its list (of the sources it cites, about a
    // dozen, on a page of its own) + the appendix come to a page over the aim: the list and the
    // appendix are taken from the chapter, so they never push a demo past its window.
    const cited = Math.min(options.sourceCount, DEMO_CITED_SOURCES);
    const chapterPages = Math.max(3, DEMO_PAGES.aim + 1 - 5 - (bibliographyPages(cited) + 0.5) - appendixPages);
    options.chapters[0].subsections.forEach((_, i) => subsections.set(`1.${i + 1}`, Math.round((chapterPages * cpp) / subs)));
    return { introduction, subsections, conclusion: 0 };
  }
  const v = options.volume;
  const totalSubs = options.chapters.reduce((n, c) => n + c.subsections.length, 0);
  const introPages = v >= 100 ? 4.5 : 4;
  const conclusionPages = v >= 100 ? 4 : 3;
  const contentsPages = 7 + totalSubs > 18 ? 2 : 1;
  // Every chapter and structural element starts a page: about half a page is lost before each.
  const breaks = 0.5 * (options.chapters.length + 3);
  const headings = totalSubs * 0.15;
  const body =
    v - 1 - contentsPages - introPages - conclusionPages - bibliographyPages(options.sourceCount) - appendixPages - breaks - headings;
  const perSub = Math.max(2000, Math.round((body * cpp) / totalSubs));
  options.chapters.forEach((c, ci) => c.subsections.forEach((_, si) => subsections.set(`${ci + 1}.${si + 1}`, perSub)));
  return {
    introduction: Math.max(3000, Math.round(introPages * cpp - options.introTailChars)),
    subsections,
    conclusion: Math.round(conclusionPages * cpp),
  };
}

/** The page window a paper must land in, and the narrower one corrections aim at. */
export function windowFor(type: 'demo' | 'full', volume: number) {
  if (type === 'demo')
    return { min: DEMO_PAGES.min, max: DEMO_PAGES.max, aimLow: DEMO_PAGES.aim - 1, aimHigh: DEMO_PAGES.aim + 2, aim: DEMO_PAGES.aim };
  return { min: Math.ceil(volume * 0.95), max: Math.floor(volume * 1.05), aimLow: volume - 2, aimHigh: volume + 2, aim: volume };
}

/** The window with room for `extra` pages more: the text a revision's remarks asked for. */
export const widened = <W extends { max: number; aimHigh: number }>(window: W, extra: number): W =>
  extra > 0 ? { ...window, max: window.max + extra, aimHigh: window.aimHigh + extra } : window;

/** The budget of this run's paper, from its outline and sources. */
export function budgetOfRun(run: PaperRun, state: PaperState): Budget {
  const outline = need(state.outline, 'the outline');
  return budgetFor({
    type: run.input.type,
    volume: run.input.requiredVolume,
    chapters: outline.chapters,
    sourceCount: need(state.sources, 'the sources').list.length,
    introTailChars: charsOf(introductionTail(briefOf(outline))),
    aiAppendix: run.input.aiAppendix === true,
  });
}
