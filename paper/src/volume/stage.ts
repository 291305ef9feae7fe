/**
 * The volume stage: lay out, measure, top up or trim, repeat until the page count is in its
 * window. A model that writes less than it is asked gets asked for more: each round asks for the
 * deficit divided by the share of what was asked that the last round (or the writing) really
 * added. A paper still outside the window after the rounds is not delivered.
 */
import { PaperError, throwIfAborted } from '../errors.ts';
import { measurePaper } from '../layout/index.ts';
import { assemblyOf, bibliographyOf } from '../run/assembly.ts';
import { briefOf } from '../outline/brief.ts';
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { passageBrief, passageBriefs } from '../passages/briefs.ts';
import { checkChangedSubsections, guardsRepeats } from '../run/check-texts.ts';
import type { PageMap } from '../typeset/types.ts';
import { CHARS_PER_PAGE } from '../gost/constants.ts';
import { charsOf } from '../text/clean.ts';
import { groundingOf } from '../grounding/numbers.ts';
import { budgetOfRun, widened, windowFor } from '../run/budget.ts';
import { topUp, trim } from './index.ts';
import { citedPassageIds } from '../passages/markers.ts';
import { minimumSources } from '../sources/minimums.ts';
import { addCorrections, noCorrections } from '../grounding/correct.ts';
import { groundWritten } from '../run/ground-written.ts';
import { closingAt } from '../sections/index.ts';

const MAX_ROUNDS = 7;
/** The share of what is asked that a writer is assumed to deliver, at least and at most. */
const YIELD = { min: 0.2, max: 1 };
/** Characters per typeset page as measured, at least and at most. */
const PAGE_CHARS = { min: 1200, max: 2600 };

const clamp = (x: number, r: { min: number; max: number }) => Math.min(r.max, Math.max(r.min, x));

/** The volume out of its window: the paper is not complete, the generation fails (and is refunded). */
export function volumeError(pages: number, window: { min: number; max: number }): PaperError {
  return new PaperError(
    'volume_out_of_range',
    `Не удалось выдержать объём работы: ${pages} с. при допустимых ${window.min}–${window.max} с. Работа не выдана как готовая.`,
  );
}

/** The texts in their document order, with the resized ones replaced. */
const inOrder = (texts: Map<string, string[]>, resized: Map<string, string[]>) =>
  new Map([...texts].map(([number, paragraphs]) => [number, resized.get(number) ?? paragraphs]));

export async function fitVolume(run: PaperRun, state: PaperState): Promise<PaperState> {
  const { input, signal } = run;
  const full = need(state.outline, 'the outline');
  const outline = briefOf(full);
  const passages = need(state.passages, 'the passages');
  let written = need(state.written, 'the texts');
  let corrections = state.grounding ?? noCorrections();
  const sources = need(state.sources, 'the sources');
  // An extension is written from its subsection's works: their planned passages first, then their others.
  const planned = passageBriefs(passages, sources);
  const sourcesFor = (number: string) => {
    const works = new Set((state.plan?.placed[number] ?? []).map((w) => w.source));
    const more = passages.list.filter((p) => works.has(p.sourceId)).map((p) => passageBrief(p, sources));
    return [...new Map([...planned(number), ...more].map((p) => [p.id, p])).values()];
  };
  const grounding = groundingOf({ outline, passageText: (id) => passages.byId.get(id)?.text });
  let texts = new Map(written.subsections);
  const kept = state.keptSubsections ?? new Map<string, string[]>();
  const trimmable = state.trimmableSubsections ?? new Set<string>();
  let claims = state.claims;
  const window = widened(windowFor(input.type, input.requiredVolume), state.extraPages ?? 0);
  const minimum = minimumSources(input.type, input.requiredVolume);
  // The works the source plan needs (a revision's plan holds what its round left cited).
  const required = new Set(state.plan?.works ?? []);
  const sourceOf = (id: string) => passages.byId.get(id)?.sourceId;
  const attached = need(state.sources, 'the sources')
    .list.filter((s) => s.origin === 'attached')
    .map((s) => s.id);
  // How much of what it was asked the writer delivered while writing (after the guards).
  const budget = budgetOfRun(run, state);
  const asked = [...budget.subsections.values()].reduce((a, b) => a + b, 0);
  let yieldShare = clamp(asked ? charsOf([...texts.values()].flat()) / asked : 1, YIELD);
  let pageChars = CHARS_PER_PAGE;
  let measured: { pageCount: number; pages: PageMap } | null = null;
  let last: { pages: number; chars: number } | null = null;
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    throwIfAborted(signal);
    const draft = { ...written, subsections: texts };
    measured = await measurePaper(assemblyOf(run, state, draft, bibliographyOf(run, state, draft)).model, run.ctx.pdf, { signal });
    await run.progress.part(round / (MAX_ROUNDS + 1));
    const pages = measured.pageCount;
    const chars = charsOf([...texts.values()].flat());
    // The page a text of this paper really fills, once a change moved the count enough to tell.
    if (last && Math.abs(pages - last.pages) >= 3) pageChars = clamp((chars - last.chars) / (pages - last.pages), PAGE_CHARS);
    last = { pages, chars };
    if (pages >= window.aimLow && pages <= window.aimHigh) break;
    if (round === MAX_ROUNDS) break;
    // A chapter kept from the demo keeps its size (and a revision's sections outside its scope or
    // sized by a remark; one cleared of old works may only get shorter): the others are resized.
    const short = pages < window.aimLow;
    const resizable = new Map([...texts].filter(([number]) => !kept.has(number) || (!short && trimmable.has(number))));
    if (!resizable.size) break;
    if (short) {
      const before = new Map(texts);
      const deficit = (window.aim - pages) * pageChars;
      const ask = Math.round(deficit / yieldShare);
      const added = await topUp({
        round,
        chars: ask,
        outline,
        texts: resizable,
        sourcesFor,
        sourceOf: (id) => passages.byId.get(id)?.sourceId,
        grounding,
        dropRepeats: guardsRepeats(run),
        calls: run.calls,
        glossary: state.plan?.glossary,
        signal,
      });
      texts = inOrder(texts, resizable);
      yieldShare = clamp(added / ask, YIELD);
      const checked = await checkChangedSubsections(run, { ...state, claims }, texts, `extended${round}`, before);
      texts = checked.texts;
      claims = checked.claims;
    } else {
      trim(resizable, (pages - window.aim) * pageChars, (paragraph) => {
        // A work whose last citation this is stays cited: the plan needs it, or the list is at its minimum.
        const current = [...inOrder(texts, resizable).values()].flat();
        const lost = new Set(citedPassageIds(paragraph).map(sourceOf));
        for (const p of current) if (p !== paragraph) for (const id of citedPassageIds(p)) lost.delete(sourceOf(id));
        if (!lost.size) return true;
        if ([...lost].some((id) => id && required.has(id))) return false;
        const listed = new Set([...current.flatMap(citedPassageIds).map(sourceOf), ...attached]);
        return listed.size - lost.size >= minimum;
      });
      texts = inOrder(texts, resizable);
    }
    // What changed is checked for grounding like the rest (names, figures, pages, repeats, the plan's works).
    const grounded = await groundWritten(
      run,
      state,
      { ...written, subsections: texts },
      { version: `volume${round}`, insertAt: closingAt },
    );
    written = grounded.written;
    texts = new Map(written.subsections);
    corrections = addCorrections(corrections, grounded.counts);
    measured = null;
  }
  const final = measured?.pageCount ?? last?.pages ?? 0;
  if (final < window.min || final > window.max) throw volumeError(final, window);
  return { ...state, claims, grounding: corrections, written: { ...written, subsections: texts }, measuredPages: measured?.pages };
}

export const volumeStage: Stage = { progress: 'typeset', run: fitVolume };
