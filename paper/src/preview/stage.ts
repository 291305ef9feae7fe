/** The preview stage: the PDF the customer sees; a demo's is cut to the demo's pages. */
import { cutPdf } from '../pdf/bookmarks.ts';
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';

export async function makePreview(run: PaperRun, state: PaperState): Promise<PaperState> {
  const laid = need(state.laid, 'the laid-out paper');
  const preview = run.demo ? await cutPdf(laid.pdf, laid.pageCount) : laid.pdf;
  await run.progress.part(1);
  return { ...state, preview };
}

export const previewStage: Stage = { progress: 'preview', run: makePreview };
