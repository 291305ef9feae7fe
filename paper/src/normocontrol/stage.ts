/** The normocontrol stage: the produced .docx checked against GOST, with its PDF for the contents' pages. */
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { widened, windowFor } from '../run/budget.ts';
import { checkDocx } from './check.ts';

export async function checkPaper(run: PaperRun, state: PaperState): Promise<PaperState> {
  const laid = need(state.laid, 'the laid-out paper');
  // A full paper is held to the volume ordered; a demo's volume is the engine's own.
  const { min, max } = widened(windowFor('full', run.input.requiredVolume), state.extraPages ?? 0);
  const volume = run.input.type === 'full' ? { requested: run.input.requiredVolume, min, max } : undefined;
  return { ...state, normocontrol: await checkDocx(laid.docx, { pdf: laid.pdf, volume }) };
}

export const normocontrolStage: Stage = { progress: 'normocontrol', run: checkPaper };
