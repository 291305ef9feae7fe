import { AUTHOR_SYSTEM } from '../writer/author.ts';
import { outlineSummary } from '../outline/brief.ts';
import type { ChatMessage, SourceBrief } from '../writer/types.ts';
import type { OutlineBrief } from '../outline/types.ts';

export function sourcesText(sources: SourceBrief[]): string {
  if (!sources.length) return 'Источники для ссылок не переданы: пиши без ссылок.';
  return `Источники, на которые можно ссылаться (и только на них):\n${sources
    .map((s) => `[${s.id}] ${s.label}\n${s.excerpt}`)
    .join('\n\n')}`;
}

export function sectionMessages(o: OutlineBrief, chapter: number, subsection: number, targetChars: number, sources: SourceBrief[]): ChatMessage[] {
  const ch = o.chapters[chapter - 1];
  const title = ch.subsections[subsection - 1];
  return [
    { role: 'system', content: AUTHOR_SYSTEM },
    {
      role: 'user',
      content:
        `${outlineSummary(o)}\n\n${sourcesText(sources)}\n\n` +
        `Напиши текст подраздела ${chapter}.${subsection} «${title}» главы ${chapter} «${ch.title}». ` +
        `Объём — около ${targetChars} знаков (примерно ${Math.max(3, Math.round(targetChars / 900))} абзацев). ` +
        'Раскрой именно этот подраздел, не повторяй содержание соседних, закончи кратким промежуточным выводом. ' +
        (sources.length ? 'Опирайся на переданные источники и ссылайся на них в местах, где используешь их положения. ' : '') +
        'Без заголовка, без маркдауна, только абзацы текста.',
    },
  ];
}
