/**
 * Subsections: within a chapter one after another, each told what the chapter's earlier
 * subsections say and which passages they cited, so that it does not repeat them (the writing
 * stage runs the chapters in parallel). A demo's chapter, which the customer waits for, is written
 * with its subsections at the same time: the passages are reserved in the chapter's order, and
 * each subsection is told the plan of the others (their titles and the passages reserved for them)
 * instead of their text. Every answer is cleaned and its ungrounded numbers go before anything is
 * built on it. A chapter ends with its conclusions («Выводы по главе N»).
 */
import { sentencesOf } from '../text/sentences.ts';
import { isTable } from '../text/tables.ts';
import type { CallRunner } from '../calls.ts';
import { citedPassageIds, withoutMarkers } from '../passages/markers.ts';
import { tokensFor } from '../writer/tokens.ts';
import { cleanText } from '../text/clean.ts';
import { dropUngroundedNumbers, type Grounding } from '../grounding/numbers.ts';
import type { PassageBrief, SubsectionDigest, SubsectionPlan, WriterTask } from '../writer/types.ts';
import type { OutlineBrief } from '../outline/types.ts';
import { chapterConclusionMessages, sectionMessages, tableWanted } from './prompt.ts';

/** Fewer unused passages than this: the used ones are offered too (the model is told which). */
const MIN_FRESH_PASSAGES = 3;
/** The key points of a subsection, as the next one is told them. */
const DIGEST_CHARS = 600;
/** A subsection written together with the others is told this much of each passage reserved for them… */
const GIST_CHARS = 160;
/** …and at most this many passages of each. */
const PLAN_PASSAGES = 6;
/** The conclusions of a chapter, in characters. */
export const CHAPTER_CONCLUSION_CHARS = 900;

/** The key points of a subsection: the first sentence of each paragraph, the closing one first among them. */
export function keyPointsOf(paragraphs: string[]): string {
  const firsts = paragraphs
    .filter((p) => !isTable(p))
    .map((p) => sentencesOf(withoutMarkers(p))[0] ?? '')
    .filter(Boolean);
  const ordered = firsts.length > 1 ? [firsts[0], firsts[firsts.length - 1], ...firsts.slice(1, -1)] : firsts;
  let out = '';
  for (const s of ordered) {
    if (out && out.length + s.length + 1 > DIGEST_CHARS) break;
    out = out ? `${out} ${s}` : s;
  }
  return out.slice(0, DIGEST_CHARS);
}

/** The passages a subsection is written from: those the chapter has not cited yet, first. */
export function freshFirst(sources: PassageBrief[], used: Set<string>): PassageBrief[] {
  const fresh = sources.filter((p) => !used.has(p.id));
  return fresh.length >= MIN_FRESH_PASSAGES ? fresh : [...fresh, ...sources.filter((p) => used.has(p.id))];
}

/** A model's text as paragraphs of the paper: clean, and without sentences carrying made-up figures. */
export function acceptText(raw: string, options: { dropTitle?: string; grounding: Grounding }): string[] {
  return dropUngroundedNumbers(cleanText(raw, { dropTitle: options.dropTitle }), options.grounding).paragraphs;
}

/** A subsection's task as the writer gets it, with what checks and runs the call. */
type SectionTask = Omit<Extract<WriterTask, { kind: 'section' }>, 'kind' | 'table'>;

export async function writeSection(options: SectionTask & { grounding: Grounding; calls: CallRunner }): Promise<string[]> {
  const { outline, chapter, subsection, targetChars, sources, before, usedPassages, plan } = options;
  const table = tableWanted(outline, chapter, sources);
  const reply = await options.calls.call({
    key: `section:${chapter}.${subsection}`,
    task: { kind: 'section', outline, chapter, subsection, targetChars, sources, before, usedPassages, plan, table },
    messages: sectionMessages(outline, chapter, subsection, targetChars, sources, before, usedPassages, plan, table),
    maxTokens: tokensFor(targetChars),
  });
  return acceptText(reply.text, { dropTitle: outline.chapters[chapter - 1].subsections[subsection - 1], grounding: options.grounding });
}

/** The opening words of a passage: what a subsection written alongside learns of it. */
function gistOf(text: string): string {
  const first = sentencesOf(withoutMarkers(text))[0] ?? text;
  return first.length <= GIST_CHARS ? first : `${first.slice(0, GIST_CHARS).replace(/\s+\S*$/, '')}…`;
}

/**
 * The passages of a chapter's subsections written together: in the chapter's order, each gets
 * those of its own that no earlier one got (freshFirst: the earlier ones' too when too few are
 * left), and the plan of each subsection is what it reserved.
 */
export function planChapter(numbers: { number: string; title: string }[], sourcesFor: (number: string) => PassageBrief[]) {
  const reserved = new Set<string>();
  const sources = new Map<string, PassageBrief[]>();
  const plans: SubsectionPlan[] = [];
  for (const { number, title } of numbers) {
    const own = freshFirst(sourcesFor(number), reserved);
    sources.set(number, own);
    const mine = own.filter((p) => !reserved.has(p.id));
    for (const p of mine) reserved.add(p.id);
    plans.push({
      number,
      title,
      passages: mine.slice(0, PLAN_PASSAGES).map((p) => ({ id: p.id, source: p.source, gist: gistOf(p.text) })),
    });
  }
  return { sources, plans };
}

/**
 * Writes a chapter's subsections, in order or (`together`) at the same time; returns them by
 * number, the chapter's conclusions after the last one's text.
 */
export async function writeChapter(options: {
  outline: OutlineBrief;
  chapter: number;
  budgets: Map<string, number>;
  sourcesFor: (number: string) => PassageBrief[];
  grounding: Grounding;
  calls: CallRunner;
  /** Subsections at the same time, each told the plan of the others (a demo: the customer waits). */
  together?: boolean;
  onSubsection?: () => Promise<void>;
}): Promise<Map<string, string[]>> {
  const { outline, chapter } = options;
  const titles = outline.chapters[chapter - 1].subsections;
  const toWrite = titles
    .map((title, si) => ({ number: `${chapter}.${si + 1}`, subsection: si + 1, title }))
    .filter((s) => options.budgets.has(s.number));
  const out = new Map<string, string[]>();
  const write = (s: (typeof toWrite)[number], sources: PassageBrief[], told: Pick<SectionTask, 'before' | 'usedPassages' | 'plan'>) =>
    writeSection({
      outline,
      chapter,
      subsection: s.subsection,
      targetChars: options.budgets.get(s.number)!,
      sources,
      ...told,
      grounding: options.grounding,
      calls: options.calls,
    });
  if (options.together) {
    const { sources, plans } = planChapter(toWrite, options.sourcesFor);
    const texts = await Promise.all(
      toWrite.map(async (s) => {
        const others = plans.filter((p) => p.number !== s.number);
        const paragraphs = await write(s, sources.get(s.number)!, {
          before: [],
          usedPassages: others.flatMap((p) => p.passages.map((x) => x.id)),
          plan: others,
        });
        await options.onSubsection?.();
        return paragraphs;
      }),
    );
    toWrite.forEach((s, i) => out.set(s.number, texts[i]));
  } else {
    const used = new Set<string>();
    for (const s of toWrite) {
      const paragraphs = await write(s, freshFirst(options.sourcesFor(s.number), used), {
        before: toWrite
          .slice(0, toWrite.indexOf(s))
          .map((w) => ({ number: w.number, title: w.title, digest: keyPointsOf(out.get(w.number)!) })),
        usedPassages: [...used],
        plan: [],
      });
      out.set(s.number, paragraphs);
      for (const p of paragraphs) for (const id of citedPassageIds(p)) used.add(id);
      await options.onSubsection?.();
    }
  }
  if (!toWrite.length) return out;
  const digests = toWrite.map((w) => ({ number: w.number, title: w.title, digest: keyPointsOf(out.get(w.number)!) }));
  const conclusions = await writeChapterConclusion({ outline, chapter, digests, grounding: options.grounding, calls: options.calls });
  const last = toWrite[toWrite.length - 1].number;
  if (conclusions.length) out.set(last, [...out.get(last)!, ...conclusions]);
  return out;
}

/** The lead of a chapter's conclusions: how a reader (and the volume stage) finds them. */
export const chapterConclusionLead = (chapter: number) => `Выводы по главе ${chapter}.`;

/** A paragraph that opens a chapter's conclusions. */
export function isChapterConclusion(paragraph: string): boolean {
  return /^Выводы по главе \d+\./.test(paragraph);
}

/** Where a subsection's closing starts: its interim conclusion, then (the chapter's last) the chapter's conclusions. */
export function closingAt(paragraphs: string[]): number {
  const conclusions = paragraphs.findIndex(isChapterConclusion);
  const end = conclusions < 0 ? paragraphs.length : conclusions;
  return end > 1 ? end - 1 : end;
}

export async function writeChapterConclusion(options: {
  outline: OutlineBrief;
  chapter: number;
  digests: SubsectionDigest[];
  grounding: Grounding;
  calls: CallRunner;
}): Promise<string[]> {
  const { outline, chapter, digests } = options;
  const targetChars = CHAPTER_CONCLUSION_CHARS;
  const reply = await options.calls.call({
    key: `chapter-conclusion:${chapter}`,
    task: { kind: 'chapter-conclusion', outline, chapter, digests, targetChars },
    messages: chapterConclusionMessages(outline, chapter, digests, targetChars),
    maxTokens: tokensFor(targetChars),
  });
  // Conclusions cite nothing: they sum up what the subsections said with their citations.
  const paragraphs = acceptText(reply.text, { grounding: options.grounding })
    .map((p) => withoutMarkers(p).replace(/^Выводы по главе\s*\d*[.:]?\s*/i, ''))
    .filter(Boolean);
  if (!paragraphs.length) return [];
  const first = paragraphs[0].charAt(0).toUpperCase() + paragraphs[0].slice(1);
  return [`${chapterConclusionLead(chapter)} ${first}`, ...paragraphs.slice(1)];
}
