import { AUTHOR_SYSTEM } from '../writer/author.ts';
import { outlineSummary } from '../outline/brief.ts';
import { NUMBERS_RULE, sourcesText } from '../sections/prompt.ts';
import { TABLE_SLOT_RULE } from '../text/table-slots.ts';
import type { ChatMessage, PassageBrief } from '../writer/types.ts';
import type { OutlineBrief } from '../outline/types.ts';

export function reviewMessages(o: OutlineBrief, chapter: number, texts: { number: string; title: string; text: string }[]): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'Ты — строгий научный руководитель и рецензент выпускных квалификационных работ. Отвечай по-русски, конкретно, в формате JSON.',
    },
    {
      role: 'user',
      content:
        `${outlineSummary(o)}\n\nТекст главы ${chapter} «${o.chapters[chapter - 1].title}»:\n\n` +
        texts.map((t) => `### ${t.number} ${t.title}\n${t.text}`).join('\n\n') +
        '\n\nОтрецензируй главу: логика и связность, соответствие подразделов их названиям и задачам работы, повторы, ' +
        'необоснованные утверждения, стиль. Верни JSON { "remarks": [{ "subsection": "номер подраздела, например 1.2", "remark": "конкретное замечание и как исправить" }] }, ' +
        'не более трёх замечаний на подраздел.',
    },
  ];
}

export function reviseMessages(
  o: OutlineBrief,
  chapter: number,
  subsection: number,
  text: string,
  remarks: string[],
  targetChars: number,
  sources: PassageBrief[],
  /** The text holds tables as slots «[ТАБЛИЦА 1]» (text/table-slots.ts). */
  tables = false,
): ChatMessage[] {
  const title = o.chapters[chapter - 1].subsections[subsection - 1];
  return [
    { role: 'system', content: AUTHOR_SYSTEM },
    {
      role: 'user',
      content:
        `${outlineSummary(o)}\n\n${sourcesText(sources)}\n\nТекст подраздела ${chapter}.${subsection} «${title}»:\n${text}\n\n` +
        `Замечания рецензента:\n${remarks.map((r) => `– ${r}`).join('\n')}\n\n` +
        `Перепиши подраздел с учётом замечаний, сохранив объём (около ${targetChars} знаков) и ссылки на фрагменты источников в форме [[p…]]. ` +
        `${NUMBERS_RULE} ` +
        (tables ? `${TABLE_SLOT_RULE} ` : 'Таблиц не составляй. ') +
        'Верни только новый текст подраздела абзацами, без заголовка и без комментариев.',
    },
  ];
}
