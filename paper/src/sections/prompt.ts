import { AUTHOR_SYSTEM } from '../writer/author.ts';
import { outlineSummary } from '../outline/brief.ts';
import type { ChatMessage, PassageBrief, SubsectionDigest, SubsectionPlan } from '../writer/types.ts';
import type { OutlineBrief } from '../outline/types.ts';
import { figureStatements, MIN_FIGURES_FOR_TABLE } from '../text/tables.ts';
import { TABLE_INSTRUCTION } from '../typeset/tables.ts';

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

/** What the chapter already says: the next subsection is to go further, not repeat it. */
export function writtenText(before: SubsectionDigest[], usedPassages: string[]): string {
  if (!before.length) return '';
  return (
    '\n\nУже написано в этой главе (эти положения не повторяй и не пересказывай другими словами, опирайся на них и иди дальше):\n' +
    before.map((d) => `– подраздел ${d.number} «${d.title}»: ${d.digest}`).join('\n') +
    (usedPassages.length ? `\nФрагменты, которые глава уже пересказала (повторно их не пересказывай): ${usedPassages.join(', ')}.` : '')
  );
}

/** What the subsections written at the same time will cover: this one is to leave it to them. */
export function planText(plan: SubsectionPlan[]): string {
  if (!plan.length) return '';
  return (
    '\n\nДругие подразделы этой главы пишутся одновременно с этим; вот что раскроет каждый из них ' +
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

export function sectionMessages(
  o: OutlineBrief,
  chapter: number,
  subsection: number,
  targetChars: number,
  sources: PassageBrief[],
  before: SubsectionDigest[] = [],
  usedPassages: string[] = [],
  plan: SubsectionPlan[] = [],
  table = false,
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
        (isAnalytical(o, chapter)
          ? 'Это аналитическая глава: анализируй данные источников — показатели, сравнения, тенденции из переданных фрагментов, со ссылками на них. '
          : '') +
        `${NUMBERS_RULE} ` +
        (table
          ? `${TABLE_INSTRUCTION} Без заголовка и без другой разметки маркдауна, кроме таблицы.`
          : 'Без заголовка, без маркдауна, только абзацы текста.') +
        (plan.length ? planText(plan) : writtenText(before, usedPassages)),
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
