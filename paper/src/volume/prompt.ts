import { AUTHOR_SYSTEM } from '../writer/author.ts';
import { outlineSummary } from '../outline/brief.ts';
import { NUMBERS_RULE, sourcesText } from '../sections/prompt.ts';
import type { ChatMessage, PassageBrief, GlossaryEntry } from '../writer/types.ts';
import type { OutlineBrief } from '../outline/types.ts';

export function extendMessages(
  o: OutlineBrief,
  chapter: number,
  subsection: number,
  tail: string,
  addChars: number,
  sources: PassageBrief[],
  glossary: readonly GlossaryEntry[],
): ChatMessage[] {
  const title = o.chapters[chapter - 1].subsections[subsection - 1];
  return [
    { role: 'system', content: AUTHOR_SYSTEM },
    {
      role: 'user',
      content:
        `${outlineSummary(o)}\n\n${sourcesText(sources, glossary)}\n\nКонец текущего текста подраздела ${chapter}.${subsection} «${title}»:\n…${tail}\n\n` +
        `Работа короче требуемого объёма. Напиши продолжение этого подраздела объёмом около ${addChars} знаков: ` +
        'новые аспекты темы подраздела, примеры, аргументы из переданных фрагментов (они ещё не использованы в работе), ' +
        'не повторяя уже сказанного ни здесь, ни в других подразделах. Текст должен естественно продолжать написанное. ' +
        `${NUMBERS_RULE} ` +
        'Только абзацы текста, без таблиц, без заголовка и без комментариев.',
    },
  ];
}
