/** The prompts of a revision round: a section rewritten, added to, or given a table, as its supervisor asked. */
import { AUTHOR_SYSTEM } from '../writer/author.ts';
import { outlineSummary } from '../outline/brief.ts';
import { NUMBERS_RULE, sourcesText } from '../sections/prompt.ts';
import { TABLE_SLOT_RULE } from '../text/table-slots.ts';
import { TABLE_INSTRUCTION } from '../typeset/tables.ts';
import type { ChatMessage, PassageBrief } from '../writer/types.ts';
import type { OutlineBrief } from '../outline/types.ts';

/** How a prompt names a section: «подраздела 2.1 «…»», «введения», «заключения». */
export function sectionLabel(o: OutlineBrief, key: string): { label: string; title: string } {
  if (key === 'introduction') return { label: 'введения', title: 'Введение' };
  if (key === 'conclusion') return { label: 'заключения', title: 'Заключение' };
  const [chapter, subsection] = key.split('.').map(Number);
  const title = o.chapters[chapter - 1]?.subsections[subsection - 1] ?? '';
  return { label: `подраздела ${key} «${title}»`, title };
}

const asked = (instructions: string[]) => `Замечания научного руководителя:\n${instructions.map((r) => `– ${r}`).join('\n')}`;

export function rewriteMessages(options: {
  outline: OutlineBrief;
  section: string;
  text: string;
  instructions: string[];
  targetChars: number;
  sources: PassageBrief[];
  tables: boolean;
}): ChatMessage[] {
  const { label } = sectionLabel(options.outline, options.section);
  return [
    { role: 'system', content: AUTHOR_SYSTEM },
    {
      role: 'user',
      content:
        `${outlineSummary(options.outline)}\n\n${sourcesText(options.sources)}\n\nТекст ${label}:\n${options.text}\n\n${asked(options.instructions)}\n\n` +
        `Перепиши текст ${label} так, чтобы замечания были выполнены, объёмом около ${options.targetChars} знаков; ` +
        'сохрани то, что замечания не затрагивают, и ссылки на фрагменты источников в форме [[p…]]. ' +
        `${NUMBERS_RULE} ` +
        (options.tables ? `${TABLE_SLOT_RULE} ` : 'Таблиц не составляй. ') +
        'Верни только новый текст абзацами, без заголовка и без комментариев.',
    },
  ];
}

/** What an addition is written after: the outline, the passages, the section's end and the remarks. */
const sectionEnd = (o: { outline: OutlineBrief; tail: string; instructions: string[]; sources: PassageBrief[] }, label: string) =>
  `${outlineSummary(o.outline)}\n\n${sourcesText(o.sources)}\n\nКонец текущего текста ${label}:\n…${o.tail}\n\n${asked(o.instructions)}\n\n`;

export function addMessages(options: {
  outline: OutlineBrief;
  section: string;
  tail: string;
  instructions: string[];
  addChars: number;
  sources: PassageBrief[];
}): ChatMessage[] {
  const { label } = sectionLabel(options.outline, options.section);
  return [
    { role: 'system', content: AUTHOR_SYSTEM },
    {
      role: 'user',
      content:
        sectionEnd(options, label) +
        `Напиши дополнение к тексту ${label} объёмом около ${options.addChars} знаков, которое выполняет эти замечания: ` +
        'новые положения из переданных фрагментов со ссылками на них, не повторяя уже сказанного ни здесь, ни в других частях работы. ' +
        'Дополнение встанет перед завершающим абзацем и должно естественно продолжать текст. ' +
        `${NUMBERS_RULE} Только абзацы текста, без таблиц, без заголовка и без комментариев.`,
    },
  ];
}

export function tableMessages(options: {
  outline: OutlineBrief;
  section: string;
  tail: string;
  instructions: string[];
  sources: PassageBrief[];
}): ChatMessage[] {
  const { label } = sectionLabel(options.outline, options.section);
  return [
    { role: 'system', content: AUTHOR_SYSTEM },
    {
      role: 'user',
      content:
        sectionEnd(options, label) +
        `Дополни текст ${label} таблицей: один абзац, который вводит таблицу, и сама таблица. ${TABLE_INSTRUCTION} ` +
        'Без заголовка и без другой разметки маркдауна, кроме таблицы.',
    },
  ];
}
