/** The professional tariff's review-and-revise pass: one review per chapter, then each remarked subsection rewritten. */
import { allOrAbort } from '../calls.ts';
import { tokensFor } from '../writer/tokens.ts';
import { charsOf, joinParagraphs } from '../text/clean.ts';
import { fillSlots, keepTables, slotTables, withoutTables } from '../text/table-slots.ts';
import type { Grounding } from '../grounding/numbers.ts';
import { acceptText, isChapterConclusion } from '../sections/index.ts';
import type { PassageBrief, CallRunner } from '../writer/types.ts';
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
      // The writer sees a slot where a table stands and the table comes back whatever it does (text/table-slots.ts).
      const slotted = slotTables(current);
      const text = joinParagraphs(slotted.paragraphs);
      const proseChars = charsOf(withoutTables(current));
      const revised = await calls.call({
        key: `revise:${number}`,
        task: {
          kind: 'revise',
          outline,
          chapter,
          subsection: sub,
          text,
          remarks: list,
          targetChars: proseChars,
          sources: options.sourcesFor(number),
        },
        messages: reviseMessages(outline, chapter, sub, text, list, proseChars, options.sourcesFor(number), slotted.tables.length > 0),
        maxTokens: tokensFor(proseChars),
      });
      const accepted = acceptText(fillSlots(revised.text, slotted.tables), {
        dropTitle: outline.chapters[chapter - 1].subsections[sub - 1],
        grounding: options.grounding,
      });
      const paragraphs = keepTables(accepted, slotted.tables, current.length);
      // A revision that lost most of the text is not an improvement.
      if (charsOf(paragraphs) >= target * 0.6) texts.set(number, [...paragraphs, ...conclusions]);
    }),
    options.signal,
  );
}
