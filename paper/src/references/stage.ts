/**
 * The references stage: once the texts are final (after the volume stage), the list of sources is
 * built from what they cite, as data in the run's state: numbered GOST entries and where each was
 * verified (run/paper-list.ts). The typesetter resolves the texts' references by it.
 */
import { bibliographyOf } from '../run/assembly.ts';
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { checkListedSources } from '../sources/minimums.ts';

export async function listReferences(run: PaperRun, state: PaperState): Promise<PaperState> {
  const bibliography = bibliographyOf(run, state, need(state.written, 'the texts'));
  // A revision's list may shrink (old works a remark asked to remove): its report says so instead.
  if (!state.revision) {
    const listed = new Set(bibliography.entries.map((e) => e.sourceId));
    checkListedSources(run, listed.size, (state.plan?.works ?? []).filter((id) => !listed.has(id)).length);
  }
  return { ...state, bibliography };
}

/** Instant: reported as part of the layout. */
export const referencesStage: Stage = { progress: 'typeset', run: listReferences };
