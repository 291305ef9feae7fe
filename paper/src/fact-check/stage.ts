/**
 * The fact-check stage: the grounding of the whole paper corrected (grounding/paper.ts) before the
 * volume is fitted, so that the volume is measured on what stays; the volume stage corrects every
 * text it changes the same way, so the list is built from corrected texts. Each correction is
 * counted by kind in the run's report.
 */
import { briefOf } from '../outline/brief.ts';
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { minimumSources } from '../sources/minimums.ts';
import { addCorrections, noCorrections } from '../grounding/correct.ts';
import { groundPaper } from '../grounding/paper.ts';
import { guardsRepeats } from '../grounding/check-texts.ts';

export async function factCheck(run: PaperRun, state: PaperState): Promise<PaperState> {
  const grounded = groundPaper({
    written: need(state.written, 'the texts'),
    passages: need(state.passages, 'the passages'),
    sources: need(state.sources, 'the sources'),
    outline: briefOf(need(state.outline, 'the outline')),
    minimum: minimumSources(run.input.type, run.input.requiredVolume),
    kept: state.keptSubsections,
    repeats: guardsRepeats(run),
  });
  return { ...state, written: grounded.written, grounding: addCorrections(state.grounding ?? noCorrections(), grounded.counts) };
}

export const factCheckStage: Stage = { progress: 'typeset', run: factCheck };
