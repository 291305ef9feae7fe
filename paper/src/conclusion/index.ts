/** The conclusion answers the tasks of the introduction, from short digests of the written subsections. */
import type { CallRunner } from '../calls.ts';
import { tokensFor } from '../writer/tokens.ts';
import { cleanText } from '../text/clean.ts';
import type { OutlineBrief } from '../outline/types.ts';
import { dropUngroundedNumbers, groundingOf } from '../grounding/numbers.ts';
import { conclusionMessages } from './prompt.ts';

/** First sentence and the closing paragraph of a subsection: what it set out to do and what it concluded. */
export function digestOf(paragraphs: string[]): string {
  const plain = (s: string) => s.replace(/\s*\[\[[^\]]*\]\]/g, '');
  const first = plain(paragraphs[0] ?? '').split(/(?<=[.!?])\s/)[0] ?? '';
  const last = plain(paragraphs[paragraphs.length - 1] ?? '');
  return `${first} ${last.slice(0, 500)}`.trim();
}

export async function writeConclusion(
  o: OutlineBrief,
  texts: Map<string, string[]>,
  targetChars: number,
  calls: CallRunner,
): Promise<string[]> {
  const digests = o.chapters.flatMap((c, ci) =>
    c.subsections.map((title, si) => ({ number: `${ci + 1}.${si + 1}`, title, digest: digestOf(texts.get(`${ci + 1}.${si + 1}`) ?? []) })),
  );
  const reply = await calls.call({
    key: 'conclusion',
    task: { kind: 'conclusion', outline: o, digests, targetChars },
    messages: conclusionMessages(o, digests, targetChars),
    maxTokens: tokensFor(targetChars),
  });
  const paragraphs = cleanText(reply.text).map((p) => p.replace(/\s*\[\[[^\]]*\]\]/g, ''));
  // A figure of the conclusion must stand in the body, where it is cited (or in the outline).
  const grounding = groundingOf({ outline: o, passageText: () => undefined, also: [...texts.values()].flat() });
  return dropUngroundedNumbers(paragraphs, grounding).paragraphs;
}
