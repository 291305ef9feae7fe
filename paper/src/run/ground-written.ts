/**
 * The paper's grounding as the fact-check and volume stages run it (grounding/repair-paper.ts and
 * grounding/paper.ts over the run's state).
 */
import { addCorrections, noCorrections } from '../grounding/correct.ts';
import { groundPaper } from '../grounding/paper.ts';
import { reciteWorks, repairPaper } from '../grounding/repair-paper.ts';
import type { GroundingCounts } from '../grounding/types.ts';
import { briefOf } from '../outline/brief.ts';
import { minimumSources } from '../sources/minimums.ts';
import type { Written } from '../text/types.ts';
import { guardsRepeats } from './check-texts.ts';
import type { PaperRun, PaperState } from './state.ts';
import { need } from './state.ts';

/**
 * The texts grounded: repaired, corrected, the plan's works cited again. `round.version` names
 * the round's writer calls (`repair:<version>:…`, `recite:<version>`).
 */
export async function groundWritten(
  run: PaperRun,
  state: PaperState,
  written: Written,
  round: { version: string; insertAt: (paragraphs: string[]) => number },
): Promise<{ written: Written; counts: GroundingCounts }> {
  const { version } = round;
  const plan = need(state.plan, 'the source plan');
  const input = {
    passages: need(state.passages, 'the passages'),
    sources: need(state.sources, 'the sources'),
    outline: briefOf(need(state.outline, 'the outline')),
    glossary: plan.glossary,
    repeats: guardsRepeats(run),
  };
  const context = { ...input, plan, calls: run.calls, version, kept: state.keptSubsections, signal: run.signal };
  const correct = (texts: Written) =>
    groundPaper({
      ...input,
      written: texts,
      minimum: minimumSources(run.input.type, run.input.requiredVolume),
      required: plan.works,
      kept: state.keptSubsections,
    });
  const repaired = await repairPaper({ ...context, written });
  const corrected = correct(repaired.written);
  const recited = await reciteWorks({ ...context, written: corrected.written, insertAt: round.insertAt });
  // A statement written for a work is checked like any other.
  const final = recited.recited ? correct(recited.written) : corrected;
  const counts = addCorrections(corrected.counts, recited.recited ? final.counts : noCorrections());
  return {
    written: final.written,
    counts: { ...counts, repaired: counts.repaired + repaired.repaired, recited: counts.recited + recited.recited },
  };
}
