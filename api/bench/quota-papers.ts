/** The papers of the quota benchmark as the engine writes them: the characters of each model call
 * at full size, from the engine's budgets (paper/src/volume: 1,850 characters a page), turned into
 * completion tokens at QUOTA_BENCH_CHARS_PER_TOKEN (3.5: Russian text in the tokenizers of GPT-4o,
 * YandexGPT and GigaChat takes 3.5-4.5 characters a token), then divided by the benchmark's scale
 * so that the run takes minutes instead of half an hour. As the engine writes (paper/src/writing):
 * a full paper's subsections in order within a chapter, chapters in parallel, each chapter ending
 * with its conclusions; a demo's one chapter with its subsections at the same time. */

export interface ShapeCall {
  name: string;
  chars: number;
}
/** A call, or calls at the same time (a step of a chain ends when all of them have). */
export type ShapeStep = ShapeCall | ShapeCall[];
/** Phases one after another; the chains of a phase in parallel; the steps of a chain one after another. */
export type PaperShape = ShapeStep[][][];

const PAGE = 1850;

/** paper/src/sections: CHAPTER_CONCLUSION_CHARS. */
const CHAPTER_CONCLUSION = 900;

const subsections = (c: number, count: number, chars: number) =>
  Array.from({ length: count }, (_, s) => ({ name: `section-${c}.${s + 1}`, chars }));
/** A full paper's chapter: its subsections one after another, then its conclusions. */
const chapter = (c: number, count: number, chars: number): ShapeStep[] => [
  ...subsections(c, count, chars),
  { name: `chapter-conclusion-${c}`, chars: CHAPTER_CONCLUSION },
];

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

/** A demo: introduction 3 pages and chapter 1 (7 pages in 4 subsections written at the same time). */
export const DEMO_PAPER: PaperShape = [
  [[{ name: 'outline', chars: 4200 }]],
  [
    [{ name: 'introduction', chars: 3 * PAGE }],
    [subsections(1, 4, (7 * PAGE) / 4), { name: 'chapter-conclusion-1', chars: CHAPTER_CONCLUSION }],
  ],
  [
    [
      { name: 'verify-1', chars: 1400 },
      { name: 'review-1', chars: 2100 },
    ],
  ],
];

/** The demo as the engine wrote it before its subsections were written at the same time (QUOTA_BENCH_DEMO=in-order). */
export const DEMO_PAPER_IN_ORDER: PaperShape = [
  DEMO_PAPER[0],
  [[{ name: 'introduction', chars: 3 * PAGE }], chapter(1, 4, (7 * PAGE) / 4)],
  DEMO_PAPER[2],
];

/** The demo the benchmark writes: DEMO_PAPER, or DEMO_PAPER_IN_ORDER when QUOTA_BENCH_DEMO=in-order. */
export function demoShape(): PaperShape {
  return process.env.QUOTA_BENCH_DEMO === 'in-order' ? DEMO_PAPER_IN_ORDER : DEMO_PAPER;
}

export interface Scale {
  /** Papers this many times shorter than real ones. */
  factor: number;
  charsPerToken: number;
}

export function tokensOf(chars: number, scale: Scale): number {
  return Math.max(1, Math.round(chars / scale.charsPerToken / scale.factor));
}

const callsOf = (step: ShapeStep): ShapeCall[] => (Array.isArray(step) ? step : [step]);

export function totalTokens(shape: PaperShape, scale: Scale): number {
  return shape
    .flat(2)
    .flatMap(callsOf)
    .reduce((sum, call) => sum + tokensOf(call.chars, scale), 0);
}

/** The tokens on the longest path: the least time a paper takes with every stream it wants. */
export function criticalTokens(shape: PaperShape, scale: Scale): number {
  const stepTokens = (step: ShapeStep) => Math.max(...callsOf(step).map((call) => tokensOf(call.chars, scale)));
  return shape.reduce((sum, phase) => sum + Math.max(...phase.map((chain) => chain.reduce((n, step) => n + stepTokens(step), 0))), 0);
}

/** Runs a paper's calls in its shape's order: phases after one another, chains and parallel calls at the same time. */
export async function runShape(shape: PaperShape, call: (c: ShapeCall) => Promise<void>): Promise<void> {
  for (const phase of shape) {
    await Promise.all(
      phase.map(async (chain) => {
        for (const step of chain) await Promise.all(callsOf(step).map(call));
      }),
    );
  }
}
