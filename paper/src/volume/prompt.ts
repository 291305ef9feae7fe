import { AUTHOR_SYSTEM } from '../plan/prompt.ts';
import { planSummary } from '../outline.ts';
import { sourcesText } from '../sections/prompt.ts';
import type { ChatMessage, OutlineBrief, SourceBrief } from '../writer/types.ts';

export function extendMessages(o: OutlineBrief, chapter: number, subsection: number, tail: string, addChars: number, sources: SourceBrief[]): ChatMessage[] {
  const title = o.chapters[chapter - 1].subsections[subsection - 1];
  return [
    { role: 'system', content: AUTHOR_SYSTEM },
    {
      role: 'user',
      content:
        `${planSummary(o)}\n\n${sourcesText(sources)}\n\nКонец текущего текста подраздела ${chapter}.${subsection} «${title}»:\n…${tail}\n\n` +
        `Работа короче требуемого объёма. Напиши продолжение этого подраздела объёмом около ${addChars} знаков: ` +
        'новые аспекты темы подраздела, примеры, аргументы, не повторяя уже сказанного. Текст должен естественно продолжать написанное. ' +
        'Только абзацы текста, без заголовка и без комментариев.',
    },
  ];
}
