/** The typesetting stage: the final .docx and PDF, the contents' page numbers checked against the PDF. */
import { layoutPaper } from '../layout/index.ts';
import { assemblyOf } from '../run/assembly.ts';
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';

export async function typesetPaper(run: PaperRun, state: PaperState): Promise<PaperState> {
  const final = assemblyOf(run, state, need(state.written, 'the texts'), need(state.bibliography, 'the list of sources'));
  // The volume stage's last measurement is the first pass's page numbers: often already right.
  const laid = await layoutPaper(final.model, run.ctx.pdf, { signal: run.signal, initialPages: state.measuredPages });
  await run.progress.part(1);
  return { ...state, final, laid };
}

export const typesettingStage: Stage = { progress: 'typeset', run: typesetPaper };
