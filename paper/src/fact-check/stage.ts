/**
 * The fact-check stage: the grounding of the whole paper corrected before the volume is fitted, so
 * that the volume is measured on what stays; the volume stage corrects every text it changes the
 * same way, so the list is built from corrected texts. A statement that fails is first rewritten
 * from its passage (grounding/repair-paper.ts), what fails again is corrected away
 * (grounding/paper.ts), and a work the source plan needs that lost its last citation is cited again
 * where its passage fits, or in a statement written from it. Each correction is counted by kind.
 */
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { closingAt } from '../sections/index.ts';
import { addCorrections, noCorrections } from '../grounding/correct.ts';
import { groundWritten } from '../run/ground-written.ts';

export async function factCheck(run: PaperRun, state: PaperState): Promise<PaperState> {
  const grounded = await groundWritten(run, state, need(state.written, 'the texts'), { version: 'checked', insertAt: closingAt });
  return { ...state, written: grounded.written, grounding: addCorrections(state.grounding ?? noCorrections(), grounded.counts) };
}

export const factCheckStage: Stage = { progress: 'typeset', run: factCheck };
