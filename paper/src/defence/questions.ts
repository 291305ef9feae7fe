/**
 * The questions a commission is likely to ask (15-20: on relevance, novelty, methods, the sources,
 * limitations, the practical use, the numbers), each with a short answer grounded in a fragment of
 * the paper and the printed page where the student finds it. The page is the fragment's, found in
 * the PDF: a page the model writes is not believed (it is taken out of the answer). A question the
 * model did not give, or whose answer its fragment does not hold, comes from our own list, answered
 * by the paper's own sentence.
 */
import { DEFENCE_KIT } from '@app/contract';
import { sharedTerms } from '../grounding/support.ts';
import { DEFENCE_TOPICS, type DefenceTopic, type CallRunner } from '../writer/types.ts';
import type { CitedEntry, Fragment } from './fragments.ts';
import type { GroundCheck } from './grounded.ts';
import type { KitPaper } from './paper.ts';
import { callStructured, QuestionsSchema, questionsMessages } from './prompts.ts';
import { brief } from './slides.ts';
import { spokenOf } from '../text/statements.ts';

const QUESTION_COUNT = { ...DEFENCE_KIT.questions, target: 18 } as const;

export interface KitQuestion {
  topic: DefenceTopic;
  question: string;
  answer: string;
  /** The printed page of the statement the answer rests on. */
  page: string;
  /** The fragment it rests on, and its text: the statement the page holds. */
  source: string;
  statement: string;
  /** Where in the paper: "введение", "подраздел 2.2", "выводы по главе 1", "заключение". */
  where: string;
  /** The entry of the paper's «Отчёт об источниках» the statement is (a cited statement of ours). */
  evidence?: CitedEntry;
}

export interface Questions {
  list: KitQuestion[];
  /** The model's questions kept, and dropped (not grounded, no page, repeated). */
  kept: number;
  dropped: number;
}

/** A page written into an answer («с. 45», «(стр. 12–13)»): the page is ours to give. */
const PAGE_MENTION = /\s*\(?\s*(?:см\.\s*)?(?:с|стр)\.\s*\d+(?:\s*[-–]\s*\d+)?\s*\)?/giu;
const MAX_FRAGMENTS = 70;

function whereOf(section: string): string {
  if (section === 'introduction') return 'введение';
  if (section === 'conclusion') return 'заключение';
  const chapter = /^conclusions:(\d+)$/.exec(section);
  if (chapter) return `выводы по главе ${chapter[1]}`;
  return /^\d+\.\d+$/.test(section) ? `подраздел ${section}` : `глава ${section}`;
}

const isAim = (f: Fragment) => /^(Цел|Для достижения|Объект|Предмет|Методы|Структура работы|[–—-]\s)/u.test(f.text);
const hasFigure = (f: Fragment) => /\d/.test(f.text.replace(/(?:глав\p{L}*|таблиц\p{L}*)\s+\d+/giu, ''));

/** Cited statements first: an answer that rests on one names the passage behind it. */
const citedFirst = (fragments: Fragment[]) => [...fragments.filter((f) => f.cited), ...fragments.filter((f) => !f.cited)];

/** The fragments the model chooses from: what a commission asks about. */
function questionFragments(paper: KitPaper, fragments: Fragment[]): Fragment[] {
  const located = citedFirst(fragments.filter((f) => f.page !== null));
  const of = (test: (f: Fragment) => boolean, n: number) => located.filter(test).slice(0, n);
  const picked = [
    ...of((f) => f.section === 'introduction' && !isAim(f), 8),
    ...of((f) => f.section === 'introduction' && isAim(f) && !/^[–—-]\s/u.test(f.text), 5),
    ...paper.chapters.flatMap((c) => [
      ...of((f) => f.section === `conclusions:${c.number}`, 5),
      ...c.subsections.flatMap((s) => of((f) => f.section === s.number && f.table === undefined, 1)),
    ]),
    ...of((f) => f.section === 'conclusion', 8),
    ...of((f) => f.table !== undefined && !f.text.startsWith('Таблица'), 10),
    ...of((f) => f.table === undefined && hasFigure(f) && f.section !== 'introduction', 8),
  ];
  return [...new Map(picked.map((f) => [f.id, f])).values()].slice(0, MAX_FRAGMENTS);
}

/** Our own questions, each with the fragments that answer it, best first. */
function ownQuestions(paper: KitPaper, fragments: Fragment[]): { topic: DefenceTopic; question: string; answers: Fragment[] }[] {
  const located = citedFirst(fragments.filter((f) => f.page !== null && f.table === undefined));
  const first = (test: (f: Fragment) => boolean) => located.filter(test);
  const out: { topic: DefenceTopic; question: string; fragment: Fragment[] }[] = [
    {
      topic: 'relevance',
      question: 'Чем обусловлена актуальность темы вашей работы?',
      fragment: first((f) => f.section === 'introduction' && !isAim(f)),
    },
    { topic: 'relevance', question: 'Какова цель вашей работы?', fragment: first((f) => /^Цел/u.test(f.text)) },
    { topic: 'methods', question: 'Что является объектом вашего исследования?', fragment: first((f) => /^Объект/u.test(f.text)) },
    { topic: 'methods', question: 'Что является предметом исследования?', fragment: first((f) => /^Предмет/u.test(f.text)) },
    { topic: 'methods', question: 'Какие методы исследования вы использовали?', fragment: first((f) => /^Методы/u.test(f.text)) },
    {
      topic: 'sources',
      question: 'На какие работы и источники вы опирались?',
      fragment: first((f) => /основой исследования|работы таких авторов|источник|литератур/iu.test(f.text)),
    },
    {
      topic: 'novelty',
      question: 'В чём состоят новизна и значимость полученных результатов?',
      fragment: [...first((f) => /новизн|значимост/iu.test(f.text)), ...first((f) => f.section === 'conclusion')],
    },
    {
      topic: 'limitations',
      question: 'Какие проблемы и ограничения вы выявили?',
      fragment: first((f) => /барьер|огранич|проблем|дефицит|недостат|сдерживa|риск/iu.test(f.text) && f.section !== 'introduction'),
    },
    {
      topic: 'practice',
      question: 'Как могут быть использованы результаты работы на практике?',
      fragment: first((f) => /рекоменд|предлож|целесообраз|практическ/iu.test(f.text) && f.section !== 'introduction'),
    },
    {
      topic: 'numbers',
      question: 'Какие данные подтверждают ваши выводы?',
      fragment: [
        ...fragments.filter((f) => f.page !== null && f.table !== undefined && !f.text.startsWith('Таблица')),
        ...first((f) => hasFigure(f) && f.section !== 'introduction'),
      ],
    },
    { topic: 'novelty', question: 'Каков главный вывод вашей работы?', fragment: first((f) => f.section === 'conclusion') },
  ];
  for (const c of paper.chapters) {
    const topic: DefenceTopic = c.number === 1 ? 'sources' : c.number === paper.chapters.length ? 'practice' : 'limitations';
    out.push({
      topic,
      question: `Какие выводы вы сделали в главе ${c.number} «${c.title}»?`,
      fragment: [...first((f) => f.section === `conclusions:${c.number}`), ...first((f) => f.section.startsWith(`${c.number}.`))],
    });
  }
  // A task of the introduction: where the paper answers it best (the chapters' conclusions and the conclusion).
  const results = located.filter((f) => f.section.startsWith('conclusion'));
  for (const task of paper.aims.tasks) {
    const best = results.reduce<{ f?: Fragment; score: number }>(
      (b, f) => {
        const score = sharedTerms(task, [f.text]);
        return score > b.score ? { f, score } : b;
      },
      { score: 0.2 },
    );
    if (best.f)
      out.push({
        topic: best.f.section === 'conclusion' ? 'novelty' : 'practice',
        question: `Как решена задача «${task}»?`,
        fragment: [best.f],
      });
  }
  // What each subsection is about, said by its opening.
  for (const c of paper.chapters)
    for (const s of c.subsections) {
      const topic: DefenceTopic = c.number === 1 ? 'sources' : c.number === paper.chapters.length ? 'practice' : 'limitations';
      out.push({
        topic,
        question: `О чём говорится в подразделе ${s.number} «${s.title}»?`,
        fragment: first((f) => f.section === s.number),
      });
    }
  return out.map((q) => ({ topic: q.topic, question: q.question, answers: q.fragment })).filter((q) => q.answers.length > 0);
}

const key = (q: string) => q.toLowerCase().replace(/[^a-zа-яё0-9]/gu, '');

export async function writeQuestions(options: {
  paper: KitPaper;
  fragments: Fragment[];
  calls: CallRunner;
  grounded: GroundCheck;
}): Promise<Questions> {
  const { paper, fragments, calls, grounded } = options;
  const offered = questionFragments(paper, fragments);
  const task = { kind: 'defence-questions' as const, title: paper.title, count: QUESTION_COUNT.target, fragments: offered.map(brief) };
  const messages = questionsMessages(paper.title, QUESTION_COUNT.target, task.fragments);
  const reply = await callStructured(
    calls,
    { key: 'defence:questions', task, messages, maxTokens: 6000, name: 'defence_questions' },
    QuestionsSchema,
  );
  const byId = new Map(fragments.map((f) => [f.id, f]));
  const list: KitQuestion[] = [];
  const seen = new Set<string>();
  let dropped = 0;
  const add = (topic: DefenceTopic, question: string, answer: string, fragment: Fragment) => {
    if (list.length >= QUESTION_COUNT.max || seen.has(key(question)) || fragment.page === null) return false;
    seen.add(key(question));
    list.push({
      topic,
      question,
      answer,
      page: fragment.page,
      source: fragment.id,
      statement: fragment.text,
      where: whereOf(fragment.section),
      ...(fragment.cited ? { evidence: fragment.cited } : {}),
    });
    return true;
  };
  for (const q of reply?.questions ?? []) {
    const fragment = byId.get(q.source.trim().replace(/^\[+|\]+$/g, ''));
    const question = q.question
      .trim()
      .replace(/[.\s]*$/u, '')
      .replace(/\?*$/, '?');
    const answer = q.answer
      .replace(PAGE_MENTION, '')
      .replace(/\s+([.,;:])/g, '$1')
      .trim();
    if (
      !fragment ||
      question.length < 10 ||
      question.length > 250 ||
      !answer ||
      !grounded(answer, [fragment]) ||
      !add(q.topic, question, answer, fragment)
    )
      dropped++;
  }
  const kept = list.length;
  // Every kind of question, then up to the target.
  const own = ownQuestions(paper, fragments);
  // Our own question is answered by a statement no other answer rests on (not the same one in other words).
  const ask = (q: (typeof own)[number]) => {
    const fragment = q.answers.find((f) => !list.some((x) => x.source === f.id));
    return fragment ? add(q.topic, q.question, spokenOf(fragment.text, list.length, fragment.table), fragment) : false;
  };
  for (const topic of DEFENCE_TOPICS) if (!list.some((q) => q.topic === topic)) own.filter((o) => o.topic === topic).some(ask);
  for (const q of own) {
    if (list.length >= QUESTION_COUNT.target) break;
    ask(q);
  }
  const order = (t: DefenceTopic) => DEFENCE_TOPICS.indexOf(t);
  return { list: list.sort((a, b) => order(a.topic) - order(b.topic)), kept, dropped };
}
