/**
 * The coverage scenario set of the quality bench: stand-in corpora of different make-up (how many
 * relevant Russian and English works, how many with an open PDF, off-topic works sharing the
 * query's words, bare records with neither abstract nor PDF), to show that a corpus holding the
 * minimum of relevant works gives a paper citing at least that many, with the foreign ones listed
 * and the off-topic ones never.
 *
 * Titles, abstracts and printed pages are made combinatorially from a field's grammar (subjects ×
 * contexts, actors × actions × conditions, figure templates × numbers), so that 60 Russian or
 * 40 English works are all distinct. The records have the shape of topic-corpus.ts's: about two
 * thirds in OpenAlex (abstract as an inverted index, the open PDFs), the rest only in Crossref
 * (abstract in <jats:p>).
 *
 * The stand-ins answer a query with the first N matching records in the order given. The topic's
 * query matches every record of its language, and no database holds more than 50 of a language
 * (the engine asks 50 per query); for a smaller N, a Russian work placed after the first
 * GROUP_A_SIZE of its database also carries a sentence with the words of the well-behaved model's
 * outline queries (OUTLINE_QUERIES), which the earlier records never use.
 */
import { minimumSources } from '../../src/sources/minimums.ts';
import type { CrossrefRecord } from './crossref-stand-in.ts';
import { invertedIndex, type OpenAlexRecord } from './openalex-stand-in.ts';
import { wrap, type TestPdf } from './pdf-server.ts';
import { matches } from './stand-in-server.ts';
import { ECONOMICS, INITIALS, LAW, SURNAMES, transliterate, type TopicCorpus, type TopicSpec } from './topic-corpus.ts';

type Journal = TopicSpec['journals'][number];

export interface CoverageSpec {
  /** Short scenario name: the bench's row and the PDFs' folder. */
  name: string;
  /** One line in English: what the corpus is. */
  about: string;
  /** The paper's topic (Russian); it picks the field the works are written in. */
  topic: string;
  /** Relevant Russian works in the databases. */
  russian: number;
  /** Relevant English works. */
  english: number;
  /** Relevant works with an open PDF (full text), Russian and English; the rest have abstracts only. */
  fullTexts: { russian: number; english: number };
  /** Works that share the query's words but are off the topic (another object: agriculture, medicine, construction…). */
  offTopic: number;
  /** Works with neither abstract nor PDF (the engine cannot cite them): a database has such records. */
  bare?: number;
  type: 'demo' | 'full';
  /** 'refusal': fewer relevant works than the paper's minimum, the honest answer is `not_enough_sources` before writing. */
  expect: 'paper' | 'refusal';
}

/** The main topic of the set. */
export const SMALL_BUSINESS_TOPIC = 'Цифровая трансформация малого бизнеса в России';
/** The second topic, so that the set is not one topic only. */
export const E_COMMERCE_LAW_TOPIC = 'Правовое регулирование электронной торговли в Российской Федерации';

export const COVERAGE: CoverageSpec[] = [
  {
    name: 'ru40-en0-full',
    about: '40 Russian works, no foreign ones, a third with full texts',
    topic: SMALL_BUSINESS_TOPIC,
    russian: 40,
    english: 0,
    fullTexts: { russian: 13, english: 0 },
    offTopic: 0,
    type: 'full',
    expect: 'paper',
  },
  {
    name: 'ru25-en15-full',
    about: '25 Russian and 15 English works, 15 open PDFs in all',
    topic: SMALL_BUSINESS_TOPIC,
    russian: 25,
    english: 15,
    fullTexts: { russian: 10, english: 5 },
    offTopic: 0,
    type: 'full',
    expect: 'paper',
  },
  {
    name: 'ru12-en28-full',
    about: '12 Russian and 28 English works (70 % foreign), abstracts only',
    topic: SMALL_BUSINESS_TOPIC,
    russian: 12,
    english: 28,
    fullTexts: { russian: 0, english: 0 },
    offTopic: 0,
    type: 'full',
    expect: 'paper',
  },
  {
    name: 'ru20-en10-min-full',
    about: 'exactly the minimum: 20 Russian and 10 English works (every one must be cited), plus 5 bare records',
    topic: SMALL_BUSINESS_TOPIC,
    russian: 20,
    english: 10,
    fullTexts: { russian: 6, english: 3 },
    offTopic: 0,
    bare: 5,
    type: 'full',
    expect: 'paper',
  },
  {
    name: 'ru45-en15-off20-full',
    about: '60 relevant works (45 Russian, 15 English) and 20 off-topic ones sharing the query words (agriculture, medicine…)',
    topic: SMALL_BUSINESS_TOPIC,
    russian: 45,
    english: 15,
    fullTexts: { russian: 10, english: 4 },
    offTopic: 20,
    type: 'full',
    expect: 'paper',
  },
  {
    name: 'ru10-en10-short-full',
    about: '20 relevant works (half foreign), abstracts only: fewer than a full paper needs, a refusal before writing',
    topic: SMALL_BUSINESS_TOPIC,
    russian: 10,
    english: 10,
    fullTexts: { russian: 0, english: 0 },
    offTopic: 4,
    type: 'full',
    expect: 'refusal',
  },
  {
    name: 'ru8-en4-demo',
    about: 'a demo on 12 relevant works (8 Russian, 4 English)',
    topic: SMALL_BUSINESS_TOPIC,
    russian: 8,
    english: 4,
    fullTexts: { russian: 3, english: 1 },
    offTopic: 0,
    type: 'demo',
    expect: 'paper',
  },
  {
    name: 'ru6-en2-off5-min-demo',
    about: 'a demo on exactly its minimum: 8 relevant works (6 Russian, 2 English), 5 off-topic and 2 bare records',
    topic: SMALL_BUSINESS_TOPIC,
    russian: 6,
    english: 2,
    fullTexts: { russian: 2, english: 1 },
    offTopic: 5,
    bare: 2,
    type: 'demo',
    expect: 'paper',
  },
  {
    name: 'law-ru25-en10-full',
    about: 'another field: law of electronic trade, 35 relevant works (30 % foreign), some full texts, 3 off-topic',
    topic: E_COMMERCE_LAW_TOPIC,
    russian: 25,
    english: 10,
    fullTexts: { russian: 5, english: 2 },
    offTopic: 3,
    type: 'full',
    expect: 'paper',
  },
];

/**
 * The Russian queries of the well-behaved model's outline (dev/misbehaving-llm.ts) besides the
 * topic and the chapters: what reaches a Russian work placed after the first GROUP_A_SIZE of its
 * database when a query brings fewer than 50 records.
 */
export const OUTLINE_QUERIES = [
  'Теоретические основы и понятийный аппарат',
  'анализ современного состояния',
  'направления совершенствования и оценка эффективности',
];
/** Russian records of a database a topic query with 25 per page surely reaches (a margin below 25). */
const GROUP_A_SIZE = 22;

/** Group B sentences: each with the words of one outline query, about `genitive` (a phrase of the field in the genitive). */
const GROUP_B = [
  (genitive: string) => `Проведён анализ современного состояния ${genitive} в последние годы.`,
  (genitive: string) => `Изложены теоретические основы ${genitive} и уточнён понятийный аппарат.`,
  (genitive: string) => `Предложены направления совершенствования ${genitive} и дана оценка их эффективности.`,
];

/** A work of another object that shares the query's other words. */
interface OffTopicSubject {
  subject: string;
  /** The subject in the genitive, for a group B sentence. */
  genitive?: string;
  sentences: string[];
}

/** A field: the grammar its works are written in. Sentence makers take a number and give a distinct sentence for each. */
interface Field {
  topic: string;
  ru: {
    /** Nominative noun phrases naming the topic's object, each with a word of the topic's query. */
    subjects: string[];
    contexts: string[];
    /** The abstract's first sentence begins so (a dash construction, no agreement to get wrong). */
    openers: string[];
    claim: (n: number) => string;
    figure: (n: number) => string;
    /** Genitive phrases of the field, for group B sentences. */
    genitives: string[];
  };
  en: {
    subjects: string[];
    contexts: string[];
    openers: string[];
    claim: (n: number) => string;
    figure: (n: number) => string;
  };
  offTopic: { ru: OffTopicSubject[]; ruContexts: string[]; en: OffTopicSubject[]; enContexts: string[] };
  journals: Journal[];
  englishJournals: Journal[];
  /** What a relevant work's title or abstract names (the topic's object), in each language. */
  object: { ru: RegExp; en: RegExp };
  /** What an off-topic work never contains: any word of the object's root. */
  objectRoot: { ru: RegExp; en: RegExp };
}

const at = <T>(list: T[], n: number): T => list[((n % list.length) + list.length) % list.length];
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * `n` spread over three lists: a distinct triple for every n below their product, and neighbours
 * (the sentences of one PDF) differ in every part (a step of 37, prime to the products here).
 */
function triple<A, B, C>(n: number, a: A[], b: B[], c: C[]): [A, B, C] {
  const size = a.length * b.length * c.length;
  const m = (((n * 37) % size) + size) % size;
  return [at(a, m), at(b, Math.floor(m / a.length)), at(c, Math.floor(m / (a.length * b.length)))];
}

/** Days in a form that takes «дней» / "days" (never 1–4, 21–24…). */
const DAYS = [5, 6, 7, 8, 9, 10, 12, 14, 15];
const COURT_DAYS = [25, 30, 35, 40, 45, 50, 55, 60];
/** A share from 7 to 40 %. */
const share = (n: number) => 7 + ((n * 13) % 34);
/** A growth: from 6–24 % to 8–30 points more. */
const growth = (n: number): [number, number] => {
  const from = 6 + ((n * 7) % 19);
  return [from, from + 8 + ((n * 11) % 23)];
};

// ---------------------------------------------------------------------------------------------
// Digital transformation of small business

const SB_ACTORS_RU = [
  'Малые предприятия розничной торговли',
  'Малые производственные предприятия',
  'Малые предприятия сферы услуг',
  'Семейные малые предприятия',
  'Малые предприятия общественного питания',
  'Малые транспортные компании',
];
const SB_ACTIONS_RU = [
  'внедряют облачные сервисы бухгалтерского учёта',
  'переходят на электронный документооборот с контрагентами',
  'выходят на маркетплейсы',
  'используют системы управления отношениями с клиентами',
  'обучают персонал работе с цифровыми сервисами',
  'получают гранты на покупку программного обеспечения',
  'принимают безналичные платежи через систему быстрых платежей',
  'автоматизируют складской учёт',
];
/** Each with the punctuation it takes after the action. */
const SB_CONDITIONS_RU = [
  ', когда региональные программы возмещают часть затрат',
  ', чтобы сократить издержки управления',
  ' при поддержке региональных центров компетенций',
  ' прежде всего в крупных городах',
  ', несмотря на высокую стоимость оборудования',
  ' после пандемии',
  ' вслед за крупными торговыми сетями',
];
const SB_LEADS_RU = ['', 'Результаты опроса показывают, что', 'По данным региональной статистики,', 'Авторы установили, что'];
const SB_SHARES_RU = [
  'использующих облачные сервисы учёта',
  'продающих товары через маркетплейсы',
  'обменивающихся с контрагентами электронными документами',
  'принимающих безналичные платежи',
  'применяющих системы управления отношениями с клиентами',
  'ведущих складской учёт в облачных сервисах',
];
const SB_PROCESSES_RU = [
  'получения субсидии малым бизнесом через цифровую платформу поддержки',
  'расчётов малых предприятий с контрагентами при электронном документообороте',
  'подключения малого предприятия к маркетплейсу',
  'открытия расчётного счёта малым бизнесом в онлайн-банке',
];
const SB_COSTS_RU = [
  'ведение бухгалтерского учёта после перехода в облачный сервис',
  'хранение документов после перехода на электронный документооборот',
  'складскую логистику при продажах через маркетплейсы',
  'обработку заказов после внедрения онлайн-касс',
];
const SB_BARRIERS_RU = [
  'дефицит цифровых компетенций персонала',
  'нехватку собственных средств',
  'высокую стоимость программного обеспечения',
  'слабую связь в малых населённых пунктах',
];

const SB_ACTORS_EN = [
  'Small retail firms',
  'Small manufacturing firms',
  'Small service firms',
  'Family-owned small businesses',
  'Small enterprises in remote regions',
  'Small catering firms',
];
const SB_ACTIONS_EN = [
  'adopt cloud accounting',
  'move to electronic document exchange',
  'sell through online marketplaces',
  'use customer relationship management software',
  'train their staff in digital skills',
  'receive grants for software',
  'accept cashless payments',
  'automate inventory accounting',
];
const SB_CONDITIONS_EN = [
  ' when regional programmes cover part of the cost',
  ' to cut management costs',
  ' with the help of regional competence centres',
  ' mainly in large cities',
  ' despite the high cost of equipment',
  ' after the pandemic',
  ' following large retail chains',
];
const SB_LEADS_EN = ['', 'A survey of owners shows that', 'Regional statistics show that', 'The authors find that'];
const SB_SHARES_EN = [
  'using cloud accounting',
  'selling through marketplaces',
  'exchanging electronic documents with partners',
  'accepting cashless payments',
  'using customer relationship management software',
  'keeping inventory records in cloud services',
];
const SB_PROCESSES_EN = [
  'to get a subsidy through a digital support platform',
  'to settle payments with partners under electronic document exchange',
  'to connect a small firm to a marketplace',
  'to open a bank account online',
];
const SB_COSTS_EN = [
  'accounting after the switch to cloud services',
  'document storage after the switch to electronic document exchange',
  'warehouse logistics when selling through marketplaces',
  'order processing after the introduction of online cash registers',
];
const SB_BARRIERS_EN = [
  'a shortage of digital skills',
  'a lack of own funds',
  'the high cost of software',
  'weak connectivity in small towns',
];

const SMALL_BUSINESS: Field = {
  topic: SMALL_BUSINESS_TOPIC,
  ru: {
    subjects: [
      'Цифровая трансформация малого бизнеса',
      'Цифровизация малых предприятий',
      'Облачные сервисы учёта для малого бизнеса',
      'Электронный документооборот малого бизнеса',
      'Маркетплейсы как канал сбыта малого бизнеса',
      'Цифровые компетенции работников малых предприятий',
      'Государственная поддержка цифровизации малого предпринимательства',
      'Цифровые платформы для малого предпринимательства',
      'Электронная торговля в деятельности малого бизнеса',
      'Цифровая зрелость малых предприятий',
      'Финансирование цифровых проектов малого предпринимательства',
      'Безналичные расчёты малого бизнеса',
    ],
    contexts: [
      'в регионах России',
      'в Российской Федерации',
      'на примере Республики Татарстан',
      'в субъектах Сибирского федерального округа',
      'в условиях санкционных ограничений',
      'в период восстановления после пандемии',
    ],
    openers: ['Предмет статьи —', 'Предмет исследования —', 'В центре внимания авторов —'],
    claim: (n) => {
      const [actor, action, condition] = triple(n, SB_ACTORS_RU, SB_ACTIONS_RU, SB_CONDITIONS_RU);
      const lead = at(SB_LEADS_RU, n * 5 + 1);
      return `${lead ? `${lead} ${lowerFirst(actor)}` : actor} ${action}${condition}.`;
    },
    figure: (n) => {
      const variant = Math.floor(n / 4);
      const [from, to] = growth(n);
      switch (n % 4) {
        case 0:
          return `Доля малых предприятий, ${at(SB_SHARES_RU, variant)}, выросла с ${from} до ${to} %.`;
        case 1:
          return `Срок ${at(SB_PROCESSES_RU, variant)} сократился до ${at(DAYS, variant + n)} дней.`;
        case 2:
          return `Затраты малых предприятий на ${at(SB_COSTS_RU, variant)} снизились на ${share(n)} %.`;
        default:
          return `Доля руководителей малого бизнеса, называющих ${at(SB_BARRIERS_RU, variant)} главным барьером цифровизации, составляет ${share(n)} %.`;
      }
    },
    genitives: [
      'цифровизации малых предприятий',
      'цифровой трансформации малого бизнеса',
      'государственной поддержки малого предпринимательства',
      'электронной торговли малого бизнеса',
      'цифровых сервисов для малого бизнеса',
    ],
  },
  en: {
    subjects: [
      'Digital transformation of small businesses',
      'Cloud accounting in small firms',
      'Marketplaces as a sales channel for small enterprises',
      'Electronic document exchange in small firms',
      'Digital skills of small business staff',
      'State support for the digitalisation of small enterprises',
      'Digital platforms for small business',
      'E-commerce in small firms',
      'Digital maturity of small enterprises',
      'Cashless payments in small business',
      'Customer relationship management in small firms',
      'Financing digital projects of small enterprises',
    ],
    contexts: ['in Russian regions', 'in Russia', 'in Tatarstan', 'in Siberian regions', 'under sanctions', 'after the pandemic'],
    openers: ['This article examines', 'The paper studies', 'The study considers'],
    claim: (n) => {
      const [actor, action, condition] = triple(n, SB_ACTORS_EN, SB_ACTIONS_EN, SB_CONDITIONS_EN);
      const lead = at(SB_LEADS_EN, n * 5 + 1);
      return `${lead ? `${lead} ${lowerFirst(actor)}` : actor} ${action}${condition}.`;
    },
    figure: (n) => {
      const variant = Math.floor(n / 4);
      const [from, to] = growth(n);
      switch (n % 4) {
        case 0:
          return `The share of small firms ${at(SB_SHARES_EN, variant)} rose from ${from}% to ${to}%.`;
        case 1:
          return `The time needed ${at(SB_PROCESSES_EN, variant)} fell to ${at(DAYS, variant + n)} days.`;
        case 2:
          return `The costs of small enterprises for ${at(SB_COSTS_EN, variant)} fell by ${share(n)}%.`;
        default:
          return `The share of small business owners who see ${at(SB_BARRIERS_EN, variant)} as the main barrier to digitalisation is ${share(n)}%.`;
      }
    },
  },
  offTopic: {
    ru: [
      {
        subject: 'Государственная поддержка цифровизации агропромышленного комплекса',
        genitive: 'государственной поддержки цифровизации агропромышленного комплекса',
        sentences: [
          'Цифровые платформы точного земледелия внедрены в хозяйствах двенадцати регионов.',
          'Спутниковый мониторинг посевов сокращает потери урожая зерновых культур.',
          'Государственные субсидии покрывают часть затрат аграриев на беспилотную технику.',
        ],
      },
      {
        subject: 'Цифровая трансформация здравоохранения',
        genitive: 'цифровой трансформации здравоохранения',
        sentences: [
          'Единая цифровая платформа здравоохранения объединяет электронные медицинские карты пациентов.',
          'Телемедицинские консультации сокращают число поездок жителей сёл в районные больницы.',
          'Региональные медицинские информационные системы передают данные о рецептах в аптеки.',
        ],
      },
      {
        subject: 'Цифровизация строительной отрасли',
        genitive: 'цифровизации строительной отрасли',
        sentences: [
          'Технологии информационного моделирования зданий применяются при проектировании объектов государственного заказа.',
          'Цифровой контроль на стройплощадке сокращает сроки сдачи жилых домов.',
          'Разрешения на строительство выдаются через региональные порталы государственных услуг.',
        ],
      },
      {
        subject: 'Цифровая трансформация высшего образования',
        genitive: 'цифровой трансформации высшего образования',
        sentences: [
          'Вузы переводят учебные курсы на цифровые образовательные платформы.',
          'Цифровой след студента используется для построения индивидуальных траекторий обучения.',
          'Онлайн-курсы занимают всё большую часть учебной нагрузки университетов.',
        ],
      },
      {
        subject: 'Цифровизация общественного транспорта',
        genitive: 'цифровизации общественного транспорта',
        sentences: [
          'Бесконтактная оплата проезда введена в автобусах большинства региональных центров.',
          'Интеллектуальные транспортные системы сокращают время ожидания на остановках.',
          'Диспетчерские службы отслеживают движение автобусов по спутниковой навигации.',
        ],
      },
      {
        subject: 'Цифровая трансформация электроэнергетики',
        genitive: 'цифровой трансформации электроэнергетики',
        sentences: [
          'Интеллектуальные счётчики электроэнергии устанавливаются в многоквартирных домах.',
          'Цифровые подстанции снижают потери в электрических сетях.',
          'Сетевые компании прогнозируют нагрузку с помощью машинного обучения.',
        ],
      },
      {
        subject: 'Цифровизация сельского хозяйства',
        genitive: 'цифровизации сельского хозяйства',
        sentences: [
          'Датчики влажности почвы помогают фермерам планировать полив.',
          'Электронный учёт скота ведётся в государственной информационной системе.',
          'Цифровые карты полей позволяют точно дозировать удобрения.',
        ],
      },
    ],
    ruContexts: ['в регионах России', 'в Российской Федерации', 'в субъектах Приволжского федерального округа'],
    en: [
      {
        subject: 'Digital transformation of agriculture',
        sentences: [
          'Precision farming platforms have been introduced on farms in twelve regions.',
          'Satellite monitoring of crops reduces grain harvest losses.',
          'State subsidies cover part of the cost of drones for farmers.',
        ],
      },
      {
        subject: 'Digital transformation of healthcare',
        sentences: [
          'A single digital health platform links the electronic medical records of patients.',
          'Telemedicine consultations reduce the trips of rural residents to district hospitals.',
          'Regional medical information systems send prescription data to pharmacies.',
        ],
      },
      {
        subject: 'Digitalisation of public transport',
        sentences: [
          'Contactless fare payment has been introduced on buses in most regional centres.',
          'Intelligent transport systems reduce waiting times at bus stops.',
          'Dispatch services track buses by satellite navigation.',
        ],
      },
      {
        subject: 'Digital transformation of higher education',
        sentences: [
          'Universities transfer their courses to digital learning platforms.',
          'Digital footprints of students are used to build individual learning paths.',
          'Online courses take a growing share of university teaching.',
        ],
      },
      {
        subject: 'Digital transformation of the energy sector',
        sentences: [
          'Smart electricity meters are installed in apartment buildings.',
          'Digital substations reduce losses in power grids.',
          'Grid companies forecast demand with machine learning.',
        ],
      },
      {
        subject: 'State support for the digitalisation of construction',
        sentences: [
          'Building information modelling is used in the design of public projects.',
          'Digital monitoring of building sites shortens the time needed to complete housing.',
          'Building permits are issued through regional online portals.',
        ],
      },
    ],
    enContexts: ['in Russian regions', 'in Russia'],
  },
  journals: [
    ...ECONOMICS.journals,
    { name: 'Финансы: теория и практика', publisher: 'Финансовый университет', host: 'financetp.fa.ru', prefix: '10.26794' },
    { name: 'Экономика и управление', publisher: 'Издательство СПбГЭУ', host: 'emjume.elpub.ru', prefix: '10.35854' },
  ],
  englishJournals: [
    ...ECONOMICS.englishJournals,
    { name: 'Journal of Small Business Management', publisher: 'Taylor & Francis', host: 'www.tandfonline.com', prefix: '10.1080' },
    { name: 'Information Systems Frontiers', publisher: 'Springer', host: 'link.springer.com', prefix: '10.1007' },
  ],
  object: {
    ru: /малого бизнеса|малых предприятий|малого предпринимательства/i,
    en: /small business|small firms|small enterprises/i,
  },
  objectRoot: { ru: /(?:^|[^\p{L}])мал/iu, en: /\bsmall/i },
};

// ---------------------------------------------------------------------------------------------
// Legal regulation of electronic trade

const LAW_BASES_RU = [
  'По Закону о защите прав потребителей',
  'Согласно Правилам продажи товаров дистанционным способом',
  'По позиции Верховного Суда Российской Федерации,',
  'По нормам Гражданского кодекса Российской Федерации',
];
const LAW_ACTORS_RU = ['продавец на маркетплейсе', 'владелец агрегатора', 'интернет-магазин', 'оператор платформы электронной торговли'];
const LAW_DUTIES_RU = [
  'обязан сообщить потребителю своё полное фирменное наименование и адрес',
  'отвечает перед потребителем за недостоверную информацию о товаре',
  'обязан вернуть предоплату, если товар не передан в установленный срок',
  'обрабатывает персональные данные покупателей только с их согласия',
  'выдаёт покупателю электронный чек',
];
const LAW_DISPUTES_RU = [
  'споров с владельцами агрегаторов',
  'споров о возврате товаров, купленных через интернет',
  'споров о возврате предоплаты за непереданный товар',
];
const LAW_TARGETS_RU = ['продавцов маркетплейсов', 'интернет-магазины', 'иностранные интернет-площадки'];
const LAW_CASES_RU = ['споров с маркетплейсами', 'исков потребителей к интернет-магазинам', 'дел о трансграничной электронной торговле'];

const LAW_BASES_EN = [
  'Under the Consumer Protection Law',
  'Under the rules of distance selling',
  'According to the Supreme Court of Russia',
  'Under the Civil Code of Russia',
];
const LAW_ACTORS_EN = [
  'a seller on a marketplace',
  'the owner of an aggregator',
  'an online shop',
  'the operator of an electronic trade platform',
];
const LAW_DUTIES_EN = [
  'must tell the consumer its full name and address',
  'is liable to the consumer for false information about goods',
  'must return the prepayment if goods are not delivered on time',
  'processes the personal data of buyers only with their consent',
  'issues an electronic receipt to the buyer',
];
const LAW_DISPUTES_EN = [
  'disputes with aggregator owners',
  'disputes over goods bought online',
  'disputes over prepayments for goods not delivered',
];
const LAW_TARGETS_EN = ['sellers on marketplaces', 'online shops', 'foreign online platforms'];
const LAW_CASES_EN = ['disputes with marketplaces', 'claims of consumers against online shops', 'cases on cross-border electronic trade'];

const E_COMMERCE_LAW: Field = {
  topic: E_COMMERCE_LAW_TOPIC,
  ru: {
    subjects: [
      'Правовое регулирование электронной торговли',
      'Защита прав потребителей в электронной торговле',
      'Ответственность владельцев агрегаторов в электронной торговле',
      'Дистанционная продажа товаров в электронной торговле',
      'Налогообложение электронной торговли',
      'Трансграничная электронная торговля',
      'Правовой статус маркетплейсов в электронной торговле',
      'Защита персональных данных покупателей в электронной торговле',
      'Антимонопольное регулирование электронной торговли',
      'Заключение договоров в электронной торговле',
    ],
    contexts: [
      'в Российской Федерации',
      'в праве Евразийского экономического союза',
      'в судебной практике',
      'в гражданском законодательстве России',
    ],
    openers: ['Предмет статьи —', 'Предмет исследования —', 'В центре внимания авторов —'],
    claim: (n) => {
      const [basis, actor, duty] = triple(n, LAW_BASES_RU, LAW_ACTORS_RU, LAW_DUTIES_RU);
      return `${basis} ${actor} ${duty}.`;
    },
    figure: (n) => {
      const variant = Math.floor(n / 3);
      switch (n % 3) {
        case 0:
          return `Доля ${at(LAW_DISPUTES_RU, variant)}, решённых судами в пользу потребителей, составила ${52 + ((n * 7) % 33)} %.`;
        case 1:
          return `Доля жалоб потребителей на ${at(LAW_TARGETS_RU, variant)} за год выросла до ${share(n)} %.`;
        default:
          return `Средний срок рассмотрения ${at(LAW_CASES_RU, variant)} в судах составил ${at(COURT_DAYS, variant + n)} дней.`;
      }
    },
    genitives: [
      'правового регулирования электронной торговли',
      'защиты прав потребителей в электронной торговле',
      'ответственности маркетплейсов в электронной торговле',
    ],
  },
  en: {
    subjects: [
      'Legal regulation of electronic trade',
      'Consumer protection in electronic trade',
      'Liability of aggregator owners in electronic trade',
      'Distance selling in electronic trade',
      'Taxation of electronic trade',
      'Cross-border electronic trade',
      'Personal data of buyers in electronic commerce',
      'Competition law and electronic commerce',
    ],
    contexts: ['in Russia', 'in the Eurasian Economic Union', 'in Russian court practice', 'in Russian civil law'],
    openers: ['This article examines', 'The paper studies', 'The study considers'],
    claim: (n) => {
      const [basis, actor, duty] = triple(n, LAW_BASES_EN, LAW_ACTORS_EN, LAW_DUTIES_EN);
      return `${basis}, ${actor} ${duty}.`;
    },
    figure: (n) => {
      const variant = Math.floor(n / 3);
      switch (n % 3) {
        case 0:
          return `The share of ${at(LAW_DISPUTES_EN, variant)} decided in favour of consumers was ${52 + ((n * 7) % 33)}%.`;
        case 1:
          return `The share of consumer complaints about ${at(LAW_TARGETS_EN, variant)} rose to ${share(n)}% in a year.`;
        default:
          return `Courts took ${at(COURT_DAYS, variant + n)} days on average to decide ${at(LAW_CASES_EN, variant)}.`;
      }
    },
  },
  offTopic: {
    ru: [
      {
        subject: 'Правовое регулирование телемедицины',
        sentences: [
          'Телемедицинские консультации допускаются только после очного приёма пациента у врача.',
          'Закон об охране здоровья граждан устанавливает порядок дистанционного наблюдения за пациентами.',
          'Медицинские организации отвечают за защиту сведений о пациентах при телемедицинских консультациях.',
        ],
      },
      {
        subject: 'Правовое регулирование оборота земель сельскохозяйственного назначения',
        sentences: [
          'Земельный участок сельскохозяйственного назначения может быть изъят, если он не используется по назначению три года.',
          'Преимущественное право покупки земельной доли принадлежит субъекту Российской Федерации.',
          'Сделки с земельными долями подлежат государственной регистрации.',
        ],
      },
      {
        subject: 'Правовое регулирование градостроительной деятельности',
        sentences: [
          'Разрешение на строительство выдаётся органом местного самоуправления по месту нахождения земельного участка.',
          'Градостроительный кодекс Российской Федерации устанавливает требования к документации по планировке территории.',
          'Самовольная постройка подлежит сносу по решению суда.',
        ],
      },
    ],
    ruContexts: ['в Российской Федерации', 'в судебной практике'],
    en: [
      {
        subject: 'Legal regulation of telemedicine',
        sentences: [
          'Telemedicine consultations are allowed only after a face-to-face visit to a doctor.',
          'The law on the health protection of citizens sets the procedure for remote monitoring of patients.',
          'Medical organisations are liable for the protection of patient data in telemedicine.',
        ],
      },
      {
        subject: 'Legal regulation of agricultural land',
        sentences: [
          'Agricultural land left unused for three years may be taken from its owner.',
          'A region has a priority right to buy a share of agricultural land.',
          'Deals with land shares are subject to state registration.',
        ],
      },
    ],
    enContexts: ['in Russia', 'in Russian court practice'],
  },
  journals: LAW.journals,
  englishJournals: LAW.englishJournals,
  object: { ru: /электронн\p{L}* торговл/iu, en: /electronic (?:trade|commerce)/i },
  objectRoot: { ru: /электрон|торгов/i, en: /electronic|trade|commerce/i },
};

const FIELDS = [SMALL_BUSINESS, E_COMMERCE_LAW];

function fieldOf(spec: CoverageSpec): Field {
  const field = FIELDS.find((f) => f.topic === spec.topic);
  if (!field) throw new Error(`no coverage field for the topic «${spec.topic}»`);
  return field;
}

// ---------------------------------------------------------------------------------------------
// Authors, years, places

const FIRST_NAMES = ['Anna', 'Peter', 'Maria', 'John', 'Wei', 'Elena', 'Thomas', 'Sarah', 'David', 'Olga', 'Marco', 'Laura'];
const LAST_NAMES = [
  'Schmidt',
  'Adams',
  'Rossi',
  'Carter',
  'Li',
  'Garcia',
  'Miller',
  'Johnson',
  'Brown',
  'Ivanova',
  'Bianchi',
  'Novak',
  'Kowalski',
  'Petersen',
  'Dubois',
];

/** Years from 2012 to 2025, 16 of 20 from 2016 on; every prefix of the cycle is mostly recent. */
const YEARS = [2021, 2018, 2023, 2016, 2019, 2024, 2013, 2022, 2017, 2020, 2025, 2014, 2021, 2019, 2015, 2023, 2012, 2022, 2018, 2024];

/** 1–3 Russian authors «Фамилия И.О.»; `offset` keeps each kind of work (relevant, off-topic, bare) to its own people. */
const russianAuthors = (i: number, offset: number) =>
  Array.from({ length: 1 + (i % 3) }, (_, k) => `${at(SURNAMES, (i + offset) * 7 + k * 11)} ${at(INITIALS, i + offset + k * 5)}`);
const englishAuthors = (i: number, offset: number) =>
  Array.from({ length: 1 + (i % 3) }, (_, k) => `${at(FIRST_NAMES, i + offset + k * 5)} ${at(LAST_NAMES, (i + offset) * 7 + k * 4)}`);

// ---------------------------------------------------------------------------------------------
// Works

type Role = 'relevant' | 'off-topic' | 'bare';

/** A work of a coverage corpus as generated: what its records and PDF are made from. */
export interface CoverageWork {
  role: Role;
  language: 'ru' | 'en';
  /** Its index among the works of its role and language. */
  index: number;
  database: 'openalex' | 'crossref';
  doi: string;
  title: string;
  /** Null for a bare work. */
  abstract: string | null;
  year: number;
  authors: string[];
  journal: Journal;
  volume: string;
  issue: string;
  firstPage: number;
  lastPage: number;
  /** The open PDF's path on the PDF server, null when the work has none. */
  pdf: string | null;
  /** The sentences its PDF's pages print, in order (four a page). */
  pageSentences: string[];
}

/** A work's place before its text is written: which database, how far down its list, whether it has an open PDF. */
interface Slot {
  role: Role;
  language: 'ru' | 'en';
  index: number;
  database: 'openalex' | 'crossref';
  /** Its position in the interleaved order of all records (the databases keep it). */
  order: number;
  /** A Russian record after the first GROUP_A_SIZE Russian ones of its database. */
  groupB: boolean;
  pdf: boolean;
}

/**
 * Every work's slot: the kinds interleaved evenly (a database ranks works of one query by their
 * words, not by kind), bare records first among their neighbours (they have only a title to be
 * found by); every third record only in Crossref, the rest in OpenAlex, as topic-corpus.ts does;
 * the open PDFs spread over the relevant OpenAlex works (OpenAlex links them); then the group B
 * flags by each database's Russian order.
 */
function slotsOf(spec: CoverageSpec): Slot[] {
  const offTopicEnglish = Math.round(spec.offTopic * 0.3);
  const kinds: { role: Role; language: 'ru' | 'en'; count: number; phase: number }[] = [
    { role: 'bare', language: 'ru', count: Math.ceil((spec.bare ?? 0) * 0.6), phase: 0.1 },
    { role: 'bare', language: 'en', count: Math.floor((spec.bare ?? 0) * 0.4), phase: 0.15 },
    { role: 'relevant', language: 'ru', count: spec.russian, phase: 0.5 },
    { role: 'relevant', language: 'en', count: spec.english, phase: 0.4 },
    { role: 'off-topic', language: 'ru', count: spec.offTopic - offTopicEnglish, phase: 0.7 },
    { role: 'off-topic', language: 'en', count: offTopicEnglish, phase: 0.8 },
  ];
  const slots: Slot[] = kinds
    .flatMap((kind) =>
      Array.from({ length: kind.count }, (_, index) => ({
        role: kind.role,
        language: kind.language,
        index,
        database: 'openalex' as const,
        order: (index + kind.phase) / kind.count,
        groupB: false,
        pdf: false,
      })),
    )
    .sort((a, b) => a.order - b.order);
  slots.forEach((slot, rank) => {
    slot.database = rank % 3 === 2 ? 'crossref' : 'openalex';
  });
  const withPdfs = [
    { language: 'ru', wanted: spec.fullTexts.russian },
    { language: 'en', wanted: spec.fullTexts.english },
  ];
  for (const { language, wanted } of withPdfs) {
    const candidates = slots.filter((s) => s.role === 'relevant' && s.language === language && s.database === 'openalex');
    if (wanted > candidates.length) throw new Error(`${spec.name}: ${wanted} open PDFs wanted of ${candidates.length} OpenAlex works`);
    for (let j = 0; j < wanted; j++) candidates[Math.floor((j * candidates.length) / wanted)].pdf = true;
  }
  for (const database of ['openalex', 'crossref'] as const) {
    slots
      .filter((s) => s.database === database && s.language === 'ru')
      .forEach((s, rank) => {
        s.groupB = rank >= GROUP_A_SIZE && s.role !== 'bare';
      });
  }
  return slots;
}

/** Texts found by the topic's query alone must stay out of the outline queries' results, or those would not reach group B. */
function outsideOutlineQueries(text: string): string {
  const query = OUTLINE_QUERIES.find((q) => matches(q, text));
  if (query) throw new Error(`a group A text matches «${query}»: ${text}`);
  return text;
}

/** The sentences of an open PDF's pages: a figure and a claim in each paragraph, none repeated within the PDF. */
function pageSentencesOf(make: { claim: (n: number) => string; figure: (n: number) => string }, seed: number, pages: number): string[] {
  const out: string[] = [];
  for (let k = 0; k < pages * 2; k++) out.push(make.figure(seed * 12 + k), make.claim(seed * 12 + k + 5));
  return out;
}

function workOf(spec: CoverageSpec, field: Field, slot: Slot): CoverageWork {
  const { role, language, index: i } = slot;
  const ru = language === 'ru';
  const grammar = ru ? field.ru : field.en;
  const journals = ru ? field.journals : field.englishJournals;
  // Each kind of work takes its own titles, people and numbers: the relevant ones from 0, the others
  // beyond the most relevant works of a corpus (45 Russian, 28 English).
  const offset = { relevant: 0, bare: ru ? 60 : 40, 'off-topic': ru ? 100 : 50 }[role];
  const n = i + offset;
  const year = at(YEARS, n + (ru ? 0 : 5));
  const journal = at(journals, n);
  const hasPdf = slot.pdf;
  const firstPage = ru ? 5 + ((n * 37) % 190) : 100 + ((n * 211) % 900);
  const span = hasPdf ? 4 + (n % 3) : 6 + (n % 9);

  let title: string;
  let abstract: string | null;
  if (role === 'off-topic') {
    const subjects = ru ? field.offTopic.ru : field.offTopic.en;
    const contexts = ru ? field.offTopic.ruContexts : field.offTopic.enContexts;
    const subject = at(subjects, i);
    const context = at(contexts, Math.floor(i / subjects.length));
    title = `${subject.subject} ${context}`;
    const opening = `${at(grammar.openers, i)} ${lowerFirst(subject.subject)} ${context}.`;
    const groupB = slot.groupB ? [at(GROUP_B, i)(subject.genitive ?? lowerFirst(subject.subject))] : [];
    abstract = [opening, ...groupB, at(subject.sentences, i), at(subject.sentences, i + 1)].slice(0, 3).join(' ');
  } else {
    // Subjects × contexts: distinct for every work below their product (72 and 40 here).
    const subject = at(grammar.subjects, n);
    const context = at(grammar.contexts, Math.floor(n / grammar.subjects.length) + n);
    title = `${subject} ${context}`;
    if (role === 'bare') abstract = null;
    else {
      const opening = `${at(grammar.openers, n)} ${lowerFirst(subject)} ${context}.`;
      const groupB = slot.groupB ? [at(GROUP_B, i)(at(field.ru.genitives, i))] : [];
      // A figure with what it counts in every third work, so that figures exist to cite and to move.
      const figure = i % 3 === 0 ? [grammar.figure(n * 7 + 3)] : [];
      abstract = [opening, ...groupB, ...figure, grammar.claim(n * 11 + 2)].slice(0, 3).join(' ');
    }
  }
  if (ru && !slot.groupB) outsideOutlineQueries(`${title} ${abstract ?? ''}`);

  const tag = { relevant: language, 'off-topic': `off-${language}`, bare: `bare-${language}` }[role];
  const doi =
    role === 'off-topic' ? `10.5555/off.${spec.name}.${language}.${i + 1}` : `${journal.prefix}/${spec.name}.${tag}.${year}.${i + 1}`;
  const pdf = hasPdf ? `/${spec.name}/${language}-${i + 1}.pdf` : null;
  return {
    role,
    language,
    index: i,
    database: slot.database,
    doi,
    title,
    abstract,
    year,
    authors: ru ? russianAuthors(i, offset) : englishAuthors(i, offset),
    journal,
    volume: String(ru ? 10 + (n % 15) : 30 + (n % 20)),
    issue: String(1 + (n % 6)),
    firstPage,
    lastPage: firstPage + span - 1,
    pdf,
    pageSentences: pdf ? pageSentencesOf(grammar, n, span) : [],
  };
}

/** The printed pages of an open PDF, laid out as topic-corpus.ts's: the running head, two paragraphs, the page number. */
function pdfOf(work: CoverageWork): TestPdf {
  const head =
    work.language === 'ru'
      ? `${work.journal.name}. ${work.year}. Т. ${work.volume}, № ${work.issue}`
      : `${work.journal.name}. ${work.year}. Vol. ${work.volume}, no. ${work.issue}`;
  const pages: string[][] = [];
  for (let page = work.firstPage, k = 0; page <= work.lastPage; page++, k++) {
    const [a, b, c, d] = work.pageSentences.slice(k * 4, k * 4 + 4);
    pages.push([head, ...wrap(`${a} ${b}`), '', ...wrap(`${c} ${d}`), '', String(page)]);
  }
  return { pages };
}

function openAlexRecordOf(work: CoverageWork, url: (path: string) => string): OpenAlexRecord {
  const kindCode = { relevant: 1, 'off-topic': 2, bare: 3 }[work.role];
  const pdfUrl = work.pdf ? url(work.pdf) : null;
  const landing = `https://${work.journal.host}/article/view/${work.doi.split('/')[1]}`;
  return {
    id: `https://openalex.org/W${kindCode}${work.language === 'ru' ? 1 : 2}${String(work.index).padStart(6, '0')}`,
    doi: `https://doi.org/${work.doi}`,
    title: work.title,
    publication_year: work.year,
    type: 'article',
    language: work.language,
    authorships: work.authors.map((name) =>
      work.language === 'ru'
        ? { author: { display_name: transliterate(name) }, raw_author_name: name }
        : { author: { display_name: name } },
    ),
    primary_location: {
      landing_page_url: landing,
      source: { display_name: work.journal.name, host_organization_name: work.journal.publisher },
    },
    best_oa_location: pdfUrl ? { landing_page_url: landing, pdf_url: pdfUrl } : null,
    open_access: { oa_url: pdfUrl },
    biblio: { volume: work.volume, issue: work.issue, first_page: String(work.firstPage), last_page: String(work.lastPage) },
    abstract_inverted_index: work.abstract ? invertedIndex(work.abstract) : null,
  };
}

function crossrefRecordOf(work: CoverageWork): CrossrefRecord {
  const person = (name: string) => {
    if (work.language === 'en') {
      const [given, family] = name.split(' ');
      return { given, family };
    }
    const [family, initials] = name.split(' ');
    return { family, given: initials.replace(/\.(?=\S)/g, '. ') };
  };
  return {
    DOI: work.doi,
    URL: `https://doi.org/${work.doi}`,
    title: [work.title],
    author: work.authors.map(person),
    'container-title': [work.journal.name],
    issued: { 'date-parts': [[work.year, 1 + (work.index % 12)]] },
    volume: work.volume,
    issue: work.issue,
    page: `${work.firstPage}-${work.lastPage}`,
    type: 'journal-article',
    publisher: work.journal.publisher,
    ...(work.abstract ? { abstract: `<jats:p>${work.abstract}</jats:p>` } : {}),
    language: work.language,
  };
}

/** A coverage corpus: topic-corpus.ts's shape, with its own spec and what the checks need. */
export type CoverageCorpus = Omit<TopicCorpus, 'spec'> & {
  spec: CoverageSpec;
  /** The DOIs of the relevant works (the ones a paper may cite), Russian and English. */
  relevantDois: string[];
  /** The DOIs of the relevant English works. */
  englishDois: string[];
  /** The DOIs of the bare records (on the topic, nothing to cite). */
  bareDois: string[];
  /** Every work as generated, in the databases' order. */
  works: CoverageWork[];
  /** What a relevant work names, and what an off-topic one never contains (Field.object, Field.objectRoot). */
  object: { ru: RegExp; en: RegExp };
  objectRoot: { ru: RegExp; en: RegExp };
};

export function coverageCorpus(spec: CoverageSpec): CoverageCorpus {
  const field = fieldOf(spec);
  const works = slotsOf(spec).map((slot) => workOf(spec, field, slot));
  const files: Record<string, TestPdf> = {};
  for (const w of works) if (w.pdf) files[w.pdf] = pdfOf(w);
  const dois = (keep: (w: CoverageWork) => boolean) => works.filter(keep).map((w) => w.doi);
  return {
    spec,
    pdfs: files,
    records: (url) => ({
      openalex: works.filter((w) => w.database === 'openalex').map((w) => openAlexRecordOf(w, url)),
      crossref: works.filter((w) => w.database === 'crossref').map(crossrefRecordOf),
      crossrefLookupOnly: [],
    }),
    counts: {
      russian: spec.russian,
      english: spec.english,
      offTopic: spec.offTopic,
      openPdfs: Object.keys(files).length,
    },
    offTopicDois: dois((w) => w.role === 'off-topic'),
    relevantDois: dois((w) => w.role === 'relevant'),
    englishDois: dois((w) => w.role === 'relevant' && w.language === 'en'),
    bareDois: dois((w) => w.role === 'bare'),
    works,
    object: field.object,
    objectRoot: field.objectRoot,
  };
}

/** The minimum of listed works a paper of this type needs (a full paper of 80 pages, or a demo). */
export const coverageMinimum = (spec: CoverageSpec): number => minimumSources(spec.type, 80);

/** Used by the checks: every English text of the coverage corpora (titles, abstracts, printed pages). */
export function englishTextsOf(corpus: CoverageCorpus): string[] {
  return corpus.works.filter((w) => w.language === 'en').flatMap((w) => [w.title, ...(w.abstract ? [w.abstract] : []), ...w.pageSentences]);
}
