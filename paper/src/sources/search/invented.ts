/**
 * The development stand-in of the bibliographic databases. Asked anything, it invents works that
 * fit the query: titles, abstracts and full texts with printed pages made from the query's words,
 * the same ones for the same query, as many as a 100-page paper wants. So an installation without
 * databases writes on any topic, as the offline writer does, and the engine reads, cites and checks
 * these works exactly as real ones. Every work is `invented`: its list entry says so in a note, the
 * preview shows it, the AI appendix counts them. The api asks it only outside production and while
 * no database is configured (api/src/config.ts).
 */
import { createHash } from 'node:crypto';
import type { Person, FoundWork } from '../../bibliography/types.ts';
import { isCyrillic } from '../../bibliography/text.ts';
import { terms } from '../relevance.ts';
import type { BibliographicSearch } from './types.ts';

export const INVENTED_SEARCH = 'invented';
/** The note of an invented work's list entry. */
export const INVENTED_NOTE = 'Вымышленная запись режима разработки: такой публикации не существует';

/** A query is answered with this many works (before its minimum year): a 100-page paper picks 50. */
const WORKS_RU = 50;
const WORKS_EN = 20;
/** Publication years: from this many years back to the current one. */
const YEARS_BACK = 15;
/** The range of each percentage of the sentences ({P2} positive, {P3} negative ratings: never over 100 together). */
const PERCENT_RANGES: Record<number, [number, number]> = { 1: [20, 80], 2: [40, 70], 3: [5, 30], 4: [10, 45], 5: [15, 60], 6: [50, 80] };

/** Numbers drawn from a seed: the same seed always gives the same ones. */
function drawer(seed: string): (n: number) => number {
  let counter = 0;
  return (n) => createHash('sha256').update(`${seed}#${counter++}`).digest().readUInt32BE(0) % n;
}

const RU = {
  surnames:
    'Абрамова Белов Васильева Гордеев Давыдова Ершов Жукова Зуев Игнатьева Калинин Лаптева Мельников Никитина Осипов Панова Родионов Савина Тихонов Ульянова Фролов Харитонова Цветков Чернова Шестаков Щербакова Юдин Яковлева Богданов Воронина Гусев'.split(
      ' ',
    ),
  initials: ['А. В.', 'Е. С.', 'И. П.', 'О. Н.', 'Д. А.', 'М. Ю.', 'Н. Г.', 'С. В.', 'Т. И.', 'Ю. К.', 'Л. М.', 'В. Р.'],
  aspects: [
    'теоретический аспект',
    'опыт российских регионов',
    'проблемы и пути решения',
    'эмпирическое исследование',
    'методический подход',
    'анализ практики',
    'зарубежный опыт',
    'факторы и механизмы',
    'статистический анализ',
    'модели и инструменты',
    'риски и ограничения',
    'оценка результатов',
    'обзор исследований',
    'институциональный аспект',
    'региональный аспект',
    'правовые условия',
    'показатели и индикаторы',
    'опыт внедрения',
    'тенденции последних лет',
    'сравнительный анализ',
    'социологический аспект',
    'экономические последствия',
    'роль государства',
    'взгляд практиков',
    'результаты опроса',
    'концептуальные основы',
    'междисциплинарный подход',
    'прогноз развития',
    'международные сопоставления',
    'кадровый аспект',
    'цифровые инструменты',
    'управленческий аспект',
    'финансовые условия',
    'инфраструктурные ограничения',
    'перспективы до 2030 года',
    'материалы мониторинга',
    'качественное исследование',
    'сценарный анализ',
    'проблемы измерения',
    'уроки кризисных лет',
  ],
  books: ['монография', 'учебное пособие', 'учебник для вузов', 'коллективная монография', 'практикум'],
  review: 'аналитический обзор',
  journals: [
    'Вестник условных исследований',
    'Учебный научный журнал',
    'Демонстрационный научный вестник',
    'Журнал примерных исследований',
  ],
  publisher: 'Демонстрационное издательство',
  place: 'Москва',
  abstract: (q: string, aspect: string) =>
    `В статье рассматривается тема «${q}» (${aspect}): обобщены данные обследования организаций и предложены меры, учитывающие доступность ресурсов и качество управления.`,
  sentences: [
    'Работа посвящена теме «{Q}» ({A}).',
    'По данным обследования {Y} года, {P1} % опрошенных специалистов назвали тему «{Q}» одной из приоритетных.',
    'За период с {Y0} по {Y} год число проектов по теме «{Q}» выросло в {K} раза.',
    'Выборка исследования включала {N1} организаций из {N2} субъектов Российской Федерации.',
    'Наиболее значимыми факторами для темы «{Q}» авторы считают доступность ресурсов, квалификацию участников и качество регулирования.',
    'Доля участников, оценивших результаты как положительные, составила {P2} %, тогда как отрицательную оценку дали {P3} %.',
    'Сопоставление показателей по теме «{Q}» выявило разрыв в {P4} % между лидерами и отстающими.',
    'Средний срок реализации мероприятий составил {M1} месяцев при плановом значении {M2} месяцев.',
    'Главным ограничением остаётся нехватка данных: лишь {P5} % организаций ведут систематический учёт по теме «{Q}».',
    'Полученные результаты согласуются с выводами предыдущих исследований и уточняют их для темы «{Q}».',
    'Затраты на внедрение изменений окупаются в среднем за {M1} месяцев, если проект поддержан руководством.',
    'В {Y} году на долю крупных участников пришлось {P6} % совокупного объёма, остальное — на долю малых и средних.',
    'Практический вывод состоит в том, что тема «{Q}» требует согласованных действий государства, бизнеса и общества.',
    'Методика исследования сочетает анкетирование, интервью и анализ открытых статистических данных.',
    'Полученные оценки устойчивы к изменению состава выборки и периода наблюдения.',
    'В условиях ограниченного бюджета приоритет получают меры с быстрым и измеримым эффектом.',
    'Отдельно рассмотрены различия между крупными городами и небольшими населёнными пунктами.',
    'Авторы предлагают систему из {N3} показателей для мониторинга ситуации по теме «{Q}».',
  ],
};

const EN = {
  surnames: 'Anderson Becker Clarke Dawson Ellis Fischer Grant Hughes Iverson Jensen Keller Larsen Morgan Nolan Olsen Parker'.split(' '),
  initials: ['A. J.', 'M. K.', 'R. T.', 'S. L.', 'D. P.', 'E. M.', 'J. W.', 'L. C.'],
  aspects: [
    'evidence from Russian regions',
    'a systematic review',
    'theory and practice',
    'an empirical study',
    'challenges and prospects',
    'a comparative analysis',
    'drivers and barriers',
    'a survey-based study',
    'policy implications',
    'lessons from international experience',
    'a panel data analysis',
    'a conceptual framework',
  ],
  books: ['a monograph', 'a textbook'],
  review: 'an analytical review',
  journals: ['Journal of Invented Studies', 'Demonstration Research Review', 'Sample Science Quarterly'],
  publisher: 'Demonstration Press',
  place: 'London',
  abstract: (q: string, aspect: string) =>
    `The article examines "${q}" (${aspect}): it summarises a survey of organisations and proposes measures that take account of access to resources and the quality of management.`,
  sentences: [
    'The study addresses "{Q}" ({A}).',
    'According to a survey conducted in {Y}, {P1} % of the experts named "{Q}" among their priorities.',
    'Between {Y0} and {Y} the number of projects related to "{Q}" grew {K} times.',
    'The sample covered {N1} organisations from {N2} regions.',
    'The authors identify access to resources, the skills of participants and the quality of regulation as the main drivers of "{Q}".',
    'The share of respondents who rated the outcomes positively was {P2} %, while {P3} % rated them negatively.',
    'A comparison of indicators for "{Q}" revealed a gap of {P4} % between the leaders and the laggards.',
    'On average, the measures took {M1} months to implement against the planned {M2} months.',
    'The lack of data remains the main constraint: only {P5} % of the organisations keep systematic records on "{Q}".',
    'The findings are consistent with earlier studies and refine them for "{Q}".',
    'The methodology combines a questionnaire survey, interviews and open statistical data.',
    'The estimates remain stable when the sample and the observation period change.',
  ],
};

type Lang = typeof RU | typeof EN;

/** The query as a title: one line, its first letter a capital. */
function titleOf(query: string): string {
  const q = query.replace(/\s+/g, ' ').trim();
  return q.charAt(0).toUpperCase() + q.slice(1);
}

function inventWork(query: string, i: number, now: number, lang: Lang): FoundWork {
  const draw = drawer(`${query.toLowerCase()}|${i}`);
  const ru = lang === RU;
  const book = i % 5 === 4;
  const year = now - draw(YEARS_BACK);
  const firstAuthor = (i * 11) % lang.surnames.length;
  const authors: Person[] = Array.from({ length: 1 + draw(3) }, (_, k) => ({
    family: lang.surnames[(firstAuthor + k * 7) % lang.surnames.length],
    given: lang.initials[draw(lang.initials.length)],
  }));
  const aspect = lang.aspects[i % lang.aspects.length];
  const title = titleOf(query);
  const common = {
    provider: INVENTED_SEARCH,
    id: `invented:${createHash('sha256').update(`${query.toLowerCase()}|${i}`).digest('hex').slice(0, 16)}`,
    title,
    authors,
    year,
    language: ru ? 'ru' : 'en',
    abstract: lang.abstract(title, aspect),
    invented: true as const,
  };
  if (book)
    return {
      ...common,
      kind: 'book',
      subtitle: lang.books[Math.floor(i / 5) % lang.books.length],
      publisher: lang.publisher,
      place: lang.place,
      pageCount: 120 + draw(200),
    };
  const first = 3 + draw(180);
  return {
    ...common,
    kind: 'article',
    subtitle: aspect,
    container: lang.journals[draw(lang.journals.length)],
    volume: String(year - 2000),
    issue: String(1 + draw(12)),
    pages: `${first}–${first + 5 + draw(7)}`,
  };
}

export function createInventedSearch(options: { now?: () => Date } = {}): BibliographicSearch {
  const now = options.now ?? (() => new Date());
  return {
    name: INVENTED_SEARCH,
    // Like a local catalogue, a paper from it is not held to the minimum of sources (the offline
    // writer cites few of a demo's works); the api checks an order's topic against it before payment.
    offline: true,
    async search(q) {
      // A query of framing words only ("Теоретические основы исследования") is about no topic: a
      // real database would bring works on other topics, which the engine leaves out anyway.
      if (!terms(q.query).length) return [];
      const lang = isCyrillic(q.query) ? RU : EN;
      const year = now().getFullYear();
      return Array.from({ length: lang === RU ? WORKS_RU : WORKS_EN }, (_, i) => inventWork(q.query, i, year, lang))
        .filter((w) => w.year >= q.minYear)
        .slice(0, q.limit);
    },
  };
}

/** The first and last printed page of "34–41", or null. */
function pageSpan(pages: string | undefined): { first: number; count: number } | null {
  const m = /(\d+)\s*[-–—]\s*(\d+)/.exec(pages ?? '');
  if (!m || Number(m[2]) < Number(m[1])) return null;
  return { first: Number(m[1]), count: Math.min(30, Number(m[2]) - Number(m[1]) + 1) };
}

/**
 * The full text of an invented work, page by page, each page's number printed at its foot: the
 * article's own pages, or eight pages of a book. Made from its title and abstract (the query's
 * words), the same every time.
 */
export function inventedFullText(work: FoundWork): string[] {
  const draw = drawer(`${work.id}|text`);
  const lang = isCyrillic(work.title) ? RU : EN;
  const span = pageSpan(work.pages) ?? { first: 11 + draw(90), count: 8 };
  const topic = work.title;
  const fill = (template: string) =>
    template
      .replace(/\{Q\}/g, topic)
      .replace(/\{A\}/g, work.subtitle ?? lang.review)
      .replace(/\{Y0\}/g, String(work.year - 4 - draw(4)))
      .replace(/\{Y\}/g, String(work.year - 1))
      .replace(/\{K\}/g, String(2 + draw(3)))
      .replace(/\{N1\}/g, String(40 + draw(400)))
      .replace(/\{N2\}/g, String(5 + draw(40)))
      .replace(/\{N3\}/g, String(5 + draw(10)))
      .replace(/\{M1\}/g, String(6 + draw(12)))
      .replace(/\{M2\}/g, String(9 + draw(12)))
      .replace(/\{P(\d)\}/g, (_, n: string) => {
        const [from, to] = PERCENT_RANGES[Number(n)];
        return String(from + draw(to - from + 1));
      });
  // Every sentence of the bank once before any repeats (a shuffled deck).
  let deck: string[] = [];
  const next = () => {
    if (!deck.length) {
      deck = [...lang.sentences];
      for (let i = deck.length - 1; i > 0; i--) {
        const j = draw(i + 1);
        [deck[i], deck[j]] = [deck[j], deck[i]];
      }
    }
    return fill(deck.pop()!);
  };
  const pages: string[] = [];
  for (let p = 0; p < span.count; p++) {
    const paragraphs = Array.from({ length: 3 }, () => Array.from({ length: 3 + draw(2) }, next).join(' '));
    pages.push(`${paragraphs.join('\n\n')}\n\n${span.first + p}`);
  }
  return pages;
}
