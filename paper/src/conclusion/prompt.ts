import { AUTHOR_SYSTEM } from '../writer/author.ts';
import { outlineSummary } from '../outline/brief.ts';
import type { ChatMessage } from '../writer/types.ts';
import type { OutlineBrief } from '../outline/types.ts';

export function conclusionMessages(
  o: OutlineBrief,
  digests: { number: string; title: string; digest: string }[],
  targetChars: number,
): ChatMessage[] {
  return [
    { role: 'system', content: AUTHOR_SYSTEM },
    {
      role: 'user',
      content:
        `${outlineSummary(o)}\n\nЧто раскрывает каждый подраздел работы (по её плану и источникам):\n${digests.map((d) => `${d.number} ${d.title}: ${d.digest}`).join('\n')}\n\n` +
        `Напиши заключение работы объёмом около ${targetChars} знаков. Последовательно ответь на каждую задачу из введения ` +
        '(по абзацу на задачу, в том же порядке: что сделано и к какому выводу пришли), затем общий вывод о достижении цели и перспективы дальнейших исследований. ' +
        'Без ссылок на источники, без заголовков и маркдауна.',
    },
  ];
}
