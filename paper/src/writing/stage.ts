/** The writing stage: the introduction and every subsection, in parallel, to the character budgets of the volume (what a full paper keeps from its demo is not written again). */
import { allOrAbort } from '../calls.ts';
import { introductionTail, writeIntroduction } from '../introduction/index.ts';
import { briefOf } from '../outline/brief.ts';
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { writeSection } from '../sections/index.ts';
import { checkChangedSubsections } from '../passages/check-texts.ts';
import { charsOf } from '../text/clean.ts';
import { budgetFor } from '../volume/index.ts';

export async function writeParts(run: PaperRun, state: PaperState): Promise<PaperState> {
  const { input, calls, progress } = run;
  const outline = need(state.outline, 'the outline');
  const sources = need(state.sources, 'the sources');
  const passages = need(state.passages, 'the passages');
  const brief = briefOf(outline);
  const kept = state.keptIntroduction ?? null;
  const budget = budgetFor({
    type: input.type,
    volume: input.requiredVolume,
    chapters: outline.chapters,
    sourceCount: sources.list.length,
    introTailChars: charsOf(introductionTail(brief)),
  });
  const numbers = [...budget.subsections.keys()];
  // A full paper's chapter 1 is its demo's, as the user read it.
  const keptSubsections = state.keptSubsections ?? new Map<string, string[]>();
  const toWrite = numbers.filter((n) => !keptSubsections.has(n));
  const texts = new Map<string, string[]>(keptSubsections);
  // The volume the kept chapter does not fill goes to the subsections written now.
  const sum = (ns: string[]) => ns.reduce((n, number) => n + budget.subsections.get(number)!, 0);
  const keptChars = [...keptSubsections.values()].reduce((n, p) => n + charsOf(p), 0);
  const scale = toWrite.length ? Math.max(1, (sum(numbers) - keptChars) / sum(toWrite)) : 1;
  let introduction: string[] = kept ? kept.split(/\n\s*\n/) : [];
  let done = 0;
  const total = toWrite.length + (kept ? 0 : 1);
  const tick = async () => progress.part(++done / total);
  await allOrAbort(
    [
      ...(kept
        ? []
        : [
            async () => {
              introduction = await writeIntroduction(brief, budget.introduction, calls);
              await tick();
            },
          ]),
      ...toWrite.map((number) => async () => {
        const [chapter, subsection] = number.split('.').map(Number);
        const paragraphs = await writeSection({
          outline: brief,
          chapter,
          subsection,
          targetChars: Math.round(budget.subsections.get(number)! * scale),
          sources: passages.briefsFor(number),
          calls,
        });
        texts.set(number, paragraphs);
        await tick();
      }),
    ],
    run.signal,
  );
  // Map order = document order, whatever order the calls finished in.
  const written = new Map(numbers.map((n) => [n, texts.get(n)!]));
  // Every cited sentence checked against its passage before anything is built on it.
  const checked = await checkChangedSubsections(run, state, written, 'written', keptSubsections);
  return { ...state, claims: checked.claims, written: { introduction, subsections: checked.texts, conclusion: null } };
}

export const writingStage: Stage = { progress: 'writing', run: writeParts };
