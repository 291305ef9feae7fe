/**
 * The originality stage: once the texts are final (after typesetting, without touching the
 * document), the paper's own check of its words against its sources' passages and against
 * itself; and, when an outside check (Text.ru) is configured, its figure for a full paper. A demo
 * is checked internally only: it must be ready in minutes, and Text.ru's queue can take longer.
 * When the outside check fails, the report gives the internal figure and says why.
 */
import { isAbort } from '../errors.ts';
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import type { OriginalityReport } from '../types.ts';
import type { SectionText } from '../typeset/types.ts';
import { measureOverlap, type Overlap } from './overlap.ts';
import { OriginalityCheckError } from './types.ts';
import { readText } from './words.ts';

/** Fragments the report keeps. */
const FRAGMENTS = 5;
/** A source is described up to this length. */
const TITLE_CHARS = 160;

const percentOf = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

/** The internal check as a report: `sources` gives a source id's number in the list and its short description. */
export function internalReport(
  overlap: Overlap,
  sourceOf: (id: string) => { number: number | null; title: string } | undefined,
): OriginalityReport {
  const overlapping = overlap.sourceWords + overlap.selfWords;
  return {
    method: 'internal',
    originalityPercent: Math.round((100 - percentOf(overlapping, overlap.words)) * 10) / 10,
    sourcePercent: percentOf(overlap.sourceWords, overlap.words),
    selfPercent: percentOf(overlap.selfWords, overlap.words),
    quotedPercent: percentOf(overlap.quotedWords, overlap.words),
    words: overlap.words,
    fragments: overlap.fragments.map((f) => {
      const source = f.sourceId === null ? undefined : sourceOf(f.sourceId);
      return {
        text: f.text,
        words: f.words,
        section: f.section,
        kind: f.sourceId === null ? 'self' : 'source',
        sourceNumber: source?.number ?? null,
        sourceTitle: source ? source.title.slice(0, TITLE_CHARS) : null,
      };
    }),
    matches: [],
    note: null,
  };
}

/** What an outside check is sent: the headings and texts, without citation markers and the footnotes' bibliographic descriptions. */
export function plainTextOf(sections: readonly SectionText[]): string {
  const plain = (text: string) =>
    text
      .split(/\n\s*\n/)
      .map((p) =>
        readText(p)
          .masked.replace(/[ \t]+/g, ' ')
          .replace(/ (?=[.,;:!?])/g, '')
          .trim(),
      )
      .filter(Boolean)
      .join('\n\n');
  return sections.map((s) => `${s.heading}\n\n${plain(s.text)}`).join('\n\n');
}

export async function checkOriginality(run: PaperRun, state: PaperState): Promise<PaperState> {
  const final = need(state.final, 'the assembly');
  const passages = need(state.passages, 'the passages');
  const sources = need(state.sources, 'the sources');
  const { numberOf } = need(state.bibliography, 'the list of sources');
  const overlap = measureOverlap({ sections: final.sectionTexts, passages: passages.list, fragments: FRAGMENTS });
  const internal = internalReport(overlap, (id) => {
    const source = sources.byId.get(id);
    return source && { number: numberOf[id] ?? null, title: source.label };
  });
  const outside = run.ctx.originality;
  if (!outside || run.demo) return { ...state, originality: internal };
  try {
    const memo = {
      get: (key: string) => run.ctx.checkpoints.get(`originality:${key}`),
      set: (key: string, value: unknown) => run.ctx.checkpoints.set(`originality:${key}`, value),
    };
    const result = await outside.check(plainTextOf(final.sectionTexts), { signal: run.signal, memo });
    return {
      ...state,
      originality: {
        ...internal,
        method: outside.method,
        originalityPercent: result.uniquePercent,
        matches: result.matches.slice(0, FRAGMENTS),
      },
    };
  } catch (error) {
    if (isAbort(error)) throw error;
    const reason = error instanceof OriginalityCheckError ? error.reason : 'внутренняя ошибка проверки';
    return { ...state, originality: { ...internal, note: `Проверка Text.ru не выполнена (${reason}): показана внутренняя проверка` } };
  }
}

function isReport(value: unknown): value is OriginalityReport {
  const r = value as Partial<OriginalityReport> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    (r.method === 'internal' || r.method === 'text.ru') &&
    typeof r.originalityPercent === 'number' &&
    Array.isArray(r.fragments) &&
    Array.isArray(r.matches)
  );
}

export const originalityStage: Stage = {
  progress: 'originality',
  run: checkOriginality,
  // A paid outside check is not repeated by a resumed run.
  checkpoint: {
    key: 'originality',
    save: (state) => state.originality,
    restore: (_run, state, saved) => (isReport(saved) ? { ...state, originality: saved } : undefined),
  },
};
