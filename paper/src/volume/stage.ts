/** The volume stage: lay out, measure, top up or trim, repeat until the page count is in its window. */
import { throwIfAborted } from '../errors.ts';
import { measurePaper } from '../layout/index.ts';
import { briefOf } from '../outline/brief.ts';
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { checkChangedSubsections } from '../passages/check-texts.ts';
import type { PageMap } from '../typeset/docx.ts';
import { CHARS_PER_PAGE } from '../gost/constants.ts';
import { topUp, trim, windowFor } from './index.ts';

const MAX_ROUNDS = 4;

/** The texts in their document order, with the resized ones replaced. */
const inOrder = (texts: Map<string, string[]>, resized: Map<string, string[]>) =>
  new Map([...texts].map(([number, paragraphs]) => [number, resized.get(number) ?? paragraphs]));

export async function fitVolume(run: PaperRun, state: PaperState): Promise<PaperState> {
  const { input, signal } = run;
  const outline = briefOf(need(state.outline, 'the outline'));
  const passages = need(state.passages, 'the passages');
  const assemble = need(state.assemble, 'the assembly');
  const written = need(state.written, 'the texts');
  let texts = new Map(written.subsections);
  const kept = state.keptSubsections ?? new Map<string, string[]>();
  let claims = state.claims;
  const window = windowFor(input.type, input.requiredVolume);
  let measured: { pageCount: number; pages: PageMap } | null = null;
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    throwIfAborted(signal);
    measured = await measurePaper(assemble({ ...written, subsections: texts }).model, run.ctx.pdf, { signal });
    await run.progress.part(round / (MAX_ROUNDS + 1));
    const pages = measured.pageCount;
    if (pages >= window.aimLow && pages <= window.aimHigh) break;
    if (round === MAX_ROUNDS) break;
    // A chapter kept from the demo keeps its size: the others are resized.
    const resizable = new Map([...texts].filter(([number]) => !kept.has(number)));
    if (pages < window.aimLow) {
      const before = new Map(texts);
      await topUp({
        round,
        chars: (window.aim - pages) * CHARS_PER_PAGE,
        outline,
        texts: resizable,
        sourcesFor: passages.briefsFor,
        calls: run.calls,
        signal,
      });
      texts = inOrder(texts, resizable);
      const checked = await checkChangedSubsections(run, { ...state, claims }, texts, `extended${round}`, before);
      texts = checked.texts;
      claims = checked.claims;
    } else {
      trim(resizable, (pages - window.aim) * CHARS_PER_PAGE);
      texts = inOrder(texts, resizable);
    }
    measured = null;
  }
  return { ...state, claims, written: { ...written, subsections: texts }, measuredPages: measured?.pages };
}

export const volumeStage: Stage = { progress: 'typeset', run: fitVolume };
