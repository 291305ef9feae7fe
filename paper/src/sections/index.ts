/**
 * Subsections: within a chapter one after another, each told what the chapter's earlier
 * subsections say and which passages they cited, so that it does not repeat them (the writing
 * stage runs the chapters in parallel). Every answer is cleaned and its ungrounded numbers go
 * before anything is built on it. A chapter ends with its conclusions («Выводы по главе N»).
 */
import { sentencesOf } from '../text/sentences.ts';
import { isTable } from '../text/tables.ts';
import type { CallRunner } from '../calls.ts';
import { citedPassageIds, withoutMarkers } from '../passages/markers.ts';
import { tokensFor } from '../writer/tokens.ts';
import { cleanText } from '../text/clean.ts';
import { dropUngroundedNumbers, type Grounding } from '../text/numbers.ts';
import type { PassageBrief, SubsectionDigest, WriterTask } from '../writer/types.ts';
import type { OutlineBrief } from '../outline/types.ts';
import { chapterConclusionMessages, sectionMessages, tableWanted } from './prompt.ts';

/** Fewer unused passages than this: the used ones are offered too (the model is told which). */
const MIN_FRESH_PASSAGES = 3;
/** The key points of a subsection, as the next one is told them. */
const DIGEST_CHARS = 600;
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
  const { outline, chapter, subsection, targetChars, sources, before, usedPassages } = options;
  const table = tableWanted(outline, chapter, sources);
  const reply = await options.calls.call({
    key: `section:${chapter}.${subsection}`,
    task: { kind: 'section', outline, chapter, subsection, targetChars, sources, before, usedPassages, table },
    messages: sectionMessages(outline, chapter, subsection, targetChars, sources, before, usedPassages, table),
    maxTokens: tokensFor(targetChars),
  });
  return acceptText(reply.text, { dropTitle: outline.chapters[chapter - 1].subsections[subsection - 1], grounding: options.grounding });
}

/** Writes a chapter's subsections in order; returns them by number, the chapter's conclusions after the last one's text. */
export async function writeChapter(options: {
  outline: OutlineBrief;
  chapter: number;
  budgets: Map<string, number>;
  sourcesFor: (number: string) => PassageBrief[];
  grounding: Grounding;
  calls: CallRunner;
  onSubsection?: () => Promise<void>;
}): Promise<Map<string, string[]>> {
  const { outline, chapter } = options;
  const titles = outline.chapters[chapter - 1].subsections;
  const out = new Map<string, string[]>();
  const before: SubsectionDigest[] = [];
  const used = new Set<string>();
  for (let si = 0; si < titles.length; si++) {
    const number = `${chapter}.${si + 1}`;
    const budget = options.budgets.get(number);
    if (budget === undefined) continue;
    const paragraphs = await writeSection({
      outline,
      chapter,
      subsection: si + 1,
      targetChars: budget,
      sources: freshFirst(options.sourcesFor(number), used),
      before: [...before],
      usedPassages: [...used],
      grounding: options.grounding,
      calls: options.calls,
    });
    out.set(number, paragraphs);
    before.push({ number, title: titles[si], digest: keyPointsOf(paragraphs) });
    for (const p of paragraphs) for (const id of citedPassageIds(p)) used.add(id);
    await options.onSubsection?.();
  }
  if (!before.length) return out;
  const conclusions = await writeChapterConclusion({
    outline,
    chapter,
    digests: before,
    grounding: options.grounding,
    calls: options.calls,
  });
  const last = before[before.length - 1].number;
  if (conclusions.length) out.set(last, [...out.get(last)!, ...conclusions]);
  return out;
}

/** The lead of a chapter's conclusions: how a reader (and the volume stage) finds them. */
export const chapterConclusionLead = (chapter: number) => `Выводы по главе ${chapter}.`;

/** A paragraph that opens a chapter's conclusions. */
export function isChapterConclusion(paragraph: string): boolean {
  return /^Выводы по главе \d+\./.test(paragraph);
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
