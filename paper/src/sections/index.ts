/** Subsections are independent: each is one writer call, all in parallel (the writer limits concurrency). */
import type { CallRunner } from '../calls.ts';
import { tokensFor } from '../writer/tokens.ts';
import { cleanText } from '../text/clean.ts';
import type { PassageBrief } from '../writer/types.ts';
import type { OutlineBrief } from '../outline/types.ts';
import { sectionMessages } from './prompt.ts';

export async function writeSection(options: {
  outline: OutlineBrief;
  chapter: number;
  subsection: number;
  targetChars: number;
  sources: PassageBrief[];
  calls: CallRunner;
}): Promise<string[]> {
  const { outline, chapter, subsection, targetChars, sources } = options;
  const reply = await options.calls.call({
    key: `section:${chapter}.${subsection}`,
    task: { kind: 'section', outline, chapter, subsection, targetChars, sources },
    messages: sectionMessages(outline, chapter, subsection, targetChars, sources),
    maxTokens: tokensFor(targetChars),
  });
  return cleanText(reply.text, { dropTitle: outline.chapters[chapter - 1].subsections[subsection - 1] });
}
