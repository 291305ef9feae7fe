import { AUTHOR_SYSTEM } from '../plan/prompt.ts';
import { planSummary } from '../outline.ts';
import type { ChatMessage, OutlineBrief } from '../writer/types.ts';

export function introductionMessages(o: OutlineBrief, targetChars: number): ChatMessage[] {
  return [
    { role: 'system', content: AUTHOR_SYSTEM },
    {
      role: 'user',
      content:
        `${planSummary(o)}\n\n` +
        `Напиши первую часть введения этой работы объёмом около ${targetChars} знаков: ` +
        'актуальность темы, степень её научной разработанности (в общих чертах, без фамилий и ссылок), ' +
        'теоретическую и практическую значимость. Цель, задачи, объект, предмет, методы и структуру работы не пиши — они будут добавлены отдельно. ' +
        'Только связный текст абзацами, без заголовков и без ссылок на источники.',
    },
  ];
}
