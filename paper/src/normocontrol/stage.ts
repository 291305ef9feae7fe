/** The normocontrol stage: the produced .docx checked against GOST, with its PDF for the contents' pages. */
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { checkDocx } from './check.ts';

export async function checkPaper(_run: PaperRun, state: PaperState): Promise<PaperState> {
  const laid = need(state.laid, 'the laid-out paper');
  return { ...state, normocontrol: await checkDocx(laid.docx, { pdf: laid.pdf }) };
}

export const normocontrolStage: Stage = { progress: 'normocontrol', run: checkPaper };
