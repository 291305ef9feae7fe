/**
 * A realistic corpus per topic for the OpenAlex and Crossref stand-ins and the PDF server: about
 * 45 Russian works (authors in Cyrillic through raw_author_name, journals, volumes and issues,
 * pages, two textbooks completed by a DOI lookup), 10 English ones, a few open PDFs whose printed
 * pages are the record's pages, a dead PDF link, and off-topic works a generic query brings in.
 *
 * The stand-ins answer a query with the first 25 matching records in the order given, while the
 * offline writer's outline searches the topic and three generic chapter titles. So the records
 * come in two groups, as a real database's ranking would spread them: group A (found by the
 * topic) never uses a word of the generic chapter titles, group B (found by those) does, and
 * Crossref lists its copies in the opposite order.
 */
import type { PaperInput } from '../../src/index.ts';
import type { CrossrefRecord } from './crossref-stand-in.ts';
import { invertedIndex } from './openalex-stand-in.ts';
import type { OpenAlexRecord } from './openalex-stand-in.ts';
import { wrap, type TestPdf } from './pdf-server.ts';
import { matches } from './stand-in-server.ts';

interface Journal {
  name: string;
  publisher: string;
  host: string;
  /** The DOI prefix of its publisher. */
  prefix: string;
}

export interface TopicSpec {
  /** Short name: the table's row and the PDFs' folder. */
  key: string;
  topic: string;
  /** Russian subjects of titles, each with a word of the topic, none with a word of the generic chapter titles. */
  subjects: string[];
  /** Where or how (group A): "в регионах России". */
  contexts: string[];
  /** Sentences of abstracts (group A too: no word of the generic chapter titles). */
  claims: string[];
  /** Sentences printed on the pages of the open PDFs. */
  pageSentences: string[];
  /** English titles: 8 in OpenAlex, the last 2 only in Crossref. */
  englishTitles: string[];
  /** English abstracts and pages. */
  englishSentences: string[];
  journals: Journal[];
  englishJournals: Journal[];
}

/** The offline writer's default chapter titles: every paper it outlines searches them too. */
const GENERIC_QUERIES = [
  'Теоретические основы исследования',
  'Анализ современного состояния объекта исследования',
  'Направления совершенствования и оценка их эффективности',
];

/** Group B: subtitles and abstract sentences with the generic chapter titles' words. */
const GROUP_B = [
  {
    subtitle: 'теоретические основы и понятийный аппарат',
    sentence: 'Изложены теоретические основы исследования и уточнён понятийный аппарат.',
  },
  { subtitle: 'анализ современного состояния', sentence: 'Проведён анализ современного состояния по данным региональной статистики.' },
  {
    subtitle: 'направления совершенствования и оценка эффективности',
    sentence: 'Предложены направления совершенствования практики и дана оценка их эффективности.',
  },
];

/** Found by a generic chapter title, off every topic here: the ranking must leave them out. */
const OFF_TOPIC = [
  {
    title: 'Анализ устойчивости откосов земляного полотна железных дорог',
    abstract: 'Анализ устойчивости откосов выполнен методом конечных элементов для глинистых грунтов.',
    journal: 'Транспортное строительство',
  },
  {
    title: 'Оценка эффективности лечения артериальной гипертензии у пожилых пациентов',
    abstract: 'Оценка эффективности комбинированной терапии проведена у двухсот пациентов старше семидесяти лет.',
    journal: 'Кардиология',
  },
  {
    title: 'Современное состояние популяции сибирской косули в Забайкалье',
    abstract: 'Современное состояние популяции косули изучено по данным зимних маршрутных учётов.',
    journal: 'Зоологический журнал',
  },
  {
    title: 'Теоретические основы синтеза азотсодержащих гетероциклов',
    abstract: 'Теоретические основы синтеза гетероциклов рассмотрены с позиций квантовой химии.',
    journal: 'Журнал органической химии',
  },
];

export const SURNAMES = [
  'Иванов',
  'Смирнова',
  'Кузнецов',
  'Попова',
  'Васильев',
  'Петрова',
  'Соколов',
  'Михайлова',
  'Новиков',
  'Фёдорова',
  'Морозов',
  'Волкова',
  'Алексеев',
  'Лебедева',
  'Семёнов',
  'Егорова',
  'Павлов',
  'Козлова',
  'Степанов',
  'Николаева',
  'Орлов',
  'Андреева',
  'Макаров',
  'Захарова',
  'Зайцев',
  'Соловьёва',
  'Борисов',
  'Яковлева',
  'Григорьев',
  'Романова',
];
export const INITIALS = ['А.В.', 'Е.С.', 'И.П.', 'О.Н.', 'Д.А.', 'М.Ю.', 'Н.Г.', 'С.В.', 'Т.И.', 'Ю.К.', 'Л.М.'];
const ENGLISH_AUTHORS = [
  'Anna Schmidt',
  'Peter Adams',
  'Maria Rossi',
  'John Carter',
  'Wei Li',
  'Elena Garcia',
  'Thomas Miller',
  'Sarah Johnson',
  'David Brown',
  'Olga Ivanova',
  'Marco Bianchi',
];
/** Years from 2008 to 2025, most of them recent (2008 and 2009 fall below the paper's minimum year). */
const YEARS = [
  2021, 2018, 2023, 2012, 2019, 2024, 2016, 2009, 2022, 2014, 2020, 2025, 2017, 2011, 2023, 2015, 2021, 2008, 2019, 2022, 2013, 2024, 2010,
  2020,
];
const GROUP_A = 25;
const GROUP_B_SIZE = 20;
/** Russian works with an open PDF (recent ones), and one whose PDF link is dead. */
const RUSSIAN_PDFS = [0, 1, 2, 4, 5, 6];
const DEAD_LINK = 8;
const ENGLISH_PDFS = [0, 2];
/** Textbooks: OpenAlex lacks their publisher and place, a DOI lookup in Crossref gives them. */
const BOOKS = [12, 22];
const BOOK_PUBLISHERS = [
  { publisher: 'Юрайт', place: 'Москва' },
  { publisher: 'Инфра-М', place: 'Москва' },
];

const LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** OpenAlex's display name of a Russian author: a Latin transliteration. */
export function transliterate(text: string): string {
  return [...text]
    .map((c) => {
      const latin = LATIN[c.toLowerCase()];
      if (latin === undefined) return c;
      return c === c.toLowerCase() ? latin : latin.charAt(0).toUpperCase() + latin.slice(1);
    })
    .join('');
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** Group A must stay out of the generic chapter titles' results, or the stand-ins would never reach group B. */
function outsideGenericQueries(text: string): string {
  const query = GENERIC_QUERIES.find((q) => matches(q, text));
  if (query) throw new Error(`a group A text matches «${query}»: ${text}`);
  return text;
}

interface RussianWork {
  index: number;
  title: string;
  abstract: string;
  year: number;
  authors: string[];
  journal: Journal;
  kind: 'article' | 'book';
  volume: string;
  issue: string;
  firstPage: number;
  lastPage: number;
  doi: string;
  pdf: 'open' | 'dead' | null;
}

interface EnglishWork {
  index: number;
  title: string;
  abstract: string;
  year: number;
  authors: string[];
  journal: Journal;
  volume: string;
  issue: string;
  firstPage: number;
  lastPage: number;
  doi: string;
  pdf: boolean;
}

function russianWorks(spec: TopicSpec): RussianWork[] {
  const out: RussianWork[] = [];
  for (let i = 0; i < GROUP_A + GROUP_B_SIZE; i++) {
    const inA = i < GROUP_A;
    const j = inA ? i : i - GROUP_A;
    const subject = spec.subjects[Math.floor(j / 3) % spec.subjects.length];
    const claims = [spec.claims[i % spec.claims.length], spec.claims[(i + 3) % spec.claims.length]];
    const b = GROUP_B[j % 3];
    const book = BOOKS.includes(i);
    const title = inA ? `${subject} ${spec.contexts[j % 3]}` : `${subject}: ${b.subtitle}`;
    const abstract = inA
      ? `Предметом статьи является ${lowerFirst(subject)} ${spec.contexts[j % 3]}. ${claims.join(' ')}`
      : `Предметом статьи является ${lowerFirst(subject)}. ${b.sentence} ${claims[0]}`;
    if (inA) outsideGenericQueries(`${title} ${abstract}`);
    const pdf = RUSSIAN_PDFS.includes(i) ? 'open' : i === DEAD_LINK ? 'dead' : null;
    const year = YEARS[i % YEARS.length];
    const journal = spec.journals[i % spec.journals.length];
    const firstPage = 5 + ((i * 37) % 190);
    const span = pdf === 'open' ? 4 + (i % 3) : 6 + (i % 9);
    out.push({
      index: i,
      title: book ? `${title}: учебное пособие` : title,
      abstract,
      year,
      authors: Array.from(
        { length: 1 + (i % 3) },
        (_, k) => `${SURNAMES[(i * 7 + k * 11) % SURNAMES.length]} ${INITIALS[(i + k * 5) % INITIALS.length]}`,
      ),
      journal,
      kind: book ? 'book' : 'article',
      volume: String(10 + (i % 15)),
      issue: String(1 + (i % 6)),
      firstPage,
      lastPage: firstPage + span - 1,
      doi: `${journal.prefix}/${spec.key}.${year}.${i + 1}`,
      pdf,
    });
  }
  return out;
}

function englishWorks(spec: TopicSpec): EnglishWork[] {
  return spec.englishTitles.map((title, i) => {
    const year = YEARS[(i * 5 + 2) % YEARS.length];
    const journal = spec.englishJournals[i % spec.englishJournals.length];
    const firstPage = 100 + ((i * 211) % 900);
    const pdf = ENGLISH_PDFS.includes(i);
    return {
      index: i,
      title,
      abstract: [0, 3].map((k) => spec.englishSentences[(i + k) % spec.englishSentences.length]).join(' '),
      year,
      authors: Array.from({ length: 1 + (i % 3) }, (_, k) => ENGLISH_AUTHORS[(i * 3 + k) % ENGLISH_AUTHORS.length]),
      journal,
      volume: String(40 + i),
      issue: String(1 + (i % 4)),
      firstPage,
      lastPage: firstPage + (pdf ? 3 + (i % 3) : 9 + (i % 7)),
      doi: `${journal.prefix}/${spec.key}-en.${year}.${i + 1}`,
      pdf,
    };
  });
}

const pdfPath = (spec: TopicSpec, name: string) => `/${spec.key}/${name}.pdf`;

/** What a repository puts before an article it serves: an unnumbered cover sheet. */
const COVER_SHEET = [
  'Электронный научный репозиторий открытого доступа',
  'Статья загружена из репозитория 01.03.2025',
  'URI: https://repository.example.org/handle/123456789/4242',
];

/** The printed pages of an open PDF: the journal's running head, two paragraphs, the page number (a cover sheet first, when asked). */
function pdfOf(sentences: string[], seed: number, head: string, first: number, last: number, cover = false): TestPdf {
  const pages: string[][] = cover ? [COVER_SHEET] : [];
  for (let page = first, k = 0; page <= last; page++, k++) {
    const pick = (n: number) => sentences[(seed * 5 + k * 4 + n) % sentences.length];
    pages.push([head, ...wrap(`${pick(0)} ${pick(1)}`), '', ...wrap(`${pick(2)} ${pick(3)}`), '', String(page)]);
  }
  return { pages };
}

export interface TopicCorpus {
  spec: TopicSpec;
  /** The open PDFs by their path on the PDF server. */
  pdfs: Record<string, TestPdf>;
  /** The records, the PDFs linked at the PDF server's `url`. */
  records(url: (path: string) => string): { openalex: OpenAlexRecord[]; crossref: CrossrefRecord[]; crossrefLookupOnly: CrossrefRecord[] };
  /** How many works of each kind the databases hold. */
  counts: { russian: number; english: number; offTopic: number; openPdfs: number };
  /** The DOIs of the off-topic works (none of them belongs in a list). */
  offTopicDois: string[];
}

/** `coverSheets`: each open PDF starts with a repository's cover sheet (one page more than the record's). */
export function topicCorpus(spec: TopicSpec, options: { coverSheets?: boolean } = {}): TopicCorpus {
  const russian = russianWorks(spec);
  const english = englishWorks(spec);
  const inOpenAlex = english.slice(0, 8);
  const crossrefOnlyEnglish = english.slice(8);
  const pdfs: Record<string, TestPdf> = {};
  for (const w of russian.filter((x) => x.pdf === 'open'))
    pdfs[pdfPath(spec, `ru-${w.index + 1}`)] = pdfOf(
      spec.pageSentences,
      w.index,
      `${w.journal.name}. ${w.year}. Т. ${w.volume}, № ${w.issue}`,
      w.firstPage,
      w.lastPage,
      options.coverSheets,
    );
  for (const w of english.filter((x) => x.pdf))
    pdfs[pdfPath(spec, `en-${w.index + 1}`)] = pdfOf(
      spec.englishSentences,
      w.index,
      `${w.journal.name}. ${w.year}. Vol. ${w.volume}, no. ${w.issue}`,
      w.firstPage,
      w.lastPage,
      options.coverSheets,
    );
  const crossrefOnlyRussian = [0, 4, 8].map((s, k) => {
    const subject = spec.subjects[s % spec.subjects.length];
    const year = YEARS[(k * 3 + 1) % YEARS.length];
    const journal = spec.journals[(k + 2) % spec.journals.length];
    const first = 30 + k * 40;
    return {
      DOI: `${journal.prefix}/${spec.key}-cr.${year}.${k + 1}`,
      title: [`${subject}: обзор литературы`],
      author: [{ family: SURNAMES[(k * 4 + 1) % SURNAMES.length], given: 'Ирина Сергеевна' }],
      'container-title': [journal.name],
      issued: { 'date-parts': [[year, 3]] },
      volume: String(20 + k),
      issue: String(2 + k),
      page: `${first}-${first + 11}`,
      type: 'journal-article',
      publisher: journal.publisher,
      abstract: `<jats:p>Обзор посвящён теме: ${lowerFirst(subject)}. ${spec.claims[k * 2]} ${spec.claims[k * 2 + 1]}</jats:p>`,
      language: 'ru',
    } satisfies CrossrefRecord;
  });

  const offTopicDoi = (i: number) => `10.5555/off.${spec.key}.${i + 1}`;
  const records = (url: (path: string) => string) => {
    const openalex: OpenAlexRecord[] = [
      ...russian.map((w): OpenAlexRecord => {
        const landing = `https://${w.journal.host}/article/view/${spec.key}-${w.index + 1}`;
        const pdfUrl = w.pdf === 'open' ? url(pdfPath(spec, `ru-${w.index + 1}`)) : w.pdf === 'dead' ? url('/missing.pdf') : null;
        return {
          id: `https://openalex.org/W4${spec.key.length}${String(w.index).padStart(6, '0')}`,
          doi: `https://doi.org/${w.doi}`,
          title: w.title,
          publication_year: w.year,
          type: w.kind,
          language: 'ru',
          authorships: w.authors.map((name) => ({ author: { display_name: transliterate(name) }, raw_author_name: name })),
          primary_location:
            w.kind === 'book'
              ? { landing_page_url: null, source: null }
              : { landing_page_url: landing, source: { display_name: w.journal.name, host_organization_name: w.journal.publisher } },
          best_oa_location: pdfUrl ? { landing_page_url: landing, pdf_url: pdfUrl } : null,
          open_access: { oa_url: pdfUrl },
          // OpenAlex often lacks a Russian journal's volume; Crossref's copy has it.
          biblio:
            w.kind === 'book'
              ? { volume: null, issue: null, first_page: null, last_page: null }
              : {
                  volume: w.index % 4 === 0 ? null : w.volume,
                  issue: w.issue,
                  first_page: String(w.firstPage),
                  last_page: String(w.lastPage),
                },
          abstract_inverted_index: invertedIndex(w.abstract),
        };
      }),
      ...inOpenAlex.map((w): OpenAlexRecord => ({
        id: `https://openalex.org/W3${spec.key.length}${String(w.index).padStart(6, '0')}`,
        doi: `https://doi.org/${w.doi}`,
        title: w.title,
        publication_year: w.year,
        type: 'article',
        language: 'en',
        authorships: w.authors.map((name) => ({ author: { display_name: name } })),
        primary_location: {
          landing_page_url: `https://${w.journal.host}/article/${w.index + 1}`,
          source: { display_name: w.journal.name, host_organization_name: w.journal.publisher },
        },
        best_oa_location: w.pdf ? { pdf_url: url(pdfPath(spec, `en-${w.index + 1}`)) } : null,
        open_access: { oa_url: w.pdf ? url(pdfPath(spec, `en-${w.index + 1}`)) : null },
        biblio: { volume: w.volume, issue: w.issue, first_page: String(w.firstPage), last_page: String(w.lastPage) },
        abstract_inverted_index: invertedIndex(w.abstract),
      })),
      ...OFF_TOPIC.map((w, i): OpenAlexRecord => ({
        id: `https://openalex.org/W2${spec.key.length}${String(i).padStart(6, '0')}`,
        doi: `https://doi.org/${offTopicDoi(i)}`,
        title: w.title,
        publication_year: 2019 + i,
        type: 'article',
        language: 'ru',
        authorships: [{ author: { display_name: transliterate(`${SURNAMES[i + 20]} А.А.`) }, raw_author_name: `${SURNAMES[i + 20]} А.А.` }],
        primary_location: { landing_page_url: `https://example.org/off/${i + 1}`, source: { display_name: w.journal } },
        biblio: { volume: String(50 + i), issue: '2', first_page: '11', last_page: '19' },
        abstract_inverted_index: invertedIndex(w.abstract),
      })),
    ];
    const person = (name: string) => {
      const [family, initials] = name.split(' ');
      return { family, given: initials.replace(/\.(?=\S)/g, '. ') };
    };
    // Crossref knows two Russian articles of three (no abstracts, but the volumes), listed in its own order.
    const russianCopies = russian
      .filter((w) => w.kind === 'article' && w.index % 3 !== 2)
      .reverse()
      .map((w): CrossrefRecord => ({
        DOI: w.doi,
        URL: `https://doi.org/${w.doi}`,
        title: [w.title],
        author: w.authors.map(person),
        'container-title': [w.journal.name],
        issued: { 'date-parts': [[w.year]] },
        volume: w.volume,
        issue: w.issue,
        page: `${w.firstPage}-${w.lastPage}`,
        type: 'journal-article',
        publisher: w.journal.publisher,
        language: 'ru',
      }));
    const englishRecord = (w: EnglishWork): CrossrefRecord => ({
      DOI: w.doi,
      URL: `https://doi.org/${w.doi}`,
      title: [w.title],
      author: w.authors.map((a) => ({ given: a.split(' ')[0], family: a.split(' ')[1] })),
      'container-title': [w.journal.name],
      issued: { 'date-parts': [[w.year, 1 + (w.index % 12)]] },
      volume: w.volume,
      issue: w.issue,
      page: `${w.firstPage}-${w.lastPage}`,
      type: 'journal-article',
      publisher: w.journal.publisher,
      abstract: `<jats:p>${w.abstract}</jats:p>`,
      language: 'en',
    });
    const crossref = [...crossrefOnlyRussian, ...crossrefOnlyEnglish.map(englishRecord), ...russianCopies];
    const crossrefLookupOnly = russian
      .filter((w) => w.kind === 'book')
      .map((w, k): CrossrefRecord => {
        const at = w.title.lastIndexOf(': ');
        return {
          DOI: w.doi,
          title: [w.title.slice(0, at)],
          subtitle: [w.title.slice(at + 2)],
          author: w.authors.map(person),
          issued: { 'date-parts': [[w.year]] },
          type: 'book',
          publisher: BOOK_PUBLISHERS[k % BOOK_PUBLISHERS.length].publisher,
          'publisher-location': BOOK_PUBLISHERS[k % BOOK_PUBLISHERS.length].place,
          ISBN: [`978-5-534-${String(10000 + w.index * 37).slice(0, 5)}-${k}`],
        };
      });
    return { openalex, crossref, crossrefLookupOnly };
  };

  return {
    spec,
    pdfs,
    records,
    counts: {
      russian: russian.length + crossrefOnlyRussian.length,
      english: english.length,
      offTopic: OFF_TOPIC.length,
      openPdfs: Object.keys(pdfs).length,
    },
    offTopicDois: OFF_TOPIC.map((_, i) => offTopicDoi(i)),
  };
}

export const ECONOMICS: TopicSpec = {
  key: 'economics',
  topic: 'Цифровая трансформация управления малым бизнесом в регионах России',
  subjects: [
    'Цифровая трансформация малого бизнеса',
    'Управление малым бизнесом в цифровой экономике',
    'Цифровые платформы для малого предпринимательства',
    'Цифровизация малых предприятий',
    'Электронный документооборот в малом бизнесе',
    'Облачные сервисы в управлении малыми предприятиями',
    'Цифровые компетенции персонала малого бизнеса',
    'Государственная поддержка цифровизации малого бизнеса',
    'Маркетплейсы как канал сбыта малого бизнеса',
  ],
  contexts: ['в регионах России', 'на примере Республики Татарстан', 'в субъектах Сибирского федерального округа'],
  claims: [
    'Доля малых предприятий, использующих облачные сервисы учёта, за пять лет выросла с 14 до 31 %.',
    'Главным барьером цифровой трансформации малого бизнеса остаётся дефицит цифровых компетенций персонала.',
    'Региональные программы поддержки возмещают малым предприятиям часть затрат на программное обеспечение.',
    'Выход на маркетплейсы расширяет рынки сбыта малого бизнеса без собственных складов и магазинов.',
    'Электронный документооборот сокращает сроки расчётов малых предприятий с контрагентами.',
    'Доля малых предприятий с высоким уровнем цифровизации в регионах России составляет от 18 до 46 %.',
    'Руководители малых предприятий чаще всего внедряют цифровые инструменты продаж и учёта.',
    'Цифровые платформы поддержки собирают меры помощи малому бизнесу в одном окне.',
  ],
  // A figure in every other sentence: each printed page holds two (what an analytical chapter tabulates).
  pageSentences: [
    'Доля малых предприятий регионов, продающих через маркетплейсы без собственных складов, составляет 24 %.',
    'Цифровая трансформация малого бизнеса в регионах России опирается прежде всего на маркетплейсы и облачные сервисы.',
    'Доля малых предприятий, называющих дефицит цифровых компетенций персонала главным барьером цифровой трансформации, составляет 43 %.',
    'Облачные сервисы бухгалтерского учёта снижают издержки управления малым бизнесом.',
    'Доля малых предприятий, обменивающихся с контрагентами электронными документами, составляет 52 %.',
    'Малые предприятия переходят на облачную бухгалтерию, когда региональные программы возмещают часть подписки.',
    'Рост выручки малых предприятий после получения гранта на цифровизацию составил в среднем 12 %.',
    'Региональные центры компетенций обучают сотрудников малого бизнеса работе с цифровыми сервисами управления.',
    'Доля руководителей малого бизнеса, называющих нехватку средств причиной отказа от цифровых решений, составляет 27 %.',
    'Региональные операторы электронного документооборота предлагают малому бизнесу льготные тарифы.',
    'Срок получения субсидий малым бизнесом через цифровые платформы поддержки сократился до 10 дней.',
    'Государственная поддержка цифровизации малого предпринимательства включает гранты на покупку программного обеспечения.',
    'В регионах с развитой связью доля малых предприятий, продающих через интернет, достигает 38 %.',
    'Малые предприятия, внедрившие системы управления отношениями с клиентами, чаще удерживают постоянных покупателей.',
    'Складские издержки малых торговых предприятий при управлении запасами в облачных сервисах снижаются на 15 %.',
    'Цифровая трансформация управления малым бизнесом требует согласования региональных программ поддержки.',
  ],

  englishTitles: [
    'Digital transformation of small businesses in Russian regions',
    'Small business management and digital platforms in emerging economies',
    'Digital maturity of small firms: evidence from Russian regions',
    'Cloud accounting adoption by small businesses',
    'Marketplaces as a sales channel for small business',
    'Digital skills and the transformation of small enterprises',
    'Regional support programmes for small business digitalisation',
    'Electronic document exchange in small business management',
    'E-commerce and the digital transformation of regional small firms',
    'Barriers to the digital transformation of small businesses in Russia',
  ],
  englishSentences: [
    'Digital transformation of small businesses in Russian regions depends on marketplaces and cloud services.',
    'Small firms that adopt cloud accounting reduce the cost of managing their business.',
    'A shortage of digital skills remains the main barrier to the transformation of small enterprises.',
    'Regional support programmes reimburse part of the cost of software for small business.',
    'Marketplaces let small firms in the regions reach new markets without their own warehouses.',
    'Electronic document exchange shortens payment times between small businesses and their partners.',
    'The level of digital maturity of small business differs widely between Russian regions.',
    'Managers of small firms adopt digital sales tools first and accounting tools second.',
  ],
  journals: [
    { name: 'Вопросы экономики', publisher: 'НП «Редакция журнала „Вопросы экономики“»', host: 'www.vopreco.ru', prefix: '10.32609' },
    { name: 'Экономика региона', publisher: 'Институт экономики УрО РАН', host: 'economyofregion.ru', prefix: '10.17059' },
    { name: 'Российское предпринимательство', publisher: 'Креативная экономика', host: '1economic.ru', prefix: '10.18334' },
    {
      name: 'Проблемы прогнозирования',
      publisher: 'Институт народнохозяйственного прогнозирования РАН',
      host: 'ecfor.ru',
      prefix: '10.47711',
    },
    {
      name: 'Вестник Санкт-Петербургского университета. Экономика',
      publisher: 'СПбГУ',
      host: 'economicsjournal.spbu.ru',
      prefix: '10.21638',
    },
  ],
  englishJournals: [
    { name: 'Journal of Business Research', publisher: 'Elsevier BV', host: 'www.sciencedirect.com', prefix: '10.1016' },
    { name: 'Small Business Economics', publisher: 'Springer', host: 'link.springer.com', prefix: '10.1007' },
    { name: 'Technological Forecasting and Social Change', publisher: 'Elsevier BV', host: 'www.sciencedirect.com', prefix: '10.1016' },
  ],
};

export const LAW: TopicSpec = {
  key: 'law',
  topic: 'Правовое регулирование электронной торговли в Российской Федерации',
  subjects: [
    'Правовое регулирование электронной торговли',
    'Защита прав потребителей в электронной торговле',
    'Дистанционный договор купли-продажи в электронной торговле',
    'Правовой статус владельцев агрегаторов и маркетплейсов',
    'Регулирование цифровых платформ электронной коммерции',
    'Налогообложение электронной торговли',
    'Электронная подпись в договорных отношениях',
    'Ответственность маркетплейсов перед потребителями по законодательству Российской Федерации',
    'Трансграничная электронная торговля и таможенное регулирование',
  ],
  contexts: ['в Российской Федерации', 'в праве Евразийского экономического союза', 'в судебной практике'],
  claims: [
    'Продавец на маркетплейсе отвечает перед потребителем за качество товара наравне с владельцем агрегатора.',
    'Потребитель вправе отказаться от товара, купленного дистанционным способом, в течение семи дней.',
    'Закон о защите прав потребителей распространяется на продажу товаров через интернет.',
    'Суды признают владельца агрегатора ответственным за недостоверную информацию о товаре.',
    'Электронная торговля в Российской Федерации регулируется нормами гражданского и информационного права.',
    'Трансграничные покупки граждан в иностранных интернет-магазинах облагаются пошлиной сверх беспошлинного лимита.',
    'Квалифицированная электронная подпись придаёт электронному документу силу собственноручной подписи.',
    'Единого закона об электронной торговле в Российской Федерации до сих пор не принято.',
  ],
  pageSentences: [
    'Правовое регулирование электронной торговли в Российской Федерации опирается на Гражданский кодекс и Закон о защите прав потребителей.',
    'Правила продажи товаров дистанционным способом обязывают продавца сообщить потребителю полное фирменное наименование и адрес.',
    'Потребитель вправе отказаться от товара надлежащего качества до его передачи, а после передачи в течение семи дней.',
    'Владелец агрегатора отвечает за убытки потребителя, причинённые недостоверной информацией о товаре или продавце.',
    'Маркетплейс обязан вернуть предоплату, если товар не передан потребителю в установленный срок.',
    'Судебная практика по спорам с маркетплейсами складывается в пользу потребителей, когда продавец не установлен.',
    'Договор купли-продажи в электронной торговле заключается путём акцепта публичной оферты продавца.',
    'Квалифицированная электронная подпись приравнивается к собственноручной подписи в гражданском обороте.',
    'Налоговый кодекс обязывает иностранные интернет-площадки уплачивать налог на добавленную стоимость в России.',
    'Законопроект о платформенной экономике вводит понятие оператора цифровой платформы и договора с ним.',
    'Персональные данные покупателей интернет-магазинов обрабатываются только с их согласия.',
    'Трансграничная электронная торговля регулируется также правом Евразийского экономического союза.',
    'Реклама товаров в интернете должна содержать сведения о продавце и не вводить потребителя в заблуждение.',
    'Антимонопольный орган проверяет условия договоров маркетплейсов с продавцами на предмет навязывания невыгодных условий.',
    'Электронный чек подтверждает заключение договора розничной купли-продажи через интернет.',
    'Правовое регулирование электронной торговли в Российской Федерации остаётся разрозненным и требует единого закона.',
  ],
  englishTitles: [
    'Legal regulation of electronic trade in Russia',
    'Consumer protection in electronic trade: the Russian experience',
    'Liability of electronic marketplaces for consumer harm in Russian law',
    'Electronic contracts and digital signatures in Russian civil law',
    'Cross-border electronic trade in the Eurasian Economic Union',
    'Platform economy regulation and electronic trade',
    'Taxation of electronic trade: VAT on foreign online platforms',
    'Electronic trade and competition law in Russia',
    'Consumer rights in Russian electronic commerce',
    'Regulating electronic trade platforms in Russian law',
  ],
  englishSentences: [
    'Electronic trade in Russia is regulated by the Civil Code and the Consumer Protection Law.',
    'A consumer may return goods bought online within seven days of delivery.',
    'The owner of an electronic marketplace is liable for false information about goods.',
    'Foreign online platforms pay value added tax on electronic trade with Russian consumers.',
    'A qualified electronic signature has the same force as a handwritten one in Russian law.',
    'Cross-border electronic trade is also governed by the law of the Eurasian Economic Union.',
    'Courts in Russia tend to side with consumers in disputes with electronic marketplaces.',
    'Russia still has no single law on electronic trade, only scattered rules in several codes.',
  ],
  journals: [
    {
      name: 'Журнал российского права',
      publisher: 'Российский государственный университет правосудия',
      host: 'jrpnorma.ru',
      prefix: '10.12737',
    },
    { name: 'Вестник Московского университета. Серия 11. Право', publisher: 'МГУ', host: 'vestnik-law.ru', prefix: '10.55959' },
    { name: 'Гражданское право', publisher: 'Юрист', host: 'lawinfo.ru', prefix: '10.18572' },
    { name: 'Право и экономика', publisher: 'Юридический дом «Юстицинформ»', host: 'lawecon.ru', prefix: '10.47645' },
    {
      name: 'Актуальные проблемы российского права',
      publisher: 'Университет имени О.Е. Кутафина',
      host: 'aprp.msal.ru',
      prefix: '10.17803',
    },
  ],
  englishJournals: [
    { name: 'Russian Law Journal', publisher: 'Russian Law Journal', host: 'www.russianlawjournal.org', prefix: '10.17589' },
    { name: 'Computer Law & Security Review', publisher: 'Elsevier BV', host: 'www.sciencedirect.com', prefix: '10.1016' },
    {
      name: 'International Journal of Law and Information Technology',
      publisher: 'Oxford University Press',
      host: 'academic.oup.com',
      prefix: '10.1093',
    },
  ],
};

export const PEDAGOGY: TopicSpec = {
  key: 'pedagogy',
  topic: 'Формирование читательской грамотности младших школьников',
  subjects: [
    'Формирование читательской грамотности младших школьников',
    'Читательская грамотность учащихся начальных классов',
    'Смысловое чтение как средство формирования читательской грамотности',
    'Работа с художественным текстом у младших школьников',
    'Читательские умения младших школьников',
    'Формирование читательского интереса у младших школьников',
    'Функциональная грамотность младших школьников',
    'Использование цифровых ресурсов для формирования читательской грамотности',
    'Внеурочная деятельность по формированию читательской грамотности',
  ],
  contexts: ['в начальной школе', 'на уроках литературного чтения', 'в условиях обновлённого ФГОС'],
  claims: [
    'Младшие школьники лучше понимают текст, когда учитель ставит вопросы до чтения, во время и после него.',
    'Читательская грамотность включает поиск информации в тексте, её интерпретацию и осмысление.',
    'Регулярное чтение вслух в семье связано с более высокими результатами детей в чтении.',
    'Приёмы смыслового чтения помогают младшим школьникам выделять главную мысль текста.',
    'Российские четвероклассники показывают высокие результаты в международном сравнении PIRLS.',
    'Работа с несплошными текстами вызывает у младших школьников наибольшие затруднения.',
    'Читательский дневник поддерживает интерес ребёнка к самостоятельному чтению.',
    'Задания на интерпретацию текста формируют у учащихся умение обосновывать своё мнение.',
  ],
  pageSentences: [
    'Формирование читательской грамотности младших школьников начинается с обучения осознанному чтению.',
    'Читательская грамотность понимается как способность понимать и использовать тексты для достижения собственных целей.',
    'Младшие школьники лучше понимают текст, когда учитель ставит вопросы до чтения, во время чтения и после него.',
    'Приём чтения с остановками учит младших школьников прогнозировать содержание текста.',
    'Работа с несплошными текстами, таблицами и схемами вызывает у учащихся начальной школы наибольшие затруднения.',
    'Читательский дневник поддерживает интерес младших школьников к самостоятельному чтению.',
    'Задания на интерпретацию текста учат детей обосновывать своё мнение ссылками на прочитанное.',
    'Регулярное чтение вслух в семье связано с более высокими результатами детей в понимании текста.',
    'Российские четвероклассники показывают высокие результаты в международном сравнении PIRLS.',
    'Школьная библиотека становится центром формирования читательской культуры учащихся начальных классов.',
    'Цифровые ресурсы с интерактивными заданиями повышают мотивацию младших школьников к чтению.',
    'Групповое обсуждение прочитанного развивает умение младших школьников слушать и аргументировать.',
    'Диагностика читательской грамотности проводится по заданиям на поиск, интерпретацию и оценку информации.',
    'Учителя начальных классов отмечают рост интереса к чтению после введения внеурочных читательских клубов.',
    'Формирование читательских умений требует системы упражнений на каждом уроке литературного чтения.',
    'Смысловое чтение является метапредметным результатом начального общего образования.',
  ],
  englishTitles: [
    'Reading literacy of primary school pupils',
    'Developing reading comprehension in primary school',
    'Reading for meaning: strategies for young learners',
    "Family reading and children's literacy outcomes",
    'Digital resources in early reading instruction',
    'Assessment of reading literacy in primary grades',
    'Reading motivation of primary school children',
    'Non-continuous texts and reading comprehension in primary school',
    'Reading clubs and literacy development in primary school',
    'PIRLS results and the reading literacy of Russian fourth graders',
  ],
  englishSentences: [
    'Reading literacy of primary school pupils develops through regular reading for meaning.',
    'Questions asked before, during and after reading improve the comprehension of young pupils.',
    'Non-continuous texts such as tables and diagrams are the hardest for primary school children.',
    'Reading aloud at home is associated with higher literacy outcomes of children.',
    'Interactive digital resources raise the reading motivation of primary school pupils.',
    'Reading diaries support the independent reading of children in primary school.',
    'Russian fourth graders perform well in the international PIRLS assessment of reading.',
    'Group discussion of texts develops the ability of pupils to argue their views.',
  ],
  journals: [
    { name: 'Начальная школа', publisher: 'Издательство «Начальная школа»', host: 'n-shkola.ru', prefix: '10.51597' },
    { name: 'Педагогика', publisher: 'Издательство «Педагогика»', host: 'pedagogika-rao.ru', prefix: '10.32608' },
    { name: 'Вопросы образования', publisher: 'НИУ ВШЭ', host: 'vo.hse.ru', prefix: '10.17323' },
    {
      name: 'Образование и наука',
      publisher: 'Российский государственный профессионально-педагогический университет',
      host: 'edscience.ru',
      prefix: '10.17853',
    },
    { name: 'Психологическая наука и образование', publisher: 'МГППУ', host: 'psyjournals.ru', prefix: '10.17759' },
  ],
  englishJournals: [
    { name: 'Reading Research Quarterly', publisher: 'Wiley', host: 'ila.onlinelibrary.wiley.com', prefix: '10.1002' },
    { name: 'Journal of Research in Reading', publisher: 'Wiley', host: 'onlinelibrary.wiley.com', prefix: '10.1111' },
    { name: 'Reading and Writing', publisher: 'Springer', host: 'link.springer.com', prefix: '10.1007' },
  ],
};

/** The oldest year the benches' papers accept a work from. */
export const BENCH_MIN_YEAR = 2010;

/** What the benches order on a corpus's topic: a full basic paper with nothing of the user's. */
export function benchPaperInput(topic: string, requiredVolume = 80): PaperInput {
  return {
    topic,
    type: 'full',
    tariff: 'basic',
    useFootnotes: false,
    separateBibliography: false,
    minPublicationYear: BENCH_MIN_YEAR,
    requiredVolume,
    userStructure: null,
    attachedSources: [],
  };
}
