/**
 * The defence kit of a paper: slides (.pptx), the speech (.docx), the commission's likely questions
 * with their answers and pages (.docx), and the slides rendered to PDF for the preview. Made from
 * the paper's .docx and its PDF (rendered here when not given), so that it runs on any paper,
 * ours or one the user brings.
 *
 * Order: the paper is read and cut into fragments; the slides' bullets are written (one call) while
 * the questions are (another); the deck is built, rendered by LibreOffice and checked by its own
 * normocontrol, corrected and rendered again until it passes (a deck that cannot be corrected is
 * not delivered); then the speech is written for the final slides (a call) and goes into the
 * speaker notes; the final deck is rendered once more (the preview) and checked, and every file's
 * package is checked. Every writer call is checkpointed: a killed run resumes without repeating one.
 */
import type { EvidenceReport } from '@app/contract';
import { createCallRunner } from '../calls.ts';
import type { DefenceKit, ProgressEvent } from '../types.ts';
import type { CheckpointStore } from '../checkpoints/types.ts';
import { PaperError, throwIfAborted } from '../errors.ts';
import { numbersIn } from '../grounding/numbers.ts';
import type { Tariff, TitlePageInfo } from '../input/types.ts';
import type { PdfConverter } from '../pdf/types.ts';
import type { Writer, CallRunner } from '../writer/types.ts';
import { correctDeck } from './correct.ts';
import type { Deck } from './deck.ts';
import { questionsDocx, speechDocx } from './documents.ts';
import { fragmentsOf, withCitations, type Fragment } from './fragments.ts';
import { groundCheckOf } from './grounded.ts';
import { packageProblems } from './package-check.ts';
import { readKitPaper, type KitPaper } from './paper.ts';
import { buildPptx } from './pptx.ts';
import { writeQuestions } from './questions.ts';
import { checkSlides, type PaperFigures, type SlideViolation } from './slide-check.ts';
import { composeSlides, planSummaries, writeBullets } from './slides.ts';
import { writeSpeech } from './speech.ts';

export interface DefenceContext {
  writer: Writer;
  checkpoints: CheckpointStore;
  pdf: PdfConverter;
  /** The tariff's model writes the kit (the paper's tariff). */
  tariff: Tariff;
  onProgress?: (p: ProgressEvent) => void | Promise<void>;
  signal?: AbortSignal;
  /** A clean stop (RunContext.stopping). */
  stopping?: AbortSignal;
  /** The title page's details the order gave: they win over what the .docx shows. */
  titlePage?: TitlePageInfo;
  /** The paper's «Отчёт об источниках» (a paper of ours): each answer names the entry it rests on. */
  evidence?: EvidenceReport;
}

/** Rounds of render, check and correction before a deck is given up. */
const MAX_ROUNDS = 6;

const STEPS = {
  read: ['Чтение работы', 0],
  write: ['Тезисы слайдов и вопросы комиссии', 10],
  check: ['Вёрстка и нормоконтроль слайдов', 40],
  speech: ['Доклад к защите', 75],
  final: ['Проверка файлов', 90],
  done: ['Готово', 100],
} as const;

function paperFiguresOf(paper: KitPaper, fragments: Fragment[]): PaperFigures {
  const all = new Set<string>();
  const tables = new Map<number, Set<string>>();
  const tp = paper.titlePage;
  for (const text of [paper.title, ...Object.values(tp).map((v) => String(v ?? ''))]) for (const n of numbersIn(text)) all.add(n);
  for (const f of fragments) {
    for (const n of numbersIn(f.text)) all.add(n);
    if (f.table !== undefined) {
      const set = tables.get(f.table) ?? new Set<string>();
      for (const n of numbersIn(f.text)) set.add(n);
      tables.set(f.table, set);
    }
  }
  return { all, tables };
}

function withTitlePage(paper: KitPaper, given: TitlePageInfo | undefined): KitPaper {
  if (!given) return paper;
  const pick = (value: string | undefined, read: string | null) => (value?.trim() ? value.trim() : read);
  const tp = paper.titlePage;
  return {
    ...paper,
    titlePage: {
      university: pick(given.organization, tp.university),
      faculty: pick(given.faculty, tp.faculty),
      department: pick(given.department, tp.department),
      workKind: pick(given.workKind, tp.workKind),
      student: pick(given.student, tp.student),
      group: pick(given.group, tp.group),
      supervisor: pick(given.supervisor, tp.supervisor),
      city: pick(given.city, tp.city),
      year: tp.year,
    },
  };
}

/** Renders and checks the deck until it passes, correcting it between rounds. */
async function settleDeck(
  deck: Deck,
  ctx: DefenceContext,
  figures: PaperFigures,
): Promise<{ deck: Deck; pptx: Buffer; pdf: Buffer; corrected: SlideViolation[]; rounds: number }> {
  const corrected: SlideViolation[] = [];
  for (let round = 1; ; round++) {
    throwIfAborted(ctx.signal);
    const pptx = await buildPptx(deck);
    const pdf = await ctx.pdf.convert(pptx, { kind: 'pptx', signal: ctx.signal });
    const violations = await checkSlides({ deck, pptx, pdf, figures });
    if (!violations.length) return { deck, pptx, pdf, corrected, rounds: round };
    const next = round < MAX_ROUNDS ? correctDeck(deck, violations) : null;
    if (!next)
      throw new PaperError(
        'normocontrol_failed',
        `Слайды не прошли нормоконтроль: ${violations
          .slice(0, 5)
          .map((v) => `${v.slide ? `слайд ${v.slide}: ` : ''}${v.message}`)
          .join('; ')}`,
      );
    corrected.push(...violations);
    deck = next;
  }
}

/** The kit of a paper read from its .docx (and its PDF, rendered here when absent). */
export async function makeDefenceKit(source: { docx: Uint8Array; pdf?: Uint8Array }, ctx: DefenceContext): Promise<DefenceKit> {
  const started = Date.now();
  let last = -1;
  const step = async ([stage, percent]: readonly [string, number]) => {
    if (percent <= last) return;
    last = percent;
    await ctx.onProgress?.({ stage, percent });
  };
  await step(STEPS.read);
  const calls: CallRunner = createCallRunner({
    writer: ctx.writer,
    checkpoints: ctx.checkpoints,
    tariff: ctx.tariff,
    signal: ctx.signal,
    stopping: ctx.stopping,
  });
  const pdf = source.pdf ?? (await ctx.pdf.convert(source.docx, { signal: ctx.signal }));
  const paper = withTitlePage(await readKitPaper(source.docx, pdf), ctx.titlePage);
  const fragments = withCitations(fragmentsOf(paper), ctx.evidence);
  const figures = paperFiguresOf(paper, fragments);
  const grounded = groundCheckOf(fragments);
  const planned = planSummaries(paper, fragments);

  await step(STEPS.write);
  const questions = writeQuestions({ paper, fragments, calls, grounded });
  // Settled or failed, the questions are awaited: a rejection is not left unhandled while the deck is made.
  questions.catch(() => undefined);
  const { bullets, counts } = await writeBullets(paper.title, planned, calls, grounded);
  const draft: Deck = {
    title: paper.title,
    author: paper.titlePage.student ?? '',
    slides: composeSlides(paper, fragments, planned, bullets),
  };
  await step(STEPS.check);
  const settled = await settleDeck(draft, ctx, figures);

  await step(STEPS.speech);
  const speech = await writeSpeech({ paper, deck: settled.deck, planned, fragments, calls, grounded });
  const asked = await questions;
  const deck: Deck = {
    ...settled.deck,
    slides: settled.deck.slides.map((s, i) => ({ ...s, notes: speech.parts[i]?.sentences.join(' ') ?? '' })),
  };

  await step(STEPS.final);
  // The notes do not move the slides, but what is delivered is what is checked.
  const final = await settleDeck(deck, ctx, figures);
  if (final.rounds > 1) throw new PaperError('normocontrol_failed', 'Слайды изменились после добавления заметок докладчика');
  const speechFile = await speechDocx(paper, speech);
  const questionsFile = await questionsDocx(paper, asked.list);
  for (const [name, file] of [
    ['слайды', final.pptx],
    ['доклад', speechFile],
    ['вопросы', questionsFile],
  ] as const) {
    const problems = await packageProblems(file);
    if (problems.length) throw new PaperError('internal', `Файл «${name}» собран с ошибками: ${problems.slice(0, 3).join('; ')}`);
  }
  await step(STEPS.done);
  return {
    title: paper.title,
    pptx: final.pptx,
    speech: speechFile,
    questions: questionsFile,
    preview: final.pdf,
    slides: final.deck.slides.map((s, i) => ({
      number: i + 1,
      kind: s.kind,
      title: s.kind === 'title' ? paper.title : s.title,
      lines:
        s.kind === 'bullets'
          ? [...(s.lead ? [s.lead] : []), ...s.bullets]
          : s.kind === 'table'
            ? [s.table.header, ...s.table.rows].map((r) => r.join(' | '))
            : s.kind === 'chart'
              ? s.chart.categories.map((c, k) => `${c}: ${s.chart.values[k]}`)
              : s.kind === 'title'
                ? [...s.top, s.workKind, ...s.people, s.foot]
                : [s.subtitle],
      notes: s.notes,
    })),
    speechParts: speech.parts,
    speechWords: speech.words,
    questionList: asked.list,
    normocontrol: {
      rounds: settled.rounds,
      corrected: settled.corrected.map((v) => ({ slide: v.slide, rule: v.rule, message: v.message })),
    },
    grounding: {
      bullets: counts,
      speech: { kept: speech.kept, dropped: speech.dropped },
      questions: { kept: asked.kept, dropped: asked.dropped },
    },
    usage: { ...calls.usage },
    seconds: (Date.now() - started) / 1000,
  };
}
