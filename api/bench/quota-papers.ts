/** The papers of the quota benchmark as the engine writes them: the characters of each model call
 * at full size, from the engine's budgets (paper/src/volume: 1,850 characters a page), turned into
 * completion tokens at QUOTA_BENCH_CHARS_PER_TOKEN (3.5: Russian text in the tokenizers of GPT-4o,
 * YandexGPT and GigaChat takes 3.5-4.5 characters a token), then divided by the benchmark's scale
 * so that the run takes minutes instead of half an hour. Subsections are written in order within a
 * chapter, chapters in parallel, as issue 14 asks of the engine. */

/** Phases one after another; the chains of a phase in parallel; the calls of a chain one after another. */
export type PaperShape = { name: string; chars: number }[][][];

const PAGE = 1850;

const chapter = (c: number, subsections: number, chars: number) =>
  Array.from({ length: subsections }, (_, s) => ({ name: `section-${c}.${s + 1}`, chars }));

/** An 80-page paper: 3 chapters of 4 subsections (5.2 pages each), introduction 4 pages, conclusion
 * 3; the outline (JSON), a check of the cited claims and a review per chapter. */
export const FULL_PAPER: PaperShape = [
  [[{ name: 'outline', chars: 4200 }]],
  [[{ name: 'introduction', chars: 4 * PAGE }], chapter(1, 4, 5.2 * PAGE), chapter(2, 4, 5.2 * PAGE), chapter(3, 4, 5.2 * PAGE)],
  [1, 2, 3].map((c) => [
    { name: `verify-${c}`, chars: 1400 },
    { name: `review-${c}`, chars: 2100 },
  ]),
  [[{ name: 'conclusion', chars: 3 * PAGE }]],
];

/** A demo: introduction 3 pages and chapter 1 (7 pages in 4 subsections). */
export const DEMO_PAPER: PaperShape = [
  [[{ name: 'outline', chars: 4200 }]],
  [[{ name: 'introduction', chars: 3 * PAGE }], chapter(1, 4, (7 * PAGE) / 4)],
  [
    [
      { name: 'verify-1', chars: 1400 },
      { name: 'review-1', chars: 2100 },
    ],
  ],
];

export interface Scale {
  /** Papers this many times shorter than real ones. */
  factor: number;
  charsPerToken: number;
}

export function tokensOf(chars: number, scale: Scale): number {
  return Math.max(1, Math.round(chars / scale.charsPerToken / scale.factor));
}

export function totalTokens(shape: PaperShape, scale: Scale): number {
  return shape.flat(2).reduce((sum, call) => sum + tokensOf(call.chars, scale), 0);
}

/** The tokens on the longest path: the least time a paper takes with every stream it wants. */
export function criticalTokens(shape: PaperShape, scale: Scale): number {
  return shape.reduce(
    (sum, phase) => sum + Math.max(...phase.map((chain) => chain.reduce((n, call) => n + tokensOf(call.chars, scale), 0))),
    0,
  );
}
