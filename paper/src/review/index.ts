/** The professional tariff's review-and-revise pass: one review per chapter, then each remarked subsection rewritten. */
import { allOrAbort } from '../calls.ts';
import type { CallRunner } from '../calls.ts';
import { tokensFor } from '../writer/tokens.ts';
import { charsOf, joinParagraphs } from '../text/clean.ts';
import type { Grounding } from '../text/numbers.ts';
import { acceptText, isChapterConclusion } from '../sections/index.ts';
import type { PassageBrief } from '../writer/types.ts';
import type { OutlineBrief } from '../outline/types.ts';
import { ReviewSchema } from './schema.ts';
import { reviewMessages, reviseMessages } from './prompt.ts';

export async function reviewChapter(options: {
  outline: OutlineBrief;
  chapter: number;
  /** Subsection texts by number ("1.2"), replaced in place by their revisions. */
  texts: Map<string, string[]>;
  sourcesFor: (number: string) => PassageBrief[];
  grounding: Grounding;
  calls: CallRunner;
  signal?: AbortSignal;
}): Promise<void> {
  const { outline, chapter, texts, calls } = options;
  const subs = outline.chapters[chapter - 1].subsections.map((title, i) => ({
    number: `${chapter}.${i + 1}`,
    title,
    text: joinParagraphs(texts.get(`${chapter}.${i + 1}`) ?? []),
  }));
  const reply = await calls.call({
    key: `review:${chapter}`,
    task: { kind: 'review', outline, chapter, texts: subs },
    messages: reviewMessages(outline, chapter, subs),
    maxTokens: 2000,
    json: { name: 'chapter_review', schema: ReviewSchema },
  });
  let remarks: { subsection: string; remark: string }[] = [];
  try {
    const parsed = ReviewSchema.safeParse(JSON.parse(reply.text));
    if (parsed.success) remarks = parsed.data.remarks;
  } catch {
    // An unusable review leaves the chapter as written: the review is an improvement, not a gate.
  }
  const bySub = new Map<string, string[]>();
  for (const r of remarks) {
    const n = /(\d+\.\d+)/.exec(r.subsection)?.[1];
    if (n && texts.has(n) && r.remark.trim()) bySub.set(n, [...(bySub.get(n) ?? []), r.remark.trim()].slice(0, 3));
  }
  await allOrAbort(
    [...bySub].map(([number, list]) => async () => {
      const sub = Number(number.split('.')[1]);
      // The chapter's conclusions are not revised with the subsection they close: they stay as written.
      const all = texts.get(number)!;
      const at = all.findIndex(isChapterConclusion);
      const current = at < 0 ? all : all.slice(0, at);
      const conclusions = at < 0 ? [] : all.slice(at);
      const target = charsOf(current);
      const revised = await calls.call({
        key: `revise:${number}`,
        task: {
          kind: 'revise',
          outline,
          chapter,
          subsection: sub,
          text: joinParagraphs(current),
          remarks: list,
          targetChars: target,
          sources: options.sourcesFor(number),
        },
        messages: reviseMessages(outline, chapter, sub, joinParagraphs(current), list, target, options.sourcesFor(number)),
        maxTokens: tokensFor(target),
      });
      const paragraphs = acceptText(revised.text, {
        dropTitle: outline.chapters[chapter - 1].subsections[sub - 1],
        grounding: options.grounding,
      });
      // A revision that lost most of the text is not an improvement.
      if (charsOf(paragraphs) >= target * 0.6) texts.set(number, [...paragraphs, ...conclusions]);
    }),
    options.signal,
  );
}
