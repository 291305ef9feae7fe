/**
 * The writing stage: the paper written side by side from its source plan, within the model streams
 * the run may hold (ctx.streams). Every subsection, the introduction, the chapters' conclusions
 * and (a full paper) the conclusion are written at the same time; a subsection from its planned
 * works and passages, told what every other text will cover, and, when the streams allow, in
 * parts side by side (each part from its share of the works). The glossary of the foreign terms
 * is asked beside them. Each part's cited sentences are checked, and what fails is repaired from
 * its passage, as soon as it is written. The conclusions, written from the plan, are kept as far
 * as their subsections bear them out (a chapter's conclusions from its own subsections; a chapter
 * whose conclusions nothing bears out gets them written again from its texts). Then, in the
 * document's order, what repeats an earlier subsection goes. What a full paper keeps from its demo
 * (the introduction, chapter 1) is not written again.
 */
import { allOrAbort } from '../calls.ts';
import { acceptAnnotation, writeAnnotation } from '../annotation/index.ts';
import { acceptConclusion, planDigest, writeConclusion } from '../conclusion/index.ts';
import { writeIntroduction } from '../introduction/index.ts';
import { briefOf } from '../outline/brief.ts';
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { passageBrief } from '../passages/briefs.ts';
import { isForeign } from '../bibliography/text.ts';
import {
  concludeChapter,
  partKey,
  settleChapterConclusion,
  subsectionPlan,
  writeChapterConclusion,
  writeSection,
} from '../sections/index.ts';
import { checkSubsection, guardsRepeats } from '../run/check-texts.ts';
import { addClaims, noClaims } from '../grounding/claims.ts';
import { charsOf } from '../text/clean.ts';
import { groundingOf } from '../grounding/numbers.ts';
import { dropRepeatedAcross } from '../grounding/repeats.ts';
import { budgetOfRun } from '../run/budget.ts';
import { keyAuthorsOf } from '../sources/key-authors.ts';
import { GLOSSARY_CHECKPOINT, writeGlossary } from '../source-plan/glossary.ts';
import type { PlannedWork } from '../source-plan/types.ts';
import type { TextPart } from '../writer/types.ts';

/** A subsection is written in at most so many parts. */
const MAX_PARTS = 3;

/** A task started once, however many wait for it. */
function once<T>(task: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined;
  return () => (started ??= task());
}

/** The parts each subsection is written in: as many as the streams hold beside the others (and the introduction). */
function partsOf(run: PaperRun, subsections: number): number {
  if (!run.ctx.streams || !subsections) return 1;
  return Math.max(1, Math.min(MAX_PARTS, Math.floor(run.ctx.streams / (subsections + 1))));
}

/** The works of a subsection dealt to its parts in turn, its home works first. */
function dealt(works: PlannedWork[], parts: number): PlannedWork[][] {
  const ordered = [...works].sort((a, b) => Number(b.home) - Number(a.home));
  return Array.from({ length: parts }, (_, k) => ordered.filter((_, i) => i % parts === k));
}

export async function writeParts(run: PaperRun, state: PaperState): Promise<PaperState> {
  const { calls, progress } = run;
  const outline = need(state.outline, 'the outline');
  const sources = need(state.sources, 'the sources');
  const passages = need(state.passages, 'the passages');
  const plan = need(state.plan, 'the source plan');
  const brief = briefOf(outline);
  const kept = state.keptIntroduction ?? null;
  const budget = budgetOfRun(run, state);
  const numbers = [...budget.subsections.keys()];
  const grounding = groundingOf({ outline: brief, passageText: (id) => passages.byId.get(id)?.text });
  // A full paper's chapter 1 is its demo's, as the user read it; the volume it does not fill goes to the others.
  const keptSubsections = state.keptSubsections ?? new Map<string, string[]>();
  const toWrite = numbers.filter((n) => !keptSubsections.has(n));
  const sum = (ns: string[]) => ns.reduce((n, number) => n + budget.subsections.get(number)!, 0);
  const keptChars = [...keptSubsections.values()].reduce((n, p) => n + charsOf(p), 0);
  const scale = toWrite.length ? Math.max(1, (sum(numbers) - keptChars) / sum(toWrite)) : 1;
  const titleOf = (n: string) => {
    const [c, s] = n.split('.').map(Number);
    return brief.chapters[c - 1].subsections[s - 1];
  };
  const briefsOf = (ids: string[]) => ids.map((id) => passageBrief(passages.byId.get(id)!, sources));
  const parts = partsOf(run, toWrite.length);
  const texts = toWrite.flatMap((number) =>
    dealt(plan.placed[number] ?? [], parts).map((works, i) => ({
      number,
      part: { index: i + 1, of: parts } as TextPart,
      works,
      plan: subsectionPlan(parts === 1 ? number : `${number}, часть ${i + 1}`, titleOf(number), briefsOf(works.flatMap((w) => w.passages))),
    })),
  );
  // The glossary is asked beside the texts: only their checks wait for it. It is stored
  // (`sources:glossary`) so that `paper check --sources` matches foreign pages as the run did.
  const glossary = once(async () => {
    // The planned foreign works' every passage: an extension or a revision may retell another page of theirs.
    const works = new Set(Object.values(plan.placed).flatMap((placed) => placed.map((w) => w.source)));
    const entries = await writeGlossary({
      topic: run.input.topic,
      passages: passages.list.filter((p) => works.has(p.sourceId) && isForeign(p.text)),
      calls,
    });
    await run.ctx.checkpoints.set(GLOSSARY_CHECKPOINT, entries);
    return entries;
  });
  const written = new Map<string, string[]>(keptSubsections);
  /** Each part's checked paragraphs, in `texts`' order. */
  const checkedParts: string[][] = [];
  let claims = state.claims ?? noClaims();
  let introduction: string[] = kept ? kept.split(/\n\s*\n/) : [];
  let conclusion = null as string | null;
  let annotation = null as string | null;
  const chapterConclusions = new Map<number, string[]>();
  let done = 0;
  const total = texts.length + (kept ? 0 : 1) + (run.demo ? 0 : 1);
  const tick = async () => progress.part(++done / total);

  const partTasks = texts.map((t, i) => async () => {
    const [chapter, subsection] = t.number.split('.').map(Number);
    const others = texts.filter((o) => o !== t).map((o) => o.plan);
    const paragraphs = await writeSection({
      outline: brief,
      chapter,
      subsection,
      targetChars: Math.round((budget.subsections.get(t.number)! * scale) / parts),
      sources: briefsOf(t.works.flatMap((w) => w.passages)),
      usedPassages: others.flatMap((p) => p.passages.map((x) => x.id)),
      plan: others,
      works: t.works.filter((w) => w.home).map((w) => sources.byId.get(w.source)?.label ?? w.source),
      part: t.part,
      tableAllowed: t.part.index === 1,
      grounding,
      calls,
    });
    // Checked (and repaired from its passages) as soon as it is written, while the others are still being written.
    const withGlossary: PaperState = { ...state, plan: { ...plan, glossary: await glossary() } };
    const checked = await checkSubsection(run, withGlossary, partKey(t.number, t.part), paragraphs, 'written');
    claims = addClaims(claims, checked.counts);
    checkedParts[i] = checked.paragraphs;
    await tick();
  });
  const chapters = [...new Set(toWrite.map((n) => Number(n.split('.')[0])))];
  // What each subsection will cover: what the conclusions and the annotation are written from.
  const digests = toWrite.map((n) => ({
    number: n,
    title: titleOf(n),
    digest: planDigest(subsectionPlan(n, titleOf(n), briefsOf(passages.assigned[n] ?? []))),
  }));
  // The subsections first: the longest calls take the streams first; the other texts fit beside them.
  await allOrAbort(
    [
      ...partTasks,
      ...(kept
        ? []
        : [
            async () => {
              introduction = await writeIntroduction(brief, budget.introduction, calls, {
                grounding,
                keyAuthors: keyAuthorsOf(sources.list.filter((s) => plan.works.includes(s.id))),
                parts: parts > 1 ? 2 : 1,
              });
              await tick();
            },
          ]),
      ...(run.demo
        ? []
        : [
            async () => {
              conclusion = await writeConclusion(brief, digests, budget.conclusion, calls);
              await tick();
            },
          ]),
      // The annotation of a paper whose outline has none yet (a full paper keeps its demo's).
      ...(outline.annotation
        ? []
        : [
            async () => {
              annotation = await writeAnnotation(brief, digests, calls);
            },
          ]),
      ...chapters.map((chapter) => async () => {
        const own = digests.filter((d) => d.number.startsWith(`${chapter}.`));
        chapterConclusions.set(chapter, await writeChapterConclusion({ outline: brief, chapter, digests: own, grounding, calls }));
      }),
      async () => void (await glossary()),
    ],
    run.signal,
  );
  for (const number of toWrite)
    written.set(
      number,
      texts.flatMap((t, i) => (t.number === number ? checkedParts[i] : [])),
    );
  // A chapter's conclusions as far as its own subsections bear them out; written again from them when nothing is.
  await allOrAbort(
    chapters.map((chapter) => async () => {
      const own = numbers.filter((n) => n.startsWith(`${chapter}.`) && !keptSubsections.has(n));
      const settled = settleChapterConclusion(
        chapter,
        chapterConclusions.get(chapter) ?? [],
        own.flatMap((n) => written.get(n)!),
      );
      if (!settled.length)
        return concludeChapter({ outline: brief, chapter, texts: written, grounding, calls, key: `chapter-conclusion:${chapter}:written` });
      const last = own[own.length - 1];
      written.set(last, [...written.get(last)!, ...settled]);
    }),
    run.signal,
  );
  // Map order = document order, whatever order the calls finished in; the first telling stays.
  const inOrder = new Map(numbers.map((n) => [n, written.get(n)!]));
  const deduplicated = guardsRepeats(run)
    ? dropRepeatedAcross(
        inOrder,
        (id) => passages.byId.get(id)?.sourceId,
        (id) => passages.byId.get(id)?.text,
      ).texts
    : inOrder;
  for (const [n, p] of keptSubsections) deduplicated.set(n, p);
  const body = [...deduplicated.values()].flat();
  return {
    ...state,
    outline: annotation === null ? outline : { ...outline, annotation: acceptAnnotation(brief, annotation, body) },
    plan: { ...plan, glossary: await glossary() },
    claims,
    written: {
      introduction,
      subsections: deduplicated,
      conclusion: conclusion === null ? null : acceptConclusion(brief, conclusion, body),
    },
  };
}

export const writingStage: Stage = { progress: 'writing', run: writeParts };
