/**
 * The bibliography stage: from here on the paper is assembled from its texts (references resolved
 * to numbers or footnotes, the list of the cited sources and the attached files built in GOST form).
 */
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { assemble } from '../typeset/assemble.ts';

export async function prepareBibliography(run: PaperRun, state: PaperState): Promise<PaperState> {
  const outline = need(state.outline, 'the outline');
  const sources = need(state.sources, 'the sources').list;
  const passages = need(state.passages, 'the passages').byId;
  const year = run.now.getFullYear();
  const next: PaperState = {
    ...state,
    assemble: (written) =>
      assemble({
        input: run.input,
        outline,
        written,
        sources,
        passages,
        writer: run.ctx.writer.kind,
        year,
        titlePage: run.ctx.titlePage,
        producedBy: run.ctx.producedBy,
      }),
  };
  await run.progress.part(1);
  return next;
}

export const bibliographyStage: Stage = { progress: 'bibliography', run: prepareBibliography };
