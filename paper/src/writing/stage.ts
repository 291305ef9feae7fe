/**
 * The writing stage: the introduction and the chapters in parallel; within a chapter the
 * subsections one after another (each told what the chapter already says), then the chapter's
 * conclusions. A demo's one chapter, which the customer waits for, has its subsections written at
 * the same time, each told the plan of the others (sections/index.ts). Then, in the document's order, what repeats an earlier subsection goes, and every
 * cited sentence is checked against its passage. What a full paper keeps from its demo (the
 * introduction, chapter 1) is not written again.
 */
import { allOrAbort } from '../calls.ts';
import { writeIntroduction } from '../introduction/index.ts';
import { briefOf } from '../outline/brief.ts';
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { passageBriefs } from '../passages/types.ts';
import { writeChapter } from '../sections/index.ts';
import { checkChangedSubsections, guardsRepeats } from '../grounding/check-texts.ts';
import { charsOf } from '../text/clean.ts';
import { groundingOf } from '../grounding/numbers.ts';
import { dropRepeatedAcross } from '../grounding/repeats.ts';
import { budgetOfRun } from '../run/budget.ts';
import { keyAuthorsOf } from '../introduction/authors.ts';

export async function writeParts(run: PaperRun, state: PaperState): Promise<PaperState> {
  const { calls, progress } = run;
  const outline = need(state.outline, 'the outline');
  const sources = need(state.sources, 'the sources');
  const passages = need(state.passages, 'the passages');
  const brief = briefOf(outline);
  const sourcesFor = passageBriefs(passages, sources);
  const kept = state.keptIntroduction ?? null;
  const budget = budgetOfRun(run, state);
  const numbers = [...budget.subsections.keys()];
  const chapters = [...new Set(numbers.map((n) => Number(n.split('.')[0])))];
  const grounding = groundingOf({ outline: brief, passageText: (id) => passages.byId.get(id)?.text });
  // A full paper's chapter 1 is its demo's, as the user read it; the volume it does not fill goes to the others.
  const keptSubsections = state.keptSubsections ?? new Map<string, string[]>();
  const toWrite = numbers.filter((n) => !keptSubsections.has(n));
  const sum = (ns: string[]) => ns.reduce((n, number) => n + budget.subsections.get(number)!, 0);
  const keptChars = [...keptSubsections.values()].reduce((n, p) => n + charsOf(p), 0);
  const scale = toWrite.length ? Math.max(1, (sum(numbers) - keptChars) / sum(toWrite)) : 1;
  const budgets = new Map(toWrite.map((n) => [n, Math.round(budget.subsections.get(n)! * scale)]));
  const texts = new Map<string, string[]>(keptSubsections);
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
              introduction = await writeIntroduction(brief, budget.introduction, calls, {
                grounding,
                keyAuthors: keyAuthorsOf(sources.list),
              });
              await tick();
            },
          ]),
      ...chapters
        .filter((chapter) => toWrite.some((n) => n.startsWith(`${chapter}.`)))
        .map((chapter) => async () => {
          const written = await writeChapter({
            outline: brief,
            chapter,
            budgets,
            sourcesFor,
            grounding,
            calls,
            together: run.demo,
            onSubsection: tick,
          });
          for (const [n, p] of written) texts.set(n, p);
        }),
    ],
    run.signal,
  );
  // Map order = document order, whatever order the calls finished in; the first telling stays.
  const inOrder = new Map(numbers.map((n) => [n, texts.get(n)!]));
  const written = guardsRepeats(run)
    ? dropRepeatedAcross(
        inOrder,
        (id) => passages.byId.get(id)?.sourceId,
        (id) => passages.byId.get(id)?.text,
      ).texts
    : inOrder;
  for (const [n, p] of keptSubsections) written.set(n, p);
  // Every cited sentence checked against its passage before anything is built on it.
  const checked = await checkChangedSubsections(run, state, written, 'written', keptSubsections);
  return { ...state, claims: checked.claims, written: { introduction, subsections: checked.texts, conclusion: null } };
}

export const writingStage: Stage = { progress: 'writing', run: writeParts };
