/**
 * The introduction: the writer's part (актуальность, степень разработанности, значимость) and the
 * parts GOST-minded reviewers look for, composed from the outline so they are always present: цель,
 * задачи, объект, предмет, методы, структура работы.
 */
import type { CallRunner } from '../writer/types.ts';
import { tokensFor } from '../writer/tokens.ts';
import { cleanText } from '../text/clean.ts';
import type { OutlineBrief } from '../outline/types.ts';
import { dropUngroundedNumbers, type Grounding } from '../grounding/numbers.ts';
import { keyAuthorsSentence } from '../sources/key-authors.ts';
import { introductionMessages } from './prompt.ts';

const ORDINAL = ['первой', 'второй', 'третьей', 'четвёртой'];

export function introductionTail(o: OutlineBrief): string[] {
  const tasks = o.tasks.map((t, i) => `– ${t}${i === o.tasks.length - 1 ? '.' : ';'}`);
  const structure = o.chapters.map(
    (c, i) =>
      `в ${ORDINAL[i] ?? `${i + 1}-й`} главе «${c.title}» рассматриваются вопросы: ${c.subsections.map((s) => `«${s}»`).join(', ')}`,
  );
  return [
    `Цель работы – ${o.goal}.`,
    'Для достижения поставленной цели необходимо решить следующие задачи:',
    ...tasks,
    `Объект исследования – ${o.object}.`,
    `Предмет исследования – ${o.subject}.`,
    `Методы исследования: ${o.methods.join(', ')}.`,
    `Структура работы. Работа состоит из введения, ${o.chapters.length === 3 ? 'трёх' : o.chapters.length} глав, заключения и списка использованных источников; ${structure.join('; ')}.`,
  ];
}

/**
 * The introduction; `parts` 2: its writer's half in two parts side by side (the relevance, then
 * the state of research and the significance), each half the length.
 */
export async function writeIntroduction(
  o: OutlineBrief,
  targetChars: number,
  calls: CallRunner,
  options: { grounding?: Grounding; keyAuthors?: string[]; parts?: 1 | 2 } = {},
): Promise<string[]> {
  const of = options.parts ?? 1;
  const replies = await Promise.all(
    Array.from({ length: of }, (_, i) => {
      const part = { index: i + 1, of };
      const chars = Math.round(targetChars / of);
      return calls.call({
        key: of === 1 ? 'introduction' : `introduction:${part.index}`,
        task: { kind: 'introduction', outline: o, targetChars: chars, ...(of > 1 ? { part } : {}) },
        messages: introductionMessages(o, chars, part),
        maxTokens: tokensFor(chars),
      });
    }),
  );
  // Citation markers have no place here: the introduction is reused by the full paper with other sources.
  const cleaned = replies.flatMap((reply) => cleanText(reply.text)).map((p) => p.replace(/\s*\[\[[^\]]*\]\]/g, ''));
  // No citation stands here, so no figure may either (unless the topic or the outline has it).
  const body = options.grounding ? dropUngroundedNumbers(cleaned, options.grounding).paragraphs : cleaned;
  const authors = keyAuthorsSentence(options.keyAuthors ?? []);
  return [...body, ...(authors ? [authors] : []), ...introductionTail(o)];
}
