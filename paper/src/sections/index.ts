/**
 * Subsections, written side by side from the source plan (source-plan/): each is given its works
 * and their passages, the glossary of their foreign terms, and what every other subsection will
 * cover (its title and the passages planned for it, which it is not to retell), instead of their
 * text. Every answer is cleaned and its ungrounded numbers go before anything is built on it. A
 * chapter ends with its conclusions («Выводы по главе N»), drawn from its own subsections.
 */
import { sentencesOf } from '../text/sentences.ts';
import { isTable } from '../text/tables.ts';
import { withoutMarkers } from '../passages/markers.ts';
import { stems } from '../sources/relevance.ts';
import { MIN_SHARED_TERMS, sharedTerms } from '../grounding/support.ts';
import { tokensFor } from '../writer/tokens.ts';
import { cleanText } from '../text/clean.ts';
import { dropUngroundedNumbers, type Grounding } from '../grounding/numbers.ts';
import type { PassageBrief, SubsectionDigest, SubsectionPlan, TextPart, WriterTask, CallRunner } from '../writer/types.ts';
import type { OutlineBrief } from '../outline/types.ts';
import { chapterConclusionMessages, sectionMessages, tableWanted } from './prompt.ts';

/** The key points of a subsection, as the next one is told them. */
const DIGEST_CHARS = 600;
/** A subsection is told this much of each passage planned for another… */
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

/**
 * A model's text as paragraphs of the paper: clean, and without sentences carrying made-up
 * figures (`checked`: a cited one is left to the claims check that follows, which repairs it from
 * its page).
 */
export function acceptText(raw: string, options: { dropTitle?: string; grounding: Grounding; checked?: boolean }): string[] {
  return dropUngroundedNumbers(cleanText(raw, { dropTitle: options.dropTitle }), options.grounding, { keepCited: options.checked })
    .paragraphs;
}

/** A subsection's task as the writer gets it, with what checks and runs the call. */
type SectionTask = Omit<Extract<WriterTask, { kind: 'section' }>, 'kind' | 'table'>;

/** The call key of a subsection's text, or of one part of it: `section:1.2`, `section:1.2:2`. */
export const partKey = (number: string, part: TextPart) => (part.of === 1 ? number : `${number}:${part.index}`);

export async function writeSection(
  options: SectionTask & {
    grounding: Grounding;
    calls: CallRunner;
    /** Only one part of a subsection gives its table. */ tableAllowed: boolean;
  },
): Promise<string[]> {
  const { outline, chapter, subsection, targetChars, sources, usedPassages, plan, works, part } = options;
  const table = options.tableAllowed && tableWanted(outline, chapter, sources);
  const task = { outline, chapter, subsection, targetChars, sources, usedPassages, plan, works, table, part };
  const reply = await options.calls.call({
    key: `section:${partKey(`${chapter}.${subsection}`, part)}`,
    task: { kind: 'section', ...task },
    messages: sectionMessages(task),
    maxTokens: tokensFor(targetChars),
  });
  return acceptText(reply.text, {
    dropTitle: outline.chapters[chapter - 1].subsections[subsection - 1],
    grounding: options.grounding,
    checked: true,
  });
}

/** The opening words of a passage: what a subsection written alongside learns of it. */
function gistOf(text: string): string {
  const first = sentencesOf(withoutMarkers(text))[0] ?? text;
  return first.length <= GIST_CHARS ? first : `${first.slice(0, GIST_CHARS).replace(/\s+\S*$/, '')}…`;
}

/** What a subsection written alongside is told of another: its title and the opening words of its planned passages. */
export function subsectionPlan(number: string, title: string, passages: PassageBrief[]): SubsectionPlan {
  return { number, title, passages: passages.slice(0, PLAN_PASSAGES).map((p) => ({ id: p.id, source: p.source, gist: gistOf(p.text) })) };
}

/** A sentence of a chapter's conclusions with fewer key terms than this is a link, not a finding to check. */
const LINK_TERMS = 3;

/**
 * A chapter's conclusions written from its plan (beside its subsections), as its subsections turned
 * out: a sentence whose key terms the chapter's texts do not hold is no conclusion of them and goes.
 */
export function settleChapterConclusion(chapter: number, paragraphs: string[], chapterTexts: string[]): string[] {
  const lead = chapterConclusionLead(chapter);
  const texts = [chapterTexts.map(withoutMarkers).join(' ')];
  const kept = paragraphs
    .map((p, i) => (i === 0 ? p.slice(lead.length).trim() : p))
    .map((p) =>
      sentencesOf(p)
        .filter((s) => stems(s).size < LINK_TERMS || sharedTerms(s, texts) >= MIN_SHARED_TERMS)
        .join(' '),
    )
    .filter((p) => stems(p).size >= LINK_TERMS);
  return kept.length ? [`${lead} ${kept[0].charAt(0).toUpperCase()}${kept[0].slice(1)}`, ...kept.slice(1)] : [];
}

/** A chapter's conclusions after the last of its subsections' texts. */
export async function concludeChapter(options: {
  outline: OutlineBrief;
  chapter: number;
  texts: Map<string, string[]>;
  grounding: Grounding;
  calls: CallRunner;
  key?: string;
}): Promise<void> {
  const { outline, chapter, texts } = options;
  const numbers = outline.chapters[chapter - 1].subsections.map((_, si) => `${chapter}.${si + 1}`).filter((n) => texts.has(n));
  if (!numbers.length) return;
  const digests = numbers.map((number) => ({
    number,
    title: outline.chapters[chapter - 1].subsections[Number(number.split('.')[1]) - 1],
    digest: keyPointsOf(texts.get(number)!),
  }));
  const conclusions = await writeChapterConclusion({
    outline,
    chapter,
    digests,
    grounding: options.grounding,
    calls: options.calls,
    key: options.key,
  });
  const last = numbers[numbers.length - 1];
  if (conclusions.length) texts.set(last, [...texts.get(last)!, ...conclusions]);
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
  /** The call's key when not `chapter-conclusion:<chapter>` (a second writing, from the written texts). */
  key?: string;
}): Promise<string[]> {
  const { outline, chapter, digests } = options;
  const targetChars = CHAPTER_CONCLUSION_CHARS;
  const reply = await options.calls.call({
    key: options.key ?? `chapter-conclusion:${chapter}`,
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
