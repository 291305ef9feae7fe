/** The conclusion stage (full paper only): written from digests of the finished subsections. */
import { briefOf } from '../outline/brief.ts';
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { budgetOfRun } from '../run/budget.ts';
import { writeConclusion } from './index.ts';

export async function concludePaper(run: PaperRun, state: PaperState): Promise<PaperState> {
  const outline = need(state.outline, 'the outline');
  const written = need(state.written, 'the texts');
  const brief = briefOf(outline);
  const budget = budgetOfRun(run, state);
  const conclusion = await writeConclusion(brief, written.subsections, budget.conclusion, run.calls);
  await run.progress.part(1);
  return { ...state, written: { ...written, conclusion } };
}

export const conclusionStage: Stage = { progress: 'conclusion', applies: (run) => !run.demo, run: concludePaper };
