/**
 * Volume: character budgets derived from the required pages, then the measured page count of the
 * laid-out paper is corrected: sections are topped up by the writer when the paper is short and
 * trimmed by whole paragraphs when it is long.
 */
import type { CallRunner } from '../calls.ts';
import { allOrAbort } from '../calls.ts';
import { CHARS_PER_PAGE } from '../gost/constants.ts';
import { tokensFor } from '../writer/tokens.ts';
import { cleanText, charsOf } from '../text/clean.ts';
import type { PassageBrief } from '../writer/types.ts';
import type { OutlineBrief } from '../outline/types.ts';
import { extendMessages } from './prompt.ts';

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
}): Budget {
  const cpp = CHARS_PER_PAGE;
  const subsections = new Map<string, number>();
  if (options.type === 'demo') {
    const subs = options.chapters[0].subsections.length;
    const introduction = Math.max(2500, Math.round(3 * cpp - options.introTailChars));
    // Title 1 + contents 1 + introduction 3 + chapter 1 about 7 pages.
    options.chapters[0].subsections.forEach((_, i) => subsections.set(`1.${i + 1}`, Math.round((7 * cpp) / subs)));
    return { introduction, subsections, conclusion: 0 };
  }
  const v = options.volume;
  const totalSubs = options.chapters.reduce((n, c) => n + c.subsections.length, 0);
  const introPages = v >= 100 ? 4.5 : 4;
  const conclusionPages = v >= 100 ? 4 : 3;
  const contentsPages = 7 + totalSubs > 18 ? 2 : 1;
  const bibliographyPages = Math.max(1, (options.sourceCount * 230) / cpp + 0.3);
  // Every chapter and structural element starts a page: about half a page is lost before each.
  const breaks = 0.5 * (options.chapters.length + 3);
  const headings = totalSubs * 0.15;
  const body = v - 1 - contentsPages - introPages - conclusionPages - bibliographyPages - breaks - headings;
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

/** Adds about `chars` characters, spread over the subsections, by asking the writer to continue each. */
export async function topUp(options: {
  round: number;
  chars: number;
  outline: OutlineBrief;
  texts: Map<string, string[]>;
  sourcesFor: (number: string) => PassageBrief[];
  calls: CallRunner;
  signal?: AbortSignal;
}): Promise<void> {
  const numbers = [...options.texts.keys()];
  const each = Math.max(600, Math.round(options.chars / numbers.length));
  // With a small deficit only the shortest subsections grow.
  const count = Math.max(1, Math.min(numbers.length, Math.round(options.chars / each)));
  const chosen = [...numbers]
    .sort((a, b) => charsOf(options.texts.get(a)!) - charsOf(options.texts.get(b)!) || a.localeCompare(b))
    .slice(0, count);
  await allOrAbort(
    chosen.map((number) => async () => {
      const [chapter, subsection] = number.split('.').map(Number);
      const paragraphs = options.texts.get(number)!;
      const tail = paragraphs.join('\n\n').slice(-1500);
      const reply = await options.calls.call({
        key: `extend:r${options.round}:${number}`,
        task: {
          kind: 'extend',
          outline: options.outline,
          chapter,
          subsection,
          round: options.round,
          tail,
          addChars: each,
          sources: options.sourcesFor(number),
        },
        messages: extendMessages(options.outline, chapter, subsection, tail, each, options.sourcesFor(number)),
        maxTokens: tokensFor(each),
      });
      const more = cleanText(reply.text, { dropTitle: options.outline.chapters[chapter - 1].subsections[subsection - 1] });
      // The closing paragraph (the interim conclusion) stays last.
      const last = paragraphs[paragraphs.length - 1];
      options.texts.set(number, paragraphs.length > 1 ? [...paragraphs.slice(0, -1), ...more, last] : [...paragraphs, ...more]);
    }),
    options.signal,
  );
}

/** Removes about `chars` characters: whole paragraphs before the closing one, from the longest subsections. */
export function trim(texts: Map<string, string[]>, chars: number): void {
  let left = chars;
  for (let guard = 0; left > 0 && guard < 10_000; guard++) {
    const longest = [...texts.entries()]
      .filter(([, p]) => p.length > 3)
      .sort((a, b) => charsOf(b[1]) - charsOf(a[1]) || a[0].localeCompare(b[0]))[0];
    if (!longest) return;
    const [number, paragraphs] = longest;
    const removed = paragraphs[paragraphs.length - 2];
    texts.set(number, [...paragraphs.slice(0, -2), paragraphs[paragraphs.length - 1]]);
    left -= removed.length;
  }
}
