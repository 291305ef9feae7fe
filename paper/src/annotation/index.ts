import { dropUngroundedNumbers, groundingOf } from '../grounding/numbers.ts';
import type { OutlineBrief } from '../outline/types.ts';
import { withoutMarkers } from '../passages/markers.ts';
import { cleanText } from '../text/clean.ts';
import { AUTHOR_SYSTEM } from '../writer/author.ts';
import { outlineSummary } from '../outline/brief.ts';
import { tokensFor } from '../writer/tokens.ts';
import type { ChatMessage, SubsectionDigest, CallRunner } from '../writer/types.ts';

const ANNOTATION_CHARS = 750;
/** Shorter than this, an answer is no annotation. */
const MIN_CHARS = 200;

export function annotationMessages(o: OutlineBrief, digests: SubsectionDigest[]): ChatMessage[] {
  return [
    { role: 'system', content: AUTHOR_SYSTEM },
    {
      role: 'user',
      content:
        `${outlineSummary(o)}\n\nЧто раскрывает каждый подраздел работы (по её плану и источникам):\n` +
        digests.map((d) => `${d.number} ${d.title}: ${d.digest}`).join('\n') +
        `\n\nНапиши аннотацию работы объёмом около ${ANNOTATION_CHARS} знаков: о чём работа, что в ней рассмотрено и к каким результатам она приходит. ` +
        'Одним абзацем, без ссылок на источники, без цифр, без заголовка и без маркдауна.',
    },
  ];
}

/** An annotation from the outline alone: its aim, object and chapters. */
function composed(o: OutlineBrief): string {
  const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
  return (
    `Работа посвящена теме «${o.title}». Объект исследования – ${o.object}, предмет – ${o.subject}. ` +
    `Цель работы – ${o.goal}. ${o.chapters.map((c, i) => `В ${['первой', 'второй', 'третьей'][i] ?? `${i + 1}-й`} главе рассмотрены ${lower(c.title)}.`).join(' ')}`
  );
}

export async function writeAnnotation(o: OutlineBrief, digests: SubsectionDigest[], calls: CallRunner): Promise<string> {
  const reply = await calls.call({
    key: 'annotation',
    task: { kind: 'annotation', outline: o, digests, targetChars: ANNOTATION_CHARS },
    messages: annotationMessages(o, digests),
    maxTokens: tokensFor(ANNOTATION_CHARS * 1.5),
  });
  return reply.text;
}

/** The annotation once the body is written: one paragraph, no citation, no figure the body does not give. */
export function acceptAnnotation(o: OutlineBrief, text: string, body: string[]): string {
  const grounding = groundingOf({ outline: o, passageText: () => undefined, also: body });
  const kept = dropUngroundedNumbers(cleanText(text).map(withoutMarkers), grounding).paragraphs.join(' ').trim();
  return kept.length >= MIN_CHARS ? kept : composed(o);
}
