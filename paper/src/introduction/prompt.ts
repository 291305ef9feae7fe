import { AUTHOR_SYSTEM } from '../writer/author.ts';
import { outlineSummary } from '../outline/brief.ts';
import type { ChatMessage } from '../writer/types.ts';
import type { OutlineBrief } from '../outline/types.ts';

export function introductionMessages(o: OutlineBrief, targetChars: number): ChatMessage[] {
  return [
    { role: 'system', content: AUTHOR_SYSTEM },
    {
      role: 'user',
      content:
        `${outlineSummary(o)}\n\n` +
        `Напиши первую часть введения этой работы объёмом около ${targetChars} знаков: ` +
        'актуальность темы, степень её научной разработанности (в общих чертах, без фамилий и ссылок), ' +
        'теоретическую и практическую значимость. Цель, задачи, объект, предмет, методы и структуру работы не пиши — они будут добавлены отдельно. ' +
        'Только связный текст абзацами, без заголовков и без ссылок на источники.',
    },
  ];
}
