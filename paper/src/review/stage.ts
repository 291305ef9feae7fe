/** The review stage (professional tariff): each written chapter reviewed and its remarked subsections revised. */
import { allOrAbort } from '../calls.ts';
import { briefOf } from '../outline/brief.ts';
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { passageBriefs } from '../passages/briefs.ts';
import { checkChangedSubsections, guardsRepeats } from '../run/check-texts.ts';
import { groundingOf } from '../grounding/numbers.ts';
import { dropRepeatedAcross } from '../grounding/repeats.ts';
import { reviewChapter } from './index.ts';

export async function reviewChapters(run: PaperRun, state: PaperState): Promise<PaperState> {
  const outline = briefOf(need(state.outline, 'the outline'));
  const passages = need(state.passages, 'the passages');
  const written = need(state.written, 'the texts');
  const sourcesFor = passageBriefs(passages, need(state.sources, 'the sources'));
  const revised = new Map(written.subsections);
  const grounding = groundingOf({ outline, passageText: (id) => passages.byId.get(id)?.text });
  // A chapter kept from the demo is not revised: the user has read it.
  const kept = state.keptSubsections ?? new Map<string, string[]>();
  const chapterNumbers = [...new Set([...revised.keys()].filter((n) => !kept.has(n)).map((n) => Number(n.split('.')[0])))];
  let reviewed = 0;
  await allOrAbort(
    chapterNumbers.map((chapter) => async (signal: AbortSignal) => {
      await reviewChapter({ outline, chapter, texts: revised, sourcesFor, grounding, calls: run.calls, signal });
      await run.progress.part(++reviewed / chapterNumbers.length);
    }),
    run.signal,
  );
  // A revision may say again what another subsection says: the first telling stays.
  const texts = guardsRepeats(run)
    ? dropRepeatedAcross(
        revised,
        (id) => passages.byId.get(id)?.sourceId,
        (id) => passages.byId.get(id)?.text,
      ).texts
    : revised;
  const checked = await checkChangedSubsections(run, state, texts, 'revised', written.subsections);
  return { ...state, claims: checked.claims, written: { ...written, subsections: checked.texts } };
}

export const reviewStage: Stage = { progress: 'review', applies: (run) => run.professional, run: reviewChapters };
