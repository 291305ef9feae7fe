import { AUTHOR_SYSTEM } from '../writer/author.ts';
import { outlineSummary } from '../outline/brief.ts';
import type { ChatMessage, TextPart } from '../writer/types.ts';
import type { OutlineBrief } from '../outline/types.ts';

/** What the introduction's writer writes: all of its first half, or (written in two parts side by side) one of them. */
const ASKED = {
  whole:
    'актуальность темы, степень её научной разработанности (в общих чертах, без фамилий и ссылок), теоретическую и практическую значимость',
  1: 'актуальность темы (другую часть — степень разработанности и значимость — пишут одновременно отдельно)',
  2: 'степень научной разработанности темы (в общих чертах, без фамилий и ссылок), теоретическую и практическую значимость (актуальность пишут одновременно отдельно, её не повторяй)',
} as const;

export function introductionMessages(o: OutlineBrief, targetChars: number, part?: TextPart): ChatMessage[] {
  const asked = !part || part.of === 1 ? ASKED.whole : ASKED[part.index === 1 ? 1 : 2];
  return [
    { role: 'system', content: AUTHOR_SYSTEM },
    {
      role: 'user',
      content:
        `${outlineSummary(o)}\n\n` +
        `Напиши первую часть введения этой работы объёмом около ${targetChars} знаков: ${asked}. ` +
        'Цель, задачи, объект, предмет, методы и структуру работы не пиши — они будут добавлены отдельно. ' +
        'Только связный текст абзацами, без заголовков и без ссылок на источники.',
    },
  ];
}
