import { AUTHOR_SYSTEM } from '../plan/prompt.ts';
import { planSummary } from '../outline.ts';
import type { ChatMessage, OutlineBrief } from '../writer/types.ts';

export function conclusionMessages(o: OutlineBrief, digests: { number: string; title: string; digest: string }[], targetChars: number): ChatMessage[] {
  return [
    { role: 'system', content: AUTHOR_SYSTEM },
    {
      role: 'user',
      content:
        `${planSummary(o)}\n\nКраткое содержание написанных подразделов:\n${digests.map((d) => `${d.number} ${d.title}: ${d.digest}`).join('\n')}\n\n` +
        `Напиши заключение работы объёмом около ${targetChars} знаков. Последовательно ответь на каждую задачу из введения ` +
        '(по абзацу на задачу, в том же порядке: что сделано и к какому выводу пришли), затем общий вывод о достижении цели и перспективы дальнейших исследований. ' +
        'Без ссылок на источники, без заголовков и маркдауна.',
    },
  ];
}
