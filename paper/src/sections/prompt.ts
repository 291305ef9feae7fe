import { AUTHOR_SYSTEM } from '../writer/author.ts';
import { outlineSummary } from '../outline/brief.ts';
import type { ChatMessage, PassageBrief, SubsectionDigest, SubsectionPlan, TextPart, WriterTask, GlossaryEntry } from '../writer/types.ts';
import { glossaryLine } from '../source-plan/glossary.ts';
import type { OutlineBrief } from '../outline/types.ts';
import { figureStatements, MIN_FIGURES_FOR_TABLE } from '../text/tables.ts';
import { TABLE_INSTRUCTION } from '../typeset/tables.ts';

/**
 * The passages a subsection may cite, each under its id, with its source and printed page; a
 * foreign one with the Russian equivalents of its terms (the topic's glossary).
 */
export function sourcesText(passages: PassageBrief[], glossary: readonly GlossaryEntry[] = []): string {
  if (!passages.length) return 'Фрагменты источников для ссылок не переданы: пиши без ссылок.';
  return (
    'Фрагменты источников, на которые можно ссылаться (и только на них). Ссылка ставится в конце предложения, ' +
    'до точки, в форме [[p17]] (номер фрагмента, не источника); несколько фрагментов — [[p17, p18]]. ' +
    'Предложение со ссылкой должно передавать то, что сказано в этом фрагменте; номер страницы ставится автоматически. ' +
    'Иностранный фрагмент пересказывай по-русски, называя его термины так, как указано в переводе терминов.\n\n' +
    passages.map((p) => `[${p.id}] ${p.source}${p.page ? `, с. ${p.page}` : ''}\n${p.text}${glossaryLine(p.text, glossary)}`).join('\n\n')
  );
}

/** The rule for figures, said in every prompt that writes the body of the paper. */
export const NUMBERS_RULE =
  'Числа, проценты, суммы и даты приводи только те, что стоят в переданных фрагментах, и только в предложении со ссылкой на этот фрагмент; ' +
  'своих цифр, оценок и дат не придумывай — предложение с цифрой без такого фрагмента будет удалено.';

/** A chapter that analyses: its title says so, or it is the middle chapter of three. */
export function isAnalytical(o: OutlineBrief, chapter: number): boolean {
  const title = o.chapters[chapter - 1]?.title ?? '';
  return /анализ|оценк|состояни|динамик|диагностик|исследовани[ея] практики/i.test(title) || (o.chapters.length === 3 && chapter === 2);
}

/**
 * A subsection gives its data as a table when its chapter analyses the sources' data and the
 * passages it is written from state at least MIN_FIGURES_FOR_TABLE different figures with what
 * they count («12 %», «до 10 дней»; not years or pages): figures to set side by side are what a
 * table is for; a theoretical chapter's passages, or one figure alone, are told in prose.
 */
export function tableWanted(o: OutlineBrief, chapter: number, sources: PassageBrief[]): boolean {
  return isAnalytical(o, chapter) && figureStatements(sources.map((p) => p.text)).size >= MIN_FIGURES_FOR_TABLE;
}

/** What the subsections written at the same time will cover: this one is to leave it to them. */
export function planText(plan: SubsectionPlan[]): string {
  if (!plan.length) return '';
  return (
    '\n\nДругие подразделы работы пишутся одновременно с этим; вот что раскроет каждый из них ' +
    '(их содержание здесь не раскрывай, их фрагменты не пересказывай — они закреплены за ними):\n' +
    plan
      .map(
        (p) =>
          `– подраздел ${p.number} «${p.title}»` +
          (p.passages.length ? `: ${p.passages.map((x) => `[${x.id}] ${x.source}: ${x.gist}`).join('; ')}` : ''),
      )
      .join('\n')
  );
}

/** What a part of a subsection written in parts is to do: open it, go on, or close it. */
function partText(part: TextPart): string {
  if (part.of === 1) return 'Раскрой именно этот подраздел, не повторяй содержание соседних, закончи кратким промежуточным выводом. ';
  const which = `Это часть ${part.index} из ${part.of} текста подраздела; остальные его части пишутся одновременно с ней (что они раскроют — в плане ниже). `;
  if (part.index === 1) return `${which}Начни раскрытие подраздела; промежуточный вывод в конце не делай. `;
  if (part.index < part.of) return `${which}Продолжи раскрытие подраздела своими положениями, без вступления и без вывода. `;
  return `${which}Продолжи раскрытие подраздела своими положениями, без вступления, и закончи кратким промежуточным выводом по всему подразделу. `;
}

export function sectionMessages(task: Omit<Extract<WriterTask, { kind: 'section' }>, 'kind'>): ChatMessage[] {
  const { outline: o, chapter, subsection, targetChars, sources, plan, works, table, part } = task;
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
        partText(part) +
        (sources.length ? 'Опирайся на переданные фрагменты источников и ссылайся на них в местах, где используешь их положения. ' : '') +
        (works.length ? `Сошлись хотя бы один раз на каждую из этих работ: ${works.join('; ')}. ` : '') +
        (isAnalytical(o, chapter)
          ? 'Это аналитическая глава: анализируй данные источников — показатели, сравнения, тенденции из переданных фрагментов, со ссылками на них. '
          : '') +
        `${NUMBERS_RULE} ` +
        (table
          ? `${TABLE_INSTRUCTION} Без заголовка и без другой разметки маркдауна, кроме таблицы.`
          : 'Без заголовка, без маркдауна, только абзацы текста.') +
        planText(plan),
    },
  ];
}

export function chapterConclusionMessages(
  o: OutlineBrief,
  chapter: number,
  digests: SubsectionDigest[],
  targetChars: number,
): ChatMessage[] {
  const ch = o.chapters[chapter - 1];
  return [
    { role: 'system', content: AUTHOR_SYSTEM },
    {
      role: 'user',
      content:
        `${outlineSummary(o)}\n\nКлючевые положения подразделов главы ${chapter} «${ch.title}»:\n` +
        digests.map((d) => `– ${d.number} «${d.title}»: ${d.digest}`).join('\n') +
        `\n\nСформулируй выводы по главе ${chapter} объёмом около ${targetChars} знаков: что установлено в каждом подразделе ` +
        'и что из этого следует для следующей главы. Новыми словами, не повторяя формулировок подразделов; без ссылок, без цифр, ' +
        'без заголовка и без маркдауна, одним-двумя абзацами.',
    },
  ];
}
