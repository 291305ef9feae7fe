/** The review stage (professional tariff): each written chapter reviewed and its remarked subsections revised. */
import { allOrAbort } from '../calls.ts';
import { briefOf } from '../outline/brief.ts';
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { checkAllPages } from '../sources/run-sources.ts';
import { reviewChapter } from './index.ts';

export async function reviewChapters(run: PaperRun, state: PaperState): Promise<PaperState> {
  const outline = briefOf(need(state.outline, 'the outline'));
  const sources = need(state.sources, 'the sources');
  const written = need(state.written, 'the texts');
  const texts = new Map(written.subsections);
  const chapterNumbers = [...new Set([...texts.keys()].map((n) => Number(n.split('.')[0])))];
  let reviewed = 0;
  await allOrAbort(
    chapterNumbers.map((chapter) => async (signal: AbortSignal) => {
      await reviewChapter({ outline, chapter, texts, sourcesFor: sources.briefsFor, calls: run.calls, signal });
      await run.progress.part(++reviewed / chapterNumbers.length);
    }),
    run.signal,
  );
  return { ...state, written: { ...written, subsections: checkAllPages(texts, sources.byId) } };
}

export const reviewStage: Stage = { progress: 'review', applies: (run) => run.professional, run: reviewChapters };
