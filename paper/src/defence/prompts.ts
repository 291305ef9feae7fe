/** The model's three tasks for a defence kit: slide bullets, the speech, the commission's questions. */
import { DEFENCE_KIT, rangeText } from '@app/contract';
import { z } from 'zod';
import type { ChatMessage, FragmentBrief, WriterTask, CallRunner } from '../writer/types.ts';
import { DEFENCE_TOPICS } from '../writer/types.ts';

const DEFENCE_SYSTEM =
  'Ты помогаешь студенту подготовиться к защите выпускной квалификационной работы. Ты пишешь по-русски, академично и ясно, ' +
  'только по тексту работы: каждое утверждение передаёт то, что сказано в одном из переданных фрагментов работы, и ссылается на него по номеру. ' +
  'Не выдумывай факты, цифры, даты, фамилии и источники: число, процент или дату можно написать, только если они стоят в том фрагменте, на который ты ссылаешься. ' +
  'Номера страниц не пиши: они ставятся автоматически. Без маркдауна.';

/** The fragments as the model sees them: "[f12] с. 23" and the text on the next line. */
function fragmentsText(fragments: FragmentBrief[]): string {
  return fragments.map((f) => `[${f.id}]${f.page ? ` с. ${f.page}` : ''}\n${f.text}`).join('\n\n');
}

/** How long a bullet may be: one line of the slide. */
export const MAX_BULLET_CHARS = 90;

export const SlidesSchema = z.object({
  slides: z.array(z.object({ id: z.string(), bullets: z.array(z.object({ text: z.string(), source: z.string() })) })),
});
export type SlidesReply = z.infer<typeof SlidesSchema>;

export function slidesMessages(title: string, slides: { id: string; title: string; fragments: FragmentBrief[] }[]): ChatMessage[] {
  return [
    { role: 'system', content: DEFENCE_SYSTEM },
    {
      role: 'user',
      content:
        `Работа: «${title}». Подготовь тезисы для слайдов презентации к защите. Для каждого слайда (по его id) дай 3–5 тезисов: ` +
        `каждый тезис — одна законченная мысль не длиннее ${MAX_BULLET_CHARS} знаков, без точки в конце, и в поле source — номер фрагмента (например, f12), ` +
        'мысль которого он передаёт. Тезисы одного слайда не повторяют друг друга.\n\n' +
        slides.map((s) => `Слайд ${s.id} «${s.title}». Фрагменты:\n${fragmentsText(s.fragments)}`).join('\n\n---\n\n'),
    },
  ];
}

export function speechMessages(
  title: string,
  words: number,
  slides: { number: number; title: string; lines: string[]; words: number; fragments: FragmentBrief[] }[],
): ChatMessage[] {
  return [
    { role: 'system', content: DEFENCE_SYSTEM },
    {
      role: 'user',
      content:
        `Работа: «${title}». Напиши доклад к защите на ${rangeText(DEFENCE_KIT.speechMinutes)} минут, всего около ${words} слов, от первого лица множественного числа ` +
        '(«мы рассмотрели», «нами установлено»), как принято на защите. Раздели его по слайдам: каждая часть начинается строкой «Слайд N» ' +
        'и говорит о том, что на слайде, опираясь на его фрагменты. Каждое предложение передаёт сказанное в одном фрагменте и заканчивается ' +
        'ссылкой на него, до точки: [[f12]]. Приветствие и слова благодарности не пиши: они будут добавлены.\n\n' +
        slides
          .map(
            (s) =>
              `Слайд ${s.number} «${s.title}», около ${s.words} слов.` +
              (s.lines.length ? `\nНа слайде:\n${s.lines.map((l) => `– ${l}`).join('\n')}` : '') +
              `\nФрагменты:\n${fragmentsText(s.fragments)}`,
          )
          .join('\n\n---\n\n'),
    },
  ];
}

const TOPIC_NAMES: Record<(typeof DEFENCE_TOPICS)[number], string> = {
  relevance: 'актуальность',
  novelty: 'новизна и значимость',
  methods: 'методы',
  sources: 'источники и литература',
  limitations: 'ограничения и проблемы',
  practice: 'практическое применение',
  numbers: 'цифры и данные работы',
};

export const QuestionsSchema = z.object({
  questions: z.array(z.object({ topic: z.enum(DEFENCE_TOPICS), question: z.string(), answer: z.string(), source: z.string() })),
});
export type QuestionsReply = z.infer<typeof QuestionsSchema>;

export function questionsMessages(title: string, count: number, fragments: FragmentBrief[]): ChatMessage[] {
  return [
    { role: 'system', content: DEFENCE_SYSTEM },
    {
      role: 'user',
      content:
        `Работа: «${title}». Составь ${count} вопросов, которые комиссия вероятнее всего задаст на защите, по темам: ` +
        `${DEFENCE_TOPICS.map((t) => `${t} (${TOPIC_NAMES[t]})`).join(', ')} — каждая тема хотя бы раз. ` +
        'К каждому вопросу — краткий ответ студента в 1–2 предложения от первого лица множественного числа, который передаёт сказанное ' +
        'в одном фрагменте работы, и номер этого фрагмента в поле source.\n\nФрагменты работы:\n' +
        fragmentsText(fragments),
    },
  ];
}

/** A repair request: the answer was not the JSON asked for. */
function repairMessages(messages: ChatMessage[], reply: string, problem: string): ChatMessage[] {
  return [
    ...messages,
    { role: 'assistant', content: reply.slice(0, 4000) },
    { role: 'user', content: `Ответ не подходит: ${problem}. Верни весь ответ заново строго в формате JSON по заданной схеме.` },
  ];
}

/** The reply's JSON read by the schema, or the problem in Russian. */
function parseReply<T>(text: string, schema: z.ZodType<T>): { value?: T; problem?: string } {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, ''));
  } catch {
    return { problem: 'ответ не является корректным JSON' };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    return { problem: `JSON не соответствует схеме: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}` };
  return { value: parsed.data };
}

/**
 * A call whose reply is JSON of the schema: the value read, and when it does not read, one repair
 * call (the key with ":repair") told the problem; undefined when the repair does not read either.
 */
export async function callStructured<T>(
  calls: CallRunner,
  call: { key: string; task: WriterTask; messages: ChatMessage[]; maxTokens: number; name: string },
  schema: z.ZodType<T>,
): Promise<T | undefined> {
  const { key, task, messages, maxTokens } = call;
  const json = { name: call.name, schema };
  const first = await calls.call({ key, task, messages, maxTokens, json });
  const a = parseReply(first.text, schema);
  if (a.value) return a.value;
  const second = await calls.call({
    key: `${key}:repair`,
    task,
    messages: repairMessages(messages, first.text, a.problem!),
    maxTokens,
    json,
  });
  return parseReply(second.text, schema).value;
}
