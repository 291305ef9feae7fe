import { AUTHOR_SYSTEM } from '../writer/author.ts';
import { outlineSummary } from '../outline/brief.ts';
import type { ChatMessage, PassageBrief } from '../writer/types.ts';
import type { OutlineBrief } from '../outline/types.ts';

/** The passages a subsection may cite, each under its id, with its source and printed page. */
export function sourcesText(passages: PassageBrief[]): string {
  if (!passages.length) return 'Фрагменты источников для ссылок не переданы: пиши без ссылок.';
  return (
    'Фрагменты источников, на которые можно ссылаться (и только на них). Ссылка ставится в конце предложения, ' +
    'до точки, в форме [[p17]] (номер фрагмента, не источника); несколько фрагментов — [[p17, p18]]. ' +
    'Предложение со ссылкой должно передавать то, что сказано в этом фрагменте; номер страницы ставится автоматически.\n\n' +
    passages.map((p) => `[${p.id}] ${p.source}${p.page ? `, с. ${p.page}` : ''}\n${p.text}`).join('\n\n')
  );
}

export function sectionMessages(
  o: OutlineBrief,
  chapter: number,
  subsection: number,
  targetChars: number,
  sources: PassageBrief[],
): ChatMessage[] {
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
        (sources.length ? 'Опирайся на переданные фрагменты источников и ссылайся на них в местах, где используешь их положения. ' : '') +
        'Без заголовка, без маркдауна, только абзацы текста.',
    },
  ];
}
