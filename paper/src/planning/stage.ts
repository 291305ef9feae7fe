/** The planning stage (the outline): a full paper made from a demo keeps the demo's outline, introduction and chapter 1. */
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { writeOutline } from './write-outline.ts';

export async function makeOutline(run: PaperRun, state: PaperState): Promise<PaperState> {
  let next: PaperState;
  if (run.input.fromDemo) {
    const { introduction, keptChapter, ...outline } = run.input.fromDemo;
    next = { ...state, outline, keptIntroduction: introduction || null, keptChapter };
  } else {
    next = { ...state, outline: await writeOutline(run.input, run.calls), keptIntroduction: null };
  }
  await run.progress.part(1);
  return next;
}

export const planningStage: Stage = { progress: 'outline', run: makeOutline };
