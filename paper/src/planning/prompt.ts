import type { UserStructure } from '../input/types.ts';
import { AUTHOR_SYSTEM } from '../writer/author.ts';
import type { ChatMessage } from '../writer/types.ts';

export function outlineMessages(topic: string, userStructure: UserStructure | null, minYear: number): ChatMessage[] {
  const structure = userStructure
    ? `\nСтруктура работы задана пользователем, сохрани её дословно:\n${userStructure
        .map(([title, subs], i) => `${i + 1} ${title}\n${subs.map((s, j) => `  ${i + 1}.${j + 1} ${s}`).join('\n')}`)
        .join('\n')}`
    : '';
  return [
    { role: 'system', content: AUTHOR_SYSTEM },
    {
      role: 'user',
      content:
        `Составь план выпускной квалификационной работы на тему «${topic}».${structure}\n\n` +
        'Верни JSON с полями:\n' +
        '- keywords: 5–8 ключевых слов или словосочетаний;\n' +
        '- chapters: ровно 3 главы; у каждой title (10–200 знаков, без номера) и subsections — 3 или 4 подраздела (10–200 знаков, без номеров); ' +
        'первая глава теоретическая, вторая аналитическая, третья практическая (рекомендации);\n' +
        '- goal: цель работы одной фразой без слова «цель»;\n' +
        '- tasks: 4–6 задач, каждая с глагола в неопределённой форме со строчной буквы, по порядку глав;\n' +
        '- object: объект исследования; subject: предмет исследования;\n' +
        '- methods: 3–6 методов исследования;\n' +
        `- searchQueries: 3–4 коротких запроса по-русски для поиска научной литературы не старше ${minYear} года: по теме и по каждой главе;\n` +
        '- searchQueriesEn: те же 3–4 запроса по-английски, как их написал бы автор англоязычной статьи.',
    },
  ];
}

export function outlineRepairMessages(base: ChatMessage[], previous: string, problem: string): ChatMessage[] {
  return [
    ...base,
    { role: 'assistant', content: previous.slice(0, 6000) },
    { role: 'user', content: `В плане ошибка: ${problem}. Верни исправленный JSON целиком.` },
  ];
}
