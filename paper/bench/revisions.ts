/**
 * Revisions benchmark (prints figures beside their targets; exits non-zero when one is missed).
 *
 * An 80-page full paper («ECONOMICS» topic, OpenAlex/Crossref/repository stand-ins) is written by
 * the well-behaved simulated model; then a corpus of supervisors' remarks — at least 30 of each
 * class (content, sources, form, author-only), as supervisors write them, half of them Word
 * comments in the paper's .docx, half typed text naming the section — is applied to it in rounds
 * (each round to the paper as delivered, each section concerned by one remark of the round), with
 * the well-behaved and with a misbehaving simulated model (each call misbehaving one way: short,
 * repeating, inventing figures and references, Markdown, English, refusing, 429). Every remark has
 * a deterministic checker of its own class, independent of what the engine reports:
 *   content: longer / shorter section, a new example citing its source (asked «с цифрами»: a
 *            sentence of it stating a number its cited passage holds), a table present and referred
 *            to, the chapter's conclusions present and new, the planted repetition gone, the focus
 *            asked for in the text;
 *   sources: no cited work older than the year asked (a year said as a year: «старше 2017 года»)
 *            and the report quoting that year, new foreign / recent works cited and reported as new
 *            to the list or as already in it, as they are, the named work cited (a work no database
 *            has: not listed, reported as not found);
 *   form:    the normocontrol rules of what it asks about pass;
 *   author:  reported as needing the author's data, and no survey or organisation data in the text.
 * Every report's sentence that starts with a section's name agrees with it («Введение переработано»).
 * And per round: 0 changes outside the sections the remarks concern (their texts and the title
 * page), 0 normocontrol violations, the volume within ±5 % (widened by what the remarks asked for),
 * citations and figures of the new text grounded in their passages as in a first writing.
 *
 * Then a round of three remarks on the same paper with the model of `npm run bench` (60 tokens/s
 * per stream, 1 s to the first token): its wall time beside the critical-path bound of that
 * simulation; target: within 3 minutes.
 *
 * `node bench/revisions.ts well-behaved` runs one model only; REVISIONS_DUMP=<dir> writes each
 * round's report there.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { withComments, type CommentSpec } from '../dev/commented-docx.ts';
import { startFakeLlm, type FakeRequest } from '../dev/fake-llm.ts';
import { fiveGrams, SCENARIOS, wellBehavedModel, wordsOf, type Model } from '../dev/misbehaving-llm.ts';
import { hash } from '../dev/prose.ts';
import { measureGrounding, type GroundingFigures } from './grounding-measure.ts';
import {
  createCrossrefSearch,
  createLlmWriter,
  createMemoryCheckpoints,
  createMemoryFullTexts,
  createOpenAlexSearch,
  createPdfConverterPool,
  generatePaper,
  readDocxComments,
  remarksOfComments,
  revisePaper,
} from '../src/index.ts';
import type { PaperSnapshot, PdfConverter, RemarkInput, RemarkKind, RemarkOutcome, RevisionResult } from '../src/index.ts';
import { readDocx } from '../src/docx/read.ts';
import { FULL_TEXT_LIMITS } from '../src/passages/full-texts.ts';
import { citedPassageIds, withoutMarkers } from '../src/passages/markers.ts';
import type { Passage } from '../src/passages/types.ts';
import { sourcesOfSnapshot } from '../src/run/snapshot.ts';
import { isChapterConclusion } from '../src/sections/index.ts';
import { KEY_AUTHORS_LEAD } from '../src/sources/key-authors.ts';
import { workLanguage } from '../src/sources/relevance.ts';
import { isTable } from '../src/text/tables.ts';
import { stems } from '../src/sources/relevance.ts';
import { startCrossrefStandIn } from '../test/support/crossref-stand-in.ts';
import { startOpenAlexStandIn } from '../test/support/openalex-stand-in.ts';
import { makePdf, startPdfServer } from '../test/support/pdf-server.ts';
import { benchPaperInput, ECONOMICS, topicCorpus } from '../test/support/topic-corpus.ts';

const NOW = new Date('2025-03-01T12:00:00Z');
/** The supervisor's remarks come back three months later. */
const AT = new Date('2025-06-01T12:00:00Z');
const VOLUME = 80;
const FAST = { rate: 600, firstMs: 0 };
const TIMED = { rate: 60, firstMs: 1000 };
const CHARS_PER_TOKEN = 4;
const WRITER = { concurrency: 16, timeoutMs: 20_000, retryBaseMs: 500, retryMaxMs: 5_000 };
const TARGETS = {
  fixablePct: 90,
  authorPct: 100,
  outside: 0,
  violations: 0,
  volume: 0,
  invented: 0,
  // The grounding of the new version: the quality bench's targets for a first writing.
  names: 0,
  pagesOutside: 0,
  figuresHeldPct: 100,
  supportPct: 95,
  repeated: 0,
  uncited: 0,
  seconds: 180,
};

type Class = 'content' | 'sources' | 'form' | 'author';
interface Remark {
  text: string;
  kind: RemarkKind;
  class: Class;
  /** The section it is on: a comment on a paragraph of it, or text naming it. Absent: the paper. */
  section?: string;
  /** Fixable by the service (a work no database has is not). */
  fixable: boolean;
  /** A paragraph planted into the section, copied from another (a repetition remark's). */
  planted?: string;
  /** The work a cite_work remark names (its title). */
  work?: string;
  /** outdated: the first year of the works kept; recent: of the works asked for (absent: the default, five and three years). */
  year?: number;
  /** example: asked with figures («с цифрами»). */
  figures?: boolean;
}

// ---------------------------------------------------------------- the corpus

const SUBSECTIONS = ['1.1', '1.2', '1.3', '2.1', '2.2', '2.3', '3.1', '3.2', '3.3'];
const ANYWHERE = ['introduction', ...SUBSECTIONS, 'conclusion'];

function corpus(works: { title: string; author: string }[]): Remark[] {
  const out: Remark[] = [];
  const add = (cls: Class, kind: RemarkKind, sections: string[] | null, texts: string[], extra: Partial<Remark> = {}) =>
    texts.forEach((text, i) =>
      out.push({ text, kind, class: cls, fixable: true, ...(sections ? { section: sections[i % sections.length] } : {}), ...extra }),
    );
  add(
    'content',
    'expand',
    ['2.1', '1.2', '3.3', 'introduction', '2.2', '1.1'],
    [
      'Раскройте подробнее',
      'Слишком кратко, дополните',
      'Мало! Разверните мысль',
      'Недостаточно раскрыто',
      'Поверхностно. Углубите анализ',
      'Раскрыть подробнее с опорой на литературу',
    ],
  );
  add(
    'content',
    'shorten',
    ['1.3', '3.1', 'conclusion', '2.3'],
    ['Сократите', 'Много воды, сократите', 'Слишком длинно', 'Сократить, есть лишнее'],
  );
  add(
    'content',
    'example',
    ['3.2', '1.1', '2.3', '3.1', '1.2'],
    ['Приведите пример', 'Нужен пример', 'Пример?', 'Проиллюстрируйте примером из практики', 'Приведите примеры регионов'],
  );
  add('content', 'example', ['2.2', '2.1'], ['Добавьте пример с цифрами из источника', 'Нужен количественный пример'], { figures: true });
  add(
    'content',
    'table',
    ['2.2', '2.1', '2.3', '2.2'],
    ['Сведите эти данные в таблицу', 'Добавьте таблицу', 'Представьте в виде таблицы', 'Нужна таблица с показателями'],
  );
  add(
    'content',
    'chapter_conclusion',
    ['1.3', '2.3', '3.3', '2.3'],
    ['Где выводы по главе?', 'Нет выводов по главе', 'Добавьте выводы по главе', 'Сформулируйте выводы по этой главе'],
  );
  add('content', 'repetition', ['3.1', '1.2', '2.2', '3.3'], ['Повтор', 'Это уже было выше', 'Дублирование текста', 'Уберите повторы']);
  add(
    'content',
    'rewrite',
    ['1.1', '2.1', '3.2', '1.3'],
    [
      'Сделайте акцент на малом бизнесе Сибири',
      'Сделайте акцент на сельских территориях',
      'Переформулируйте, непонятно',
      'Сделайте акцент на женском предпринимательстве',
    ],
  );
  // On the introduction and the conclusion: the report says «Введение переработано», not «переработан».
  add(
    'content',
    'rewrite',
    ['introduction', 'conclusion'],
    ['Сделайте акцент на сельских территориях', 'Сделайте акцент на малом бизнесе Сибири'],
  );

  // Each with the first year it keeps (five years back by default; a year said as a year is that year).
  const outdated: [string, number][] = [
    ['Устаревшие источники', 2020],
    ['Источник устарел', 2020],
    ['Замените устаревшую литературу', 2020],
    ['Источники старше 5 лет замените', 2020],
    ['Обновите источники', 2020],
    ['Используйте литературу не ранее 2019 г.', 2019],
    ['Слишком старые ссылки', 2020],
    ['Замените источники до 2018 года', 2018],
    ['Замените источники старше 2017 года', 2017],
    ['Уберите работы ранее 2016 г.', 2016],
  ];
  outdated.forEach(([text, year], i) => add('sources', 'outdated', [SUBSECTIONS[i % SUBSECTIONS.length]], [text], { year }));
  add(
    'sources',
    'foreign',
    ['1.1', '2.2', '3.1', '1.3', '2.3', '3.3', '1.2', '2.1'],
    [
      'Добавьте зарубежные источники',
      'Нет зарубежных авторов',
      'Нужны иностранные источники',
      'Добавьте 2 зарубежных источника',
      'Мало зарубежной литературы',
      'Привлеките англоязычные исследования',
      'Добавьте работы зарубежных авторов',
      'Где зарубежные исследования?',
    ],
  );
  add(
    'sources',
    'recent',
    ['3.2', '1.2', '2.1', '3.3', '1.1', '2.2', '3.1', '1.3'],
    [
      'Добавьте свежие источники',
      'Нужны новые исследования',
      'Мало современных источников',
      'Добавьте источники за последние 3 года',
      'Больше актуальной литературы',
      'Нужны публикации последних лет',
      'Добавьте современных авторов',
      'Мало источников',
    ],
  );
  add('sources', 'recent', ['2.3'], ['Добавьте работы 2024 года'], { year: 2024 });
  works.forEach((w, i) =>
    out.push({
      text: `Сошлитесь на работу ${w.author} «${w.title}»`,
      kind: 'cite_work',
      class: 'sources',
      section: SUBSECTIONS[(i * 4) % SUBSECTIONS.length],
      fixable: true,
      work: w.title,
    }),
  );
  // A work no database has: the service must say so, never describe it from the remark.
  for (const [i, text] of [
    'Сошлитесь на работу Сидорова П. П. «Несуществующая монография о цифровизации регионов»',
    'Добавьте ссылку на статью Кузнецова А. А. «Вымышленные закономерности цифровой экономики»',
  ].entries())
    out.push({ text, kind: 'cite_work', class: 'sources', section: SUBSECTIONS[i + 5], fixable: false, work: /«(.+)»/.exec(text)![1] });

  add('form', 'citations', null, [
    'Ссылки оформлены не по ГОСТ',
    'Оформите список литературы по ГОСТ',
    'Неправильно оформлены ссылки',
    'Сноски оформить по ГОСТ Р 7.0.5',
    'Список литературы не в алфавитном порядке',
    'Проверьте оформление ссылок на источники',
    'Ссылки на страницы источников оформить единообразно',
    'Библиографические описания оформить по ГОСТ',
  ]);
  add('form', 'headings', null, [
    'Заголовки без точки в конце',
    'Заголовки оформить по ГОСТ',
    'Проверьте заголовки глав',
    'Каждая глава с новой страницы, заголовок по центру',
    'Заголовок не по центру',
    'Нумерация заголовков?',
    'Заголовки подразделов оформить единообразно',
  ]);
  add('form', 'numbering', null, [
    'Проверьте нумерацию страниц',
    'Пронумеруйте страницы',
    'Нумерация таблиц сквозная?',
    'Подпишите таблицы по ГОСТ',
    'Название таблицы оформить по ГОСТ',
    'Номера страниц в содержании не совпадают',
    'Нумерация разделов',
  ]);
  add('form', 'layout', null, [
    'Шрифт Times New Roman 14',
    'Интервал полуторный',
    'Поля по ГОСТ',
    'Отступ абзаца 1,25',
    'Выравнивание по ширине',
    'Оформите работу по ГОСТ 7.32',
    'Проверьте титульный лист',
    'Пройдите нормоконтроль',
  ]);
  add(
    'author',
    'author_data',
    [...ANYWHERE, ...ANYWHERE.slice(0, 3)],
    [
      'Добавьте результаты анкетирования сотрудников',
      'Проведите опрос клиентов',
      'Нужны данные вашего предприятия',
      'Приведите финансовую отчётность организации',
      'Добавьте интервью с руководителем',
      'Приложите акт внедрения',
      'Нужна справка о внедрении',
      'Подпишите работу',
      'Нет подписи руководителя',
      'Посетите предприятие и опишите процессы',
      'Опишите свой опыт прохождения практики',
      'Приведите собственные расчёты по данным организации',
      'Добавьте фотографии производства',
      'Результаты опроса респондентов?',
      'Нужны данные по месту практики',
      'Приложите бухгалтерский баланс',
      'Проведите эксперимент на предприятии',
      'Добавьте показатели вашей компании за 3 года',
      'Приложите устав предприятия',
      'Опишите практику на предприятии',
      'Где результаты анкетирования?',
      'Приведите данные организации за 2023 год',
      'Добавьте личные наблюдения',
      'Нужно собственное исследование',
      'Сделайте скриншоты системы учёта',
      'Подпись и дата на титуле',
      'Проведите фокус-группу',
      'Внутренние документы компании приложите',
      'Расскажите о собственном опыте',
      'Возьмите данные из отчётности предприятия',
    ],
  );
  // One paper-wide remark on sources: the whole paper's old works.
  out.push({ text: 'Устаревшие источники в списке литературы, замените', kind: 'outdated', class: 'sources', fixable: true, year: 2020 });
  return out;
}

/** Rounds: each section concerned by at most one remark of a round (a paper-wide remark alone), form and author remarks spread over them. */
function roundsOf(remarks: Remark[]): Remark[][] {
  const located = remarks.filter((r) => r.section && r.class !== 'author');
  const rounds: Remark[][] = [];
  for (const r of located) {
    const key = r.kind === 'chapter_conclusion' ? `chapter ${r.section![0]}` : r.section!;
    const used = (round: Remark[]) =>
      round.some(
        (x) =>
          (x.kind === 'chapter_conclusion' ? `chapter ${x.section![0]}` : x.section) === key ||
          (x.section === r.section && r.class !== 'author'),
      );
    let round = rounds.find((x) => !used(x) && x.filter((y) => y.class !== 'author').length < 10);
    if (!round) rounds.push((round = []));
    round.push(r);
  }
  // Form and author-only remarks change no text of their own: spread over the rounds.
  remarks.filter((r) => r.class === 'form' || r.class === 'author').forEach((r, i) => rounds[i % rounds.length].push(r));
  // A paper-wide remark on sources concerns every section: a round of its own.
  for (const r of remarks.filter((x) => !x.section && x.class === 'sources')) rounds.push([r]);
  return rounds;
}

// ---------------------------------------------------------------- checkers

const chars = (p: string[] = []) => p.filter((x) => !isTable(x)).reduce((n, x) => n + x.length, 0);
const textsOf = (s: PaperSnapshot) => [...sectionsOf(s).values()].flat();
const sectionsOf = (s: PaperSnapshot) =>
  new Map<string, string[]>([
    ['introduction', s.written.introduction],
    ...s.written.subsections,
    ['conclusion', s.written.conclusion ?? []],
  ]);

interface Round {
  before: PaperSnapshot;
  result: RevisionResult;
  remarks: Remark[];
}

/** The sources of a version: id -> year, language. */
function worksOf(s: PaperSnapshot) {
  const sources = sourcesOfSnapshot(s.input.attachedSources, s);
  return new Map(
    sources.list.map((x) => [
      x.id,
      {
        year: x.work?.year,
        foreign: x.work ? workLanguage(x.work) === 'en' : false,
        title: x.work?.title ?? '',
        doi: x.work?.doi,
      },
    ]),
  );
}

function citedSources(paragraphs: string[], passages: Map<string, Passage>): Set<string> {
  return new Set(paragraphs.flatMap(citedPassageIds).flatMap((id) => passages.get(id)?.sourceId ?? []));
}

const FORM_RULES: Record<string, RegExp> = {
  citations: /^(references|footnote|bibliography)/,
  headings: /^(heading|toc)/,
  numbering: /^(page\.numbers|heading\.numbering|tables|appendix|toc\.pages)$/,
  layout: /./,
};
/** Sentences taken for invented author data (printed with the misses). */
const invented: string[] = [];
/** What an author-only remark could be faked with: a survey's or the organisation's own data. */
// Whole words: «вопрос» is no «опрос».
const AUTHOR_DATA =
  /(?<!\p{L})(анкетирован|опрос\p{L}*|респондент|интервью|по данным (предприятия|организации|компании)|бухгалтерск\p{L}* баланс)/iu;

/** A year is no figure of an example (a work's year stands in its running head). */
const YEAR_LIKE = /^(19|20)\d\d$/;
const numbersOf = (t: string) => [...t.matchAll(/\d+(?:[.,]\d+)?/g)].map((m) => m[0].replace(',', '.').replace(/^0+(?=\d)/, ''));

/** An example's sentence that cites a passage and states a number (not a year) that passage holds. */
function statesCitedFigure(paragraph: string, passages: Map<string, Passage>): boolean {
  return paragraph.split(/(?<=[.!?…])\s+(?=[«"(\p{Lu}])/u).some((sentence) => {
    const held = new Set(citedPassageIds(sentence).flatMap((id) => numbersOf(passages.get(id)?.text ?? '')));
    return numbersOf(withoutMarkers(sentence)).some((n) => held.has(n) && !YEAR_LIKE.test(n));
  });
}

/**
 * The report's clauses that begin with a section's name agree with it in gender: «Введение
 * переработано», «Заключение сокращено», «П. 2.1 дополнен» (never «Введение переработан»).
 */
function agreesInGender(detail: string): boolean {
  for (const [, name, word] of detail.matchAll(/(?:^|;\s+)(введение|заключение|п\. \d+\.\d+) (\p{L}+)/giu)) {
    // Only a short participle agrees: «переработан(о)», «сокращён(о)», «дополнен(о)».
    if (!/(?:н|на|но|ны)$/u.test(word)) continue;
    const neuter = /^(введение|заключение)$/iu.test(name);
    if (neuter ? !word.endsWith('о') : !word.endsWith('н')) return false;
  }
  return true;
}

function resolved(r: Remark, round: Round): boolean {
  const outcome = round.result.report.outcomes.find((o) => o.text === r.text);
  return ownCheck(r, round, outcome) && agreesInGender(outcome?.detail ?? '');
}

/** The remark's own check, by its kind. */
function ownCheck(r: Remark, round: Round, outcome: RemarkOutcome | undefined): boolean {
  const before = sectionsOf(round.before);
  const after = sectionsOf(round.result.snapshot);
  const k = r.section!;
  const b = before.get(k) ?? [];
  const a = after.get(k) ?? [];
  const newParagraphs = a.filter((p) => !b.includes(p));
  const passagesAfter = new Map(round.result.snapshot.passages.list.map((p) => [p.id, p]));
  const passagesBefore = new Map(round.before.passages.list.map((p) => [p.id, p]));
  switch (r.kind) {
    case 'expand':
      return chars(a) >= chars(b) * 1.1;
    case 'shorten':
      return chars(a) <= chars(b) * 0.85;
    case 'example': {
      const examples = newParagraphs.filter(
        (p) => /(^|[\s(«])(например|в частности|так,|примером)/iu.test(p) && citedPassageIds(p).length > 0,
      );
      return r.figures ? examples.some((p) => statesCitedFigure(p, passagesAfter)) : examples.length > 0;
    }
    case 'table':
      return a.filter(isTable).length > b.filter(isTable).length && !round.result.normocontrol.issues.some((i) => i.rule === 'tables');
    case 'chapter_conclusion': {
      const last = SUBSECTIONS.filter((s) => s[0] === k[0]).at(-1)!;
      const concl = (p: string[]) => p.slice(Math.max(0, p.findIndex(isChapterConclusion))).join('\n');
      const now = after.get(last) ?? [];
      return now.some(isChapterConclusion) && concl(now) !== concl(before.get(last) ?? []);
    }
    case 'repetition': {
      const planted = new Set(fiveGrams(wordsOf(withoutMarkers(r.planted!))));
      const left = fiveGrams(wordsOf(withoutMarkers(a.join(' ')))).filter((g) => planted.has(g)).length;
      return left / planted.size < 0.3;
    }
    case 'rewrite': {
      const focus = /акцент на (.+)$/.exec(r.text)?.[1];
      const said = focus ? [...stems(focus)].every((s) => stems(a.join(' ')).has(s)) : true;
      return a.join('\n') !== b.join('\n') && said;
    }
    case 'outdated': {
      const from = r.year!;
      const works = worksOf(round.result.snapshot);
      const keys = r.section ? [k] : [...after.keys()];
      // The report quotes the year the remark gives («изданные до 2017 г.»), not a figure of its own.
      return (
        !!outcome?.detail.includes(`до ${from} г.`) &&
        keys.every((key) => [...citedSources(after.get(key) ?? [], passagesAfter)].every((id) => (works.get(id)?.year ?? Infinity) >= from))
      );
    }
    case 'foreign':
    case 'recent': {
      const works = worksOf(round.result.snapshot);
      const had = citedSources(b, passagesBefore);
      const from = r.year ?? AT.getFullYear() - 2;
      const fits = (id: string) => (r.kind === 'foreign' ? works.get(id)?.foreign : (works.get(id)?.year ?? 0) >= from);
      const brought = [...citedSources(a, passagesAfter)].filter((id) => !had.has(id) && fits(id));
      return brought.length >= 1 && reportsListTruly(brought, works, round, outcome?.detail ?? '');
    }
    case 'cite_work': {
      const works = worksOf(round.result.snapshot);
      const listed = round.result.sources.some((s) => s.text.includes(r.work!));
      if (!r.fixable) return !listed && outcome?.status === 'not_done';
      // The work by its title proper: a database may give «: учебное пособие» (what the title is) or not.
      const proper = (title: string) => wordsOf(title.split(/\s*:\s*/)[0]).join(' ');
      return [...citedSources(a, passagesAfter)].some((id) => proper(works.get(id)?.title ?? '') === proper(r.work!));
    }
    case 'author_data': {
      // An invented answer: a new sentence telling a survey's or the organisation's data that cites no source.
      const found = [...after].some(([key, p]) =>
        p
          .filter((x) => !(before.get(key) ?? []).includes(x))
          .flatMap((x) => x.split(/(?<=[.!?…])\s+(?=\p{Lu})/u))
          .some((x) => AUTHOR_DATA.test(x) && citedPassageIds(x).length === 0 && invented.push(x) > 0),
      );
      return outcome?.status === 'author' && !found;
    }
    default: {
      const rules = FORM_RULES[r.kind];
      return !round.result.normocontrol.issues.some((i) => rules.test(i.rule));
    }
  }
}

/**
 * The report says truly whether the works a remark brought were new to the list (as delivered) or
 * already in it: «добавленн… в список источников» for those it lacked, «уже бывш… в списке» for
 * those it had, and neither when there are none.
 */
function reportsListTruly(brought: string[], works: ReturnType<typeof worksOf>, round: Round, detail: string): boolean {
  const listed = (id: string) => {
    const w = works.get(id);
    return round.before.bibliography.some((entry) =>
      w?.doi ? entry.toLowerCase().includes(w.doi.toLowerCase()) : !!w?.title && entry.includes(w.title),
    );
  };
  const anyNew = brought.some((id) => !listed(id));
  const anyListed = brought.some(listed);
  return /добавленн\p{L}* в список источников/u.test(detail) === anyNew && /уже бывш\p{L}* в списке/u.test(detail) === anyListed;
}

/** The new version's grounding, measured on its .docx as the quality bench measures a first writing (bench/grounding-measure.ts). */
async function groundingOf(round: Round): Promise<GroundingFigures> {
  const snapshot = round.result.snapshot;
  const sources = sourcesOfSnapshot(snapshot.input.attachedSources, snapshot).list;
  const ids = new Map<string, string>();
  for (const x of sources)
    for (const url of [x.work?.doi ? `https://doi.org/${x.work.doi}` : undefined, x.work?.url, x.work?.oaUrl]) if (url) ids.set(url, x.id);
  const numbers = (t: string) => [...t.matchAll(/\d+(?:[.,]\d+)?/g)].map((m) => m[0].replace(',', '.').replace(/^0+(?=\d)/, ''));
  return measureGrounding({
    docx: round.result.docx,
    sourceOf: new Map(round.result.sources.map((r) => [r.number, r.url ? ids.get(r.url) : undefined])),
    rangeOf: new Map(sources.map((x) => [x.id, x.work?.pages])),
    passages: snapshot.passages.list.map((p) => ({ source: p.sourceId, page: p.page, text: p.text })),
    allowed: new Set([...numbers(snapshot.input.topic), ...numbers(JSON.stringify(snapshot.outline))]),
    glossary: snapshot.plan?.glossary ?? [],
  });
}

/** The title page's paragraphs (up to the реферат). */
async function titlePage(docx: Buffer): Promise<string[]> {
  const { paragraphs } = await readDocx(docx);
  const end = paragraphs.findIndex((p) => p.text.trim() === 'РЕФЕРАТ');
  return paragraphs.slice(0, end).map((p) => p.text);
}

// ---------------------------------------------------------------- the runs

interface ModelSpec {
  name: string;
  /** `known`: the paper's texts, which the model does not say again. */
  make(known?: string[]): {
    model: Model;
    answer?: (req: FakeRequest, text: string) => string;
    behave?: (req: FakeRequest) => { status: number; retryAfterSec?: number } | undefined;
  };
}

/** Each call misbehaves one way (by its key): short, repeating, inventing, Markdown, English, refusing; a quarter get 429 first. */
const MISBEHAVING = ['short', 'repeats', 'invents', 'markdown', 'English', 'refuses'];
const MODELS: ModelSpec[] = [
  { name: 'well-behaved', make: (known) => ({ model: wellBehavedModel({ known }) }) },
  {
    name: 'misbehaving',
    make: (known) => {
      const ways = SCENARIOS.filter((s) => MISBEHAVING.includes(s.name)).map((s) => s.make());
      return {
        model: wellBehavedModel({ known }),
        answer: (req, text) => {
          const way = ways[hash(`mix:${req.key}`) % ways.length];
          return way.answer ? way.answer(req, text) : text;
        },
        behave: (req) => (req.attempt === 1 && hash(`429:${req.key}`) % 4 === 0 ? { status: 429, retryAfterSec: 1 } : undefined),
      };
    },
  },
];

interface Services {
  search: ReturnType<typeof createOpenAlexSearch>[];
  pdf: PdfConverter;
  fullTexts: ReturnType<typeof createMemoryFullTexts>;
}

/** A server of a simulated model; `model()`: the one answering now (a round's own: a round starts from the paper as delivered). */
async function llm(model: () => ReturnType<ModelSpec['make']>, speed: { rate: number; firstMs: number }) {
  return startFakeLlm({
    apiKey: 'k',
    tokensPerSecond: speed.rate,
    firstTokenMs: speed.firstMs,
    charsPerToken: CHARS_PER_TOKEN,
    behave: (req) => model().behave?.(req),
    answer: (req) => {
      const spec = model();
      const said = spec.model(req);
      const text = spec.answer ? spec.answer(req, said) : said;
      if (process.env.REVISIONS_TRACE && req.key.startsWith('remark:'))
        process.stderr.write(`--- ${req.key}\n${req.prompt.slice(req.prompt.indexOf('Фрагменты источников'))}\n>>> ${text}\n`);
      return text;
    },
  });
}

/** The paper revised: written by the well-behaved model, or read from REVISIONS_BASE (a folder) when written there before. */
async function basePaper(write: () => Promise<{ snapshot: PaperSnapshot | null; docx: Buffer }>) {
  const dir = process.env.REVISIONS_BASE;
  if (dir) {
    const cached = await readFile(path.join(dir, 'base.json'), 'utf8').catch(() => null);
    if (cached) return { snapshot: JSON.parse(cached) as PaperSnapshot, docx: await readFile(path.join(dir, 'base.docx')) };
  }
  const paper = await write();
  if (dir) {
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'base.json'), JSON.stringify(paper.snapshot));
    await writeFile(path.join(dir, 'base.docx'), paper.docx);
  }
  return { snapshot: paper.snapshot!, docx: paper.docx };
}

const ctxOf = (s: Services, url: string) => ({
  writer: createLlmWriter({ baseURL: url, apiKey: 'k', models: { basic: 'sim', professional: 'sim' }, ...WRITER }),
  search: s.search,
  checkpoints: createMemoryCheckpoints(),
  pdf: s.pdf,
  onProgress: () => {},
  fullTexts: s.fullTexts,
  fullTextDownloads: { ...FULL_TEXT_LIMITS, loopback: true },
});

/** The base paper with a repetition remark's paragraph planted: a paragraph of another section copied before the closing. */
function planted(base: PaperSnapshot, round: Remark[]): PaperSnapshot {
  const copy = JSON.parse(JSON.stringify(base)) as PaperSnapshot;
  const subsections = new Map(copy.written.subsections);
  for (const r of round.filter((x) => x.kind === 'repetition')) {
    const donor = SUBSECTIONS[(SUBSECTIONS.indexOf(r.section!) + 4) % SUBSECTIONS.length];
    const paragraph = subsections.get(donor)!.find((p, i) => i > 0 && !isTable(p) && p.length > 400)!;
    const own = subsections.get(r.section!)!;
    subsections.set(r.section!, [...own.slice(0, own.length - 1), paragraph, ...own.slice(-1)]);
    r.planted = paragraph;
  }
  copy.written.subsections = [...subsections];
  return copy;
}

/** A sentence of a section no other one has: what a Word comment of the round is made on. */
function anchorOf(s: PaperSnapshot, key: string): string {
  const texts = sectionsOf(s);
  const elsewhere = [...texts]
    .filter(([k]) => k !== key)
    .map(([, p]) => withoutMarkers(p.join(' ')))
    .join(' ');
  const sentences = (texts.get(key) ?? []).filter((p) => !isTable(p)).flatMap((p) => withoutMarkers(p).split(/(?<=\.)\s(?=\p{Lu})/u));
  return sentences.find((x) => x.length > 60 && !elsewhere.includes(x.slice(0, 50))) ?? sentences[0];
}

async function runRound(s: Services, base: PaperSnapshot, docx: Buffer, round: Remark[], url: string, n: number): Promise<Round> {
  const before = planted(base, round);
  // Alternately a Word comment on a paragraph of the section, or typed text naming it.
  const comments: CommentSpec[] = [];
  const typed: RemarkInput[] = [];
  round.forEach((r, i) => {
    if (r.section && (i + n) % 2 === 0) comments.push({ on: anchorOf(before, r.section), text: r.text });
    else
      typed.push({
        origin: 'text',
        text: r.section
          ? `${r.section === 'introduction' ? 'Во введении' : r.section === 'conclusion' ? 'В заключении' : `П. ${r.section}`}: ${r.text}`
          : r.text,
      });
  });
  // The comments in the order the .docx holds them, then the typed remarks; a remark's text is matched back by its words.
  const commented = comments.length ? remarksOfComments((await readDocxComments(await withComments(docx, comments))).comments) : [];
  const result = await revisePaper(
    before,
    { remarks: [...commented, ...typed], scope: null, versions: { from: 1, to: 2 } },
    { ...ctxOf(s, url), now: AT },
  );
  // The report's outcomes carry the remark as given: typed ones with their section named.
  for (const o of result.report.outcomes) {
    const r = round.find((x) => o.text === x.text || o.text.endsWith(`: ${x.text}`));
    if (r) o.text = r.text;
  }
  return { before, result, remarks: round };
}

interface ModelFigures {
  byClass: Record<Class, { resolved: number; total: number; fixable: number }>;
  byKind: Map<string, { resolved: number; total: number }>;
  missedExamples: string[];
  outside: number;
  titlePageChanged: number;
  violations: number;
  volumeMisses: string[];
  pages: number[];
  grounding: {
    names: number;
    pagesOutside: number;
    figures: [number, number];
    support: [number, number];
    repeated: number;
    uncited: number;
  };
  invented: number;
  groundingExamples: string[];
  seconds: number;
}

async function runModel(spec: ModelSpec, s: Services, base: PaperSnapshot, docx: Buffer, rounds: Remark[][]): Promise<ModelFigures> {
  let made = spec.make(textsOf(base));
  const server = await llm(() => made, FAST);
  const started = performance.now();
  const f: ModelFigures = {
    byClass: {
      content: { resolved: 0, total: 0, fixable: 0 },
      sources: { resolved: 0, total: 0, fixable: 0 },
      form: { resolved: 0, total: 0, fixable: 0 },
      author: { resolved: 0, total: 0, fixable: 0 },
    },
    byKind: new Map(),
    missedExamples: [],
    outside: 0,
    titlePageChanged: 0,
    violations: 0,
    volumeMisses: [],
    pages: [],
    grounding: { names: 0, pagesOutside: 0, figures: [0, 0], support: [0, 0], repeated: 0, uncited: 0 },
    invented: 0,
    groundingExamples: [],
    seconds: 0,
  };
  const baseTitle = await titlePage(docx);
  try {
    for (const [i, round] of rounds.entries()) {
      made = spec.make(textsOf(base));
      const r = await runRound(s, base, docx, round, server.url, i);
      process.stderr.write(`${spec.name}: round ${i + 1}/${rounds.length} (${round.length} remarks): ${r.result.pageCount} pages\n`);
      const dump = process.env.REVISIONS_DUMP;
      if (dump) {
        await mkdir(dump, { recursive: true });
        await writeFile(path.join(dump, `${spec.name}-${i + 1}.json`), JSON.stringify(r.result.report, null, 2));
      }
      for (const remark of round) {
        const ok = resolved(remark, r);
        const c = f.byClass[remark.class];
        c.total++;
        if (remark.fixable) c.fixable++;
        if (ok && remark.fixable) c.resolved++;
        if (!remark.fixable && !ok) f.invented++;
        const k = f.byKind.get(remark.kind) ?? { resolved: 0, total: 0 };
        k.total++;
        if (ok) k.resolved++;
        f.byKind.set(remark.kind, k);
        if (!ok && f.missedExamples.filter((e) => e.startsWith(`${remark.kind} `)).length < 2) {
          const o = r.result.report.outcomes.find((x) => x.text === remark.text);
          f.missedExamples.push(
            `${remark.kind} ${remark.section ?? 'paper'} «${remark.text}»: ${o ? `${o.status}: ${o.detail.slice(0, 120)}` : 'no outcome'}` +
              (remark.kind === 'author_data' ? ` (invented: «${invented.at(-1)?.slice(0, 120)}»)` : ''),
          );
        }
      }
      // Changes outside the sections the round's remarks concern.
      const concerned = new Set(
        round
          .filter((x) => x.class !== 'author')
          .flatMap((x) =>
            !x.section
              ? [...sectionsOf(r.before).keys()]
              : x.kind === 'chapter_conclusion'
                ? [x.section, SUBSECTIONS.filter((q) => q[0] === x.section![0]).at(-1)!]
                : [x.section],
          ),
      );
      // The introduction's sentence naming the key authors is the engine's own: it may follow the
      // list when a work left it (else it would name a work the list lacks), and only then.
      const entry = (w: string) => w.replace(/^\d+\.\s*/, '');
      const listAfter = new Set(r.result.snapshot.bibliography.map(entry));
      const workLeft = r.before.bibliography.some((w) => !listAfter.has(entry(w)));
      const ownText = (key: string, p: string[]) =>
        key === 'introduction' && workLeft ? p.filter((x) => !x.startsWith(KEY_AUTHORS_LEAD)) : p;
      const b = sectionsOf(r.before);
      for (const [key, p] of sectionsOf(r.result.snapshot))
        if (!concerned.has(key) && ownText(key, p).join('\n') !== ownText(key, b.get(key) ?? []).join('\n')) {
          f.outside++;
          process.stderr.write(`${spec.name}: round ${i + 1} changed ${key}, outside its remarks' sections\n`);
        }
      if ((await titlePage(r.result.docx)).join('\n') !== baseTitle.join('\n')) f.titlePageChanged++;
      f.violations += r.result.normocontrol.issues.length;
      f.pages.push(r.result.pageCount);
      // ±5 %, widened by what the round's remarks asked for (a page per addition, two per «раскройте подробнее»).
      const asked = round.reduce(
        (n, x) =>
          n +
          (x.kind === 'expand'
            ? 2
            : ['example', 'table', 'foreign', 'recent', 'cite_work', 'outdated', 'chapter_conclusion'].includes(x.kind)
              ? 1
              : 0),
        0,
      );
      if (r.result.pageCount < Math.ceil(VOLUME * 0.95) || r.result.pageCount > Math.floor(VOLUME * 1.05) + asked)
        f.volumeMisses.push(
          `round ${i + 1}: ${r.result.pageCount} pages (allowed ${Math.ceil(VOLUME * 0.95)}–${Math.floor(VOLUME * 1.05) + asked})`,
        );
      const g = await groundingOf(r);
      const fg = f.grounding;
      fg.names += g.inventedNames.count;
      fg.pagesOutside += g.pagesOutside.count;
      fg.figures = [fg.figures[0] + g.figures.held, fg.figures[1] + g.figures.total];
      fg.support = [fg.support[0] + g.support.passed, fg.support[1] + g.support.total];
      fg.repeated += g.repeatedParagraphs.count;
      fg.uncited += g.uncited.count;
      for (const e of [
        ...g.inventedNames.examples.map((x) => `name ${x}`),
        ...g.pagesOutside.examples.map((x) => `page ${x}`),
        ...g.figures.examples.map((x) => `figure ${x}`),
        ...g.support.examples.map((x) => `support ${x}`),
        ...g.repeatedParagraphs.examples.map((x) => `repeated ${x}`),
        ...g.uncited.examples.map((x) => `uncited ${x}`),
      ])
        if (f.groundingExamples.length < 8) f.groundingExamples.push(`round ${i + 1}: ${e}`);
    }
  } finally {
    await server.close();
  }
  f.seconds = (performance.now() - started) / 1000;
  return f;
}

/** Steps of a round that wait for each other; calls inside a step run in parallel. */
function stepOf(key: string): string {
  if (/^remark:rewrite:/.test(key)) return 'rewrite';
  if (/^remark:(add|table):/.test(key)) return /:2$/.test(key) ? 'add again' : 'add';
  if (/^remark:chapter-conclusion:/.test(key)) return 'chapter conclusion';
  const round = /^(?:verify:extended|extend:r)(\d+)/.exec(key);
  if (round) return `${key.startsWith('verify') ? 'verify' : 'extend'} ${round[1]}`;
  return key.replace(/:.*$/, '');
}

/** A round of three remarks at the generation bench's speed: wall time beside the critical-path bound. */
async function timedRound(s: Services, base: PaperSnapshot, docx: Buffer) {
  const made = MODELS[0].make(textsOf(base));
  const server = await llm(() => made, TIMED);
  // A whole section rewritten at 60 tokens/s takes longer than the fast runs' time limit.
  const slow = (url: string) => ({
    ...ctxOf({ ...s, pdf }, url),
    writer: createLlmWriter({ baseURL: url, apiKey: 'k', models: { basic: 'sim', professional: 'sim' }, ...WRITER, timeoutMs: 600_000 }),
  });
  const times: number[] = [];
  const pdf: PdfConverter = {
    ...s.pdf,
    async convert(d, o) {
      const t = performance.now();
      try {
        return await s.pdf.convert(d, o);
      } finally {
        times.push(performance.now() - t);
      }
    },
  };
  try {
    const remarks = (
      await readDocxComments(
        await withComments(docx, [
          { on: anchorOf(base, '2.1'), text: 'Раскройте подробнее' },
          { on: anchorOf(base, '3.2'), text: 'Приведите пример' },
          { on: anchorOf(base, '1.3'), text: 'Сделайте акцент на малом бизнесе Сибири' },
        ]),
      )
    ).comments;
    const started = performance.now();
    const result = await revisePaper(base, { remarks: remarksOfComments(remarks), scope: null }, { ...slow(server.url), now: AT });
    const wall = (performance.now() - started) / 1000;
    const steps = new Map<string, number>();
    for (const e of server.log) {
      const ideal = TIMED.firstMs + (e.completionTokens / TIMED.rate) * 1000;
      steps.set(stepOf(e.key), Math.max(steps.get(stepOf(e.key)) ?? 0, ideal));
    }
    const model = [...steps.values()].reduce((a, b) => a + b, 0) / 1000;
    const conversions = times.reduce((a, b) => a + b, 0) / 1000;
    return {
      wall,
      model,
      conversions,
      count: times.length,
      calls: server.log.length,
      steps,
      statuses: result.report.outcomes.map((o) => o.status),
    };
  } finally {
    await server.close();
  }
}

// ---------------------------------------------------------------- main

const corpusOf = topicCorpus(ECONOMICS);
const files: Record<string, Uint8Array> = {};
for (const [p, spec] of Object.entries(corpusOf.pdfs)) files[p] = await makePdf(spec);
const pdfServer = await startPdfServer(files);
const records = corpusOf.records(pdfServer.url);
const openalex = await startOpenAlexStandIn({ works: records.openalex });
const crossref = await startCrossrefStandIn({ works: records.crossref, lookupOnly: records.crossrefLookupOnly });
const pool = createPdfConverterPool({ size: 1 });
const services: Services = {
  search: [createOpenAlexSearch({ baseUrl: openalex.url }), createCrossrefSearch({ baseUrl: crossref.url, mailto: 'bench@example.org' })],
  pdf: pool,
  fullTexts: createMemoryFullTexts(),
};
const total = performance.now();
const missed: string[] = [];
try {
  const paper = await basePaper(async () => {
    const model = MODELS[0].make();
    const writer = await llm(() => model, FAST);
    try {
      return await generatePaper(benchPaperInput(ECONOMICS.topic, VOLUME), { ...ctxOf(services, writer.url), now: NOW });
    } finally {
      await writer.close();
    }
  });
  const base = paper.snapshot;
  process.stderr.write(`base paper: ${base.pageCount} pages, ${base.bibliography.length} sources\n`);
  // Named works: Russian works the databases have and the paper does not (found by their title and author).
  const found = new Set(base.found.map((w) => w.title));
  const named = records.openalex
    .filter((w) => w.language === 'ru' && !found.has(w.title) && w.authorships[0]?.raw_author_name)
    .slice(0, 6)
    .map((w) => ({ title: w.title, author: w.authorships[0].raw_author_name! }));
  const kinds = process.env.REVISIONS_KINDS?.split(',');
  const remarks = corpus(named).filter((r) => !kinds || kinds.includes(r.kind));
  const rounds = roundsOf(remarks);
  const only = process.argv.slice(2);
  const results: { spec: ModelSpec; f: ModelFigures }[] = [];
  for (const spec of MODELS.filter((m) => !only.length || only.includes(m.name)))
    results.push({ spec, f: await runModel(spec, services, base, paper.docx, rounds) });
  const timed = await timedRound(services, base, paper.docx);

  const count = (c: Class) => remarks.filter((r) => r.class === c).length;
  console.log(
    `Revisions of a full paper (${VOLUME} pages, «${ECONOMICS.topic}», ${base.pageCount} pages as delivered) by simulated models, ` +
      `OpenAlex/Crossref/repository stand-ins; ${remarks.length} remarks (content ${count('content')}, sources ${count('sources')}, form ${count('form')}, author-only ${count('author')}) in ${rounds.length} rounds, ` +
      `half as Word comments in the .docx, half as text\n`,
  );
  const pct = (a: number, b: number) => (b ? (100 * a) / b : 100);
  const mark = (ok: boolean) => (ok ? '' : ' ✗');
  for (const { spec, f } of results) {
    const fixable = (['content', 'sources', 'form'] as Class[]).reduce((n, c) => n + f.byClass[c].fixable, 0);
    const fixed = (['content', 'sources', 'form'] as Class[]).reduce((n, c) => n + f.byClass[c].resolved, 0);
    const author = f.byClass.author;
    const checks: [string, string, string, boolean][] = [
      [
        'fixable remarks resolved',
        `${fixed}/${fixable} = ${pct(fixed, fixable).toFixed(1)} %`,
        `≥ ${TARGETS.fixablePct} %`,
        pct(fixed, fixable) >= TARGETS.fixablePct,
      ],
      ...(['content', 'sources', 'form'] as Class[]).map((c): [string, string, string, boolean] => [
        `  ${c}`,
        `${f.byClass[c].resolved}/${f.byClass[c].fixable} = ${pct(f.byClass[c].resolved, f.byClass[c].fixable).toFixed(1)} %`,
        '',
        true,
      ]),
      [
        'author-only reported as such, nothing invented',
        `${author.resolved}/${author.total} = ${pct(author.resolved, author.total).toFixed(1)} %`,
        `${TARGETS.authorPct} %`,
        pct(author.resolved, author.total) >= TARGETS.authorPct,
      ],
      ['works no database has, listed anyway', String(f.invented), String(TARGETS.invented), f.invented <= TARGETS.invented],
      [
        'changes outside scope (sections, title page)',
        `${f.outside}, ${f.titlePageChanged}`,
        String(TARGETS.outside),
        f.outside + f.titlePageChanged <= TARGETS.outside,
      ],
      ['normocontrol violations', String(f.violations), String(TARGETS.violations), f.violations <= TARGETS.violations],
      [
        'volume outside ±5 % (+ what was asked)',
        `${f.volumeMisses.length} (pages ${Math.min(...f.pages)}–${Math.max(...f.pages)})`,
        String(TARGETS.volume),
        f.volumeMisses.length <= TARGETS.volume,
      ],
      [
        'grounding: names neither the list nor the passages hold',
        String(f.grounding.names),
        String(TARGETS.names),
        f.grounding.names <= TARGETS.names,
      ],
      [
        'grounding: cited pages outside the work',
        String(f.grounding.pagesOutside),
        String(TARGETS.pagesOutside),
        f.grounding.pagesOutside <= TARGETS.pagesOutside,
      ],
      [
        'grounding: figures held by their cited page',
        `${f.grounding.figures[0]}/${f.grounding.figures[1]} = ${pct(...f.grounding.figures).toFixed(1)} %`,
        `${TARGETS.figuresHeldPct} %`,
        pct(...f.grounding.figures) >= TARGETS.figuresHeldPct,
      ],
      [
        'grounding: citations whose page holds the statement',
        `${f.grounding.support[0]}/${f.grounding.support[1]} = ${pct(...f.grounding.support).toFixed(1)} %`,
        `≥ ${TARGETS.supportPct} %`,
        pct(...f.grounding.support) >= TARGETS.supportPct,
      ],
      ['grounding: repeated paragraphs', String(f.grounding.repeated), String(TARGETS.repeated), f.grounding.repeated <= TARGETS.repeated],
      ['grounding: listed works never cited', String(f.grounding.uncited), String(TARGETS.uncited), f.grounding.uncited <= TARGETS.uncited],
    ];
    console.log(`${spec.name} model (${f.seconds.toFixed(0)} s):`);
    for (const [what, figure, target, ok] of checks) {
      console.log(`  ${what.padEnd(50)} ${figure.padStart(22)}   ${target ? `target ${target}` : ''}${mark(ok)}`);
      if (!ok) missed.push(`${spec.name}: ${what}`);
    }
    console.log(`  by kind: ${[...f.byKind].map(([k, v]) => `${k} ${v.resolved}/${v.total}`).join(', ')}`);
    for (const e of [...f.missedExamples, ...f.volumeMisses, ...f.groundingExamples]) console.log(`    ${e}`);
    console.log('');
  }
  const bound = timed.model + timed.conversions;
  const timedOk = timed.wall <= TARGETS.seconds;
  console.log(
    `A round of 3 remarks (Word comments) at ${TIMED.rate} tokens/s per stream, ${TIMED.firstMs / 1000} s to the first token: ` +
      `${timed.calls} model calls, ${timed.count} PDF conversions; outcomes ${timed.statuses.join(', ')}`,
  );
  console.log(`  steps: ${[...timed.steps].map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} с`).join(', ')}`);
  console.log(`  critical-path bound: ${bound.toFixed(1)} s (model ${timed.model.toFixed(1)} s + PDF ${timed.conversions.toFixed(1)} s)`);
  console.log(
    `  wall time: ${timed.wall.toFixed(1)} s = ${(timed.wall / bound).toFixed(2)} × the bound   target ≤ ${TARGETS.seconds} s${mark(timedOk)}`,
  );
  if (!timedOk) missed.push('a round of three remarks within 3 minutes');
} finally {
  await pool.close();
  await pdfServer.close();
  await openalex.close();
  await crossref.close();
}
console.log(
  `\n${missed.length ? `missed: ${missed.join('; ')}` : 'every target met'}; total ${((performance.now() - total) / 1000).toFixed(0)} s`,
);
process.exitCode = missed.length ? 1 : 0;
