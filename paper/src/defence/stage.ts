/**
 * The defence kit as a stage after a paper, the one stage of DEFENCE_STAGES (engine.ts), a
 * pipeline of its own beside STAGES: it takes the laid-out paper (its .docx and PDF) from the run's
 * state and adds the kit, its writer calls checkpointed with the run's under `defence:` keys. A
 * paper delivered earlier, or one the user brings (what the api does), goes through
 * `makeDefenceKit` (kit.ts) with its .docx (and PDF) directly.
 */
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { makeDefenceKit } from './kit.ts';

export const defenceStage: Stage = {
  progress: 'defence',
  async run(run: PaperRun, state: PaperState): Promise<PaperState> {
    const laid = need(state.laid, 'the laid-out paper');
    const defence = await makeDefenceKit(
      { docx: laid.docx, pdf: laid.pdf },
      {
        writer: run.ctx.writer,
        checkpoints: run.ctx.checkpoints,
        pdf: run.ctx.pdf,
        tariff: run.input.tariff,
        signal: run.signal,
        titlePage: run.ctx.titlePage,
        evidence: state.evidence?.report,
        onProgress: (p) => run.progress.part(p.percent / 100),
      },
    );
    return { ...state, defence };
  },
};
