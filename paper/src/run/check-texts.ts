/** The claims check as the stages run it: over the subsections a stage wrote or changed. */
import { allOrAbort } from '../calls.ts';
import type { PaperRun, PaperState } from './state.ts';
import { need } from './state.ts';
import type { ClaimCounts } from '../grounding/types.ts';
import { briefOf } from '../outline/brief.ts';
import { addClaims, noClaims, verifyClaims } from '../grounding/claims.ts';
import { groundingOf } from '../grounding/numbers.ts';

/**
 * A model's repetitions are dropped; the offline writer's are not: it composes every text from one
 * small bank of sentences (its papers are a stand-in for the pipeline, marked as such), and without
 * them it could not fill a paper.
 */
export function guardsRepeats(run: PaperRun): boolean {
  return run.ctx.writer.kind === 'llm';
}

/**
 * Checks one subsection's cited sentences (claims.ts): the judge's call `verify:<version>:<number>`,
 * and the repair of what fails from its passages `repair:<version>:<number>`, with the plan's
 * glossary for its foreign passages.
 */
export async function checkSubsection(
  run: PaperRun,
  state: PaperState,
  number: string,
  paragraphs: string[],
  version: string,
): Promise<{ paragraphs: string[]; counts: ClaimCounts }> {
  return verifyClaims({
    key: `verify:${version}:${number}`,
    repairKey: `repair:${version}:${number}`,
    paragraphs,
    passages: need(state.passages, 'the passages').byId,
    calls: run.calls,
    judge: run.ctx.writer.kind === 'llm' ? 'model' : 'lexical',
    grounding: groundingOf({ outline: briefOf(need(state.outline, 'the outline')), passageText: () => undefined }),
    glossary: state.plan?.glossary,
  });
}

/**
 * Checks the subsections whose texts differ from `before` (all of them without it). `version`
 * names this round of changes in the writer call keys, so a resumed run repeats no judgement.
 */
export async function checkChangedSubsections(
  run: PaperRun,
  state: PaperState,
  texts: Map<string, string[]>,
  version: string,
  before?: Map<string, string[]>,
): Promise<{ texts: Map<string, string[]>; claims: ClaimCounts }> {
  const out = new Map(texts);
  let claims = state.claims ?? noClaims();
  const changed = [...texts.keys()].filter((n) => !before || before.get(n) !== texts.get(n));
  await allOrAbort(
    changed.map((number) => async () => {
      const checked = await checkSubsection(run, state, number, texts.get(number)!, version);
      out.set(number, checked.paragraphs);
      claims = addClaims(claims, checked.counts);
    }),
    run.signal,
  );
  return { texts: out, claims };
}
