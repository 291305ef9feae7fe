/** The paper built from the run's state: the list of sources of its texts and its document model. */
import { listPaperSources } from './paper-list.ts';
import type { PaperBibliography } from '../bibliography/types.ts';
import { assemble } from '../typeset/assemble.ts';
import type { Assembled } from '../typeset/types.ts';
import type { PaperRun, PaperState } from './state.ts';
import { need } from './state.ts';
import type { Written } from '../text/types.ts';

/** The list these texts would have: what they cite and the attached files. */
export function bibliographyOf(run: PaperRun, state: PaperState, written: Written): PaperBibliography {
  return listPaperSources({
    sources: need(state.sources, 'the sources').list,
    written,
    passages: need(state.passages, 'the passages').byId,
    separate: run.input.separateBibliography,
  });
}

/** What the typesetter lays out: these texts, their references resolved by `bibliography`. */
export function assemblyOf(run: PaperRun, state: PaperState, written: Written, bibliography: PaperBibliography): Assembled {
  return assemble({
    input: run.input,
    outline: need(state.outline, 'the outline'),
    written,
    sources: need(state.sources, 'the sources').list,
    passages: need(state.passages, 'the passages').byId,
    bibliography,
    writer: run.ctx.writer.kind,
    year: run.now.getFullYear(),
    titlePage: run.ctx.titlePage,
    producedBy: run.ctx.producedBy,
  });
}
