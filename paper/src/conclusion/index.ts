import { tokensFor } from '../writer/tokens.ts';
import { cleanText } from '../text/clean.ts';
import type { OutlineBrief } from '../outline/types.ts';
import { dropUngroundedNumbers, groundingOf } from '../grounding/numbers.ts';
import { withoutMarkers } from '../passages/markers.ts';
import type { SubsectionDigest, SubsectionPlan, CallRunner } from '../writer/types.ts';
import { conclusionMessages } from './prompt.ts';

/** What a subsection will say, as the conclusion's writer is told it: the gists of its planned passages. */
export function planDigest(plan: SubsectionPlan): string {
  return plan.passages.map((p) => p.gist).join(' ');
}

/** The conclusion's text as the writer gives it (from the plan: what each subsection will cover). */
export async function writeConclusion(
  o: OutlineBrief,
  digests: SubsectionDigest[],
  targetChars: number,
  calls: CallRunner,
): Promise<string> {
  const reply = await calls.call({
    key: 'conclusion',
    task: { kind: 'conclusion', outline: o, digests, targetChars },
    messages: conclusionMessages(o, digests, targetChars),
    maxTokens: tokensFor(targetChars),
  });
  return reply.text;
}

/** The conclusion's paragraphs once the body is written: no citation, no figure the body does not give. */
export function acceptConclusion(o: OutlineBrief, text: string, body: string[]): string[] {
  const paragraphs = cleanText(text).map(withoutMarkers);
  const grounding = groundingOf({ outline: o, passageText: () => undefined, also: body });
  return dropUngroundedNumbers(paragraphs, grounding).paragraphs;
}
