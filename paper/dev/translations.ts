/**
 * An English–Russian dictionary for the simulated models (dev/misbehaving-llm.ts): a real model
 * reads an English passage and retells it in Russian, and answers the engine's glossary call with
 * the Russian of English terms. The dictionary covers every content word of the stand-in corpora's
 * English texts (test/support/topic-corpus.ts and coverage-corpus.ts), each inflection that occurs
 * keyed on its own; test/coverage-corpus.test.ts keeps it so.
 *
 * The retelling is a gloss: the words in their English order, each in the Russian the dictionary
 * gives it (a verb in the form its usual subject takes, a noun in the nominative), an adjective
 * agreeing with the noun after it, figures and «%» kept. It keeps every key term, which is what the
 * engine's checks of a cited claim compare.
 */

/** Words that carry no term of their own: dropped from a retelling (a few become a comma or a Russian conjunction). */
export const FUNCTION_WORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'and',
  'or',
  'that',
  'which',
  'who',
  'whom',
  'whose',
  'with',
  'for',
  'their',
  'they',
  'them',
  'there',
  'than',
  'into',
  'such',
  'this',
  'these',
  'those',
  'have',
  'has',
  'been',
  'were',
  'are',
  'was',
  'its',
  'from',
  'by',
  'on',
  'in',
  'at',
  'as',
  'to',
  'be',
  'is',
  'it',
  'will',
  'would',
]);

/** English word (lower case) -> its Russian equivalent (a word or a short phrase, lower case, nominative). */
export const EN_RU: Record<string, string> = {
  ability: 'способность',
  about: 'о',
  accept: 'принимают',
  accepting: 'принимающие',
  according: 'согласно',
  account: 'счёт',
  accounting: 'учёт',
  added: 'добавленный',
  address: 'адрес',
  adopt: 'внедряют',
  adoption: 'внедрение',
  after: 'после',
  against: 'против',
  aggregator: 'агрегатор',
  agricultural: 'сельскохозяйственный',
  agriculture: 'сельское хозяйство',
  allowed: 'допускаются',
  aloud: 'вслух',
  also: 'также',
  apartment: 'многоквартирный',
  argue: 'аргументировать',
  article: 'статья',
  asked: 'задаваемые',
  assessment: 'оценка',
  associated: 'связано',
  authors: 'авторы',
  automate: 'автоматизируют',
  average: 'в среднем',
  bank: 'банковский',
  barrier: 'барьер',
  barriers: 'барьеры',
  before: 'до',
  between: 'между',
  bought: 'купленные',
  build: 'строить',
  building: 'строительный',
  buildings: 'дома',
  buses: 'автобусы',
  business: 'бизнес',
  businesses: 'предприятия',
  buyer: 'покупатель',
  buyers: 'покупатели',
  cases: 'дела',
  cash: 'кассовый',
  cashless: 'безналичный',
  catering: 'ресторанный',
  centres: 'центры',
  chains: 'сети',
  channel: 'канал',
  children: 'дети',
  cities: 'города',
  citizens: 'граждане',
  civil: 'гражданский',
  claims: 'иски',
  cloud: 'облачный',
  clubs: 'клубы',
  code: 'кодекс',
  codes: 'кодексы',
  commerce: 'коммерция',
  companies: 'компании',
  competence: 'компетенции',
  competition: 'конкуренция',
  complaints: 'жалобы',
  complete: 'сдать',
  comprehension: 'понимание',
  connect: 'подключить',
  connectivity: 'связь',
  consent: 'согласие',
  considers: 'рассматривает',
  construction: 'строительство',
  consultations: 'консультации',
  consumer: 'потребитель',
  consumers: 'потребители',
  contactless: 'бесконтактный',
  contracts: 'договоры',
  cost: 'затраты',
  costs: 'затраты',
  courses: 'курсы',
  court: 'суд',
  courts: 'суды',
  cover: 'покрывают',
  crops: 'посевы',
  'cross-border': 'трансграничный',
  customer: 'клиенты',
  cut: 'сократить',
  data: 'данные',
  days: 'дней',
  deals: 'сделки',
  decide: 'рассмотреть',
  decided: 'решённые',
  delivered: 'доставлены',
  delivery: 'доставка',
  demand: 'спрос',
  depends: 'зависит',
  design: 'проектирование',
  despite: 'несмотря на',
  developing: 'развитие',
  development: 'развитие',
  develops: 'развивается',
  diagrams: 'диаграммы',
  diaries: 'дневники',
  differs: 'различается',
  digital: 'цифровой',
  digitalisation: 'цифровизация',
  discussion: 'обсуждение',
  dispatch: 'диспетчерский',
  disputes: 'споры',
  distance: 'дистанционный',
  district: 'районный',
  doctor: 'врач',
  document: 'документный',
  documents: 'документы',
  drones: 'беспилотники',
  during: 'во время',
  'e-commerce': 'электронная коммерция',
  early: 'ранний',
  economic: 'экономический',
  economies: 'экономики',
  economy: 'экономика',
  education: 'образование',
  electricity: 'электроэнергия',
  electronic: 'электронный',
  emerging: 'развивающийся',
  equipment: 'оборудование',
  energy: 'энергетический',
  enterprises: 'предприятия',
  eurasian: 'евразийский',
  evidence: 'данные',
  examines: 'рассматривает',
  exchange: 'обмен',
  exchanging: 'обменивающиеся',
  experience: 'опыт',
  'face-to-face': 'очный',
  false: 'недостоверный',
  family: 'семейный',
  'family-owned': 'семейный',
  fare: 'проездной',
  farmers: 'фермеры',
  farming: 'земледелие',
  farms: 'хозяйства',
  favour: 'в пользу',
  fell: 'снизилось',
  financing: 'финансирование',
  find: 'устанавливают',
  firm: 'фирма',
  firms: 'фирмы',
  first: 'сначала',
  following: 'вслед за',
  footprints: 'следы',
  force: 'сила',
  forecast: 'прогнозируют',
  foreign: 'иностранный',
  fourth: 'четвёртый',
  full: 'полный',
  funds: 'средства',
  get: 'получить',
  goods: 'товары',
  governed: 'регулируется',
  graders: 'классы',
  grades: 'классы',
  grain: 'зерновой',
  grant: 'грант',
  grants: 'гранты',
  grid: 'сетевой',
  grids: 'сети',
  group: 'групповой',
  growing: 'растущий',
  handwritten: 'собственноручный',
  hardest: 'самые трудные',
  harm: 'вред',
  harvest: 'урожай',
  health: 'здоровье',
  healthcare: 'здравоохранение',
  help: 'помощь',
  high: 'высокий',
  higher: 'высший',
  home: 'дома',
  hospitals: 'больницы',
  improve: 'улучшают',
  independent: 'самостоятельный',
  individual: 'индивидуальный',
  information: 'информация',
  installed: 'устанавливаются',
  instruction: 'обучение',
  intelligent: 'интеллектуальный',
  interactive: 'интерактивный',
  international: 'международный',
  introduced: 'введены',
  introduction: 'внедрение',
  inventory: 'складской',
  issued: 'выдаются',
  issues: 'выдаёт',
  keeping: 'ведущие',
  lack: 'нехватка',
  land: 'земля',
  large: 'крупный',
  law: 'право',
  learners: 'ученики',
  learning: 'обучение',
  left: 'оставленный',
  legal: 'правовой',
  let: 'позволяют',
  level: 'уровень',
  liability: 'ответственность',
  liable: 'отвечает',
  links: 'объединяет',
  literacy: 'грамотность',
  logistics: 'логистика',
  losses: 'потери',
  machine: 'машинный',
  main: 'главный',
  mainly: 'прежде всего',
  management: 'управление',
  managers: 'руководители',
  managing: 'управление',
  manufacturing: 'производственный',
  marketplace: 'маркетплейс',
  marketplaces: 'маркетплейсы',
  markets: 'рынки',
  maturity: 'зрелость',
  may: 'может',
  meaning: 'смысл',
  medical: 'медицинский',
  meters: 'счётчики',
  modelling: 'моделирование',
  monitoring: 'мониторинг',
  most: 'большинство',
  motivation: 'мотивация',
  move: 'переходят',
  must: 'обязан',
  name: 'наименование',
  navigation: 'навигация',
  needed: 'необходимое',
  new: 'новый',
  'non-continuous': 'несплошной',
  not: 'не',
  now: 'теперь',
  one: 'один',
  online: 'онлайн',
  only: 'только',
  open: 'открыть',
  operator: 'оператор',
  order: 'заказ',
  organisations: 'организации',
  outcomes: 'результаты',
  over: 'о',
  own: 'собственный',
  owner: 'владелец',
  owners: 'владельцы',
  pandemic: 'пандемия',
  paper: 'статья',
  part: 'часть',
  partners: 'контрагенты',
  paths: 'траектории',
  patient: 'пациент',
  patients: 'пациенты',
  pay: 'платят',
  payment: 'оплата',
  payments: 'платежи',
  perform: 'выступают',
  permits: 'разрешения',
  personal: 'персональный',
  pharmacies: 'аптеки',
  pirls: 'пирлс',
  platform: 'платформа',
  platforms: 'платформы',
  portals: 'порталы',
  power: 'электрический',
  practice: 'практика',
  precision: 'точный',
  prepayment: 'предоплата',
  prepayments: 'предоплаты',
  prescription: 'рецепт',
  primary: 'начальный',
  priority: 'преимущественный',
  procedure: 'порядок',
  processes: 'обрабатывает',
  processing: 'обработка',
  programmes: 'программы',
  projects: 'проекты',
  protection: 'защита',
  public: 'общественный',
  pupils: 'ученики',
  qualified: 'квалифицированный',
  questions: 'вопросы',
  raise: 'повышают',
  reach: 'выходить на',
  reading: 'чтение',
  receipt: 'чек',
  receive: 'получают',
  records: 'записи',
  reduce: 'снижают',
  reduces: 'снижает',
  region: 'регион',
  regional: 'региональный',
  regions: 'регионы',
  registers: 'аппараты',
  registration: 'регистрация',
  regular: 'регулярный',
  regulated: 'регулируется',
  regulating: 'регулирование',
  regulation: 'регулирование',
  reimburse: 'возмещают',
  relationship: 'отношения',
  remains: 'остаётся',
  remote: 'отдалённый',
  residents: 'жители',
  resources: 'ресурсы',
  results: 'результаты',
  retail: 'розничный',
  return: 'вернуть',
  right: 'право',
  rights: 'права',
  rose: 'выросла',
  rules: 'правила',
  rural: 'сельский',
  russia: 'россия',
  russian: 'российский',
  sales: 'продажи',
  same: 'такой же',
  sanctions: 'санкции',
  satellite: 'спутниковый',
  scattered: 'разрозненные',
  school: 'школа',
  second: 'затем',
  sector: 'отрасль',
  see: 'считают',
  sell: 'продают',
  seller: 'продавец',
  sellers: 'продавцы',
  selling: 'продажа',
  send: 'передают',
  service: 'сервисный',
  services: 'сервисы',
  sets: 'устанавливает',
  settle: 'рассчитаться',
  seven: 'семь',
  several: 'несколько',
  share: 'доля',
  shares: 'доли',
  shop: 'магазин',
  shops: 'магазины',
  shortage: 'нехватка',
  shortens: 'сокращает',
  show: 'показывают',
  shows: 'показывает',
  siberian: 'сибирский',
  side: 'поддерживать',
  signature: 'подпись',
  signatures: 'подписи',
  single: 'единый',
  sites: 'площадки',
  skills: 'навыки',
  small: 'малый',
  smart: 'умный',
  software: 'программное обеспечение',
  staff: 'персонал',
  state: 'государственный',
  statistics: 'статистика',
  still: 'всё ещё',
  stops: 'остановки',
  storage: 'хранение',
  strategies: 'стратегии',
  students: 'студенты',
  studies: 'изучает',
  study: 'исследование',
  subject: 'подлежат',
  subsidies: 'субсидии',
  subsidy: 'субсидия',
  substations: 'подстанции',
  support: 'поддержка',
  supreme: 'верховный',
  survey: 'опрос',
  switch: 'переход',
  systems: 'системы',
  tables: 'таблицы',
  take: 'занимают',
  taken: 'изъят',
  tatarstan: 'татарстан',
  tax: 'налог',
  taxation: 'налогообложение',
  teaching: 'преподавание',
  telemedicine: 'телемедицина',
  tell: 'сообщить',
  tend: 'склонны',
  texts: 'тексты',
  three: 'три',
  through: 'через',
  time: 'время',
  times: 'сроки',
  took: 'потратили',
  tools: 'инструменты',
  towns: 'города',
  track: 'отслеживают',
  trade: 'торговля',
  train: 'обучают',
  transfer: 'переводят',
  transformation: 'трансформация',
  transport: 'транспорт',
  trips: 'поездки',
  twelve: 'двенадцать',
  under: 'при',
  union: 'союз',
  universities: 'университеты',
  university: 'университетский',
  unused: 'неиспользуемый',
  use: 'используют',
  used: 'используются',
  using: 'использующие',
  value: 'стоимость',
  vat: 'ндс',
  views: 'взгляды',
  visit: 'посещение',
  waiting: 'ожидание',
  warehouse: 'складской',
  warehouses: 'склады',
  weak: 'слабый',
  well: 'хорошо',
  when: 'когда',
  widely: 'сильно',
  within: 'в течение',
  without: 'без',
  year: 'год',
  years: 'года',
  young: 'младший',
};

/** Short words a retelling keeps (they carry the sense of the clause, though no term). */
const KEPT_SHORT: Record<string, string> = { and: 'и', or: 'или', no: 'нет', if: 'если' };
/** Function words that open a clause: a comma in Russian. */
const CLAUSE_OPENERS = new Set(['that', 'which', 'who', 'whom', 'whose']);
/** Function words before a figure: "from 14% to 31%", "by 15%". */
const BEFORE_FIGURE: Record<string, string> = { from: 'с', to: 'до', by: 'на', in: 'в' };
/** Proper names a retelling writes with a capital. */
const PROPER: Record<string, string> = { россия: 'Россия', татарстан: 'Татарстан', ндс: 'НДС' };

/** An English token: a word (hyphens and an apostrophe inside), a figure, «%» or a punctuation mark. */
const TOKEN = /\d+(?:[.,]\d+)?|%|[A-Za-z]+(?:[-'][A-Za-z]+)*|[,:;]/g;
const isFigure = (token: string) => /^\d/.test(token);
const isWord = (token: string) => /^[A-Za-z]/.test(token);
/** A word as EN_RU keys it: lower case, without a possessive «'s». */
const keyOf = (word: string) => word.toLowerCase().replace(/'s$/, '');

/** The words of an English text that name something: at least three letters, not a function word (lower case, in order). */
export function contentWords(text: string): string[] {
  return (text.match(TOKEN) ?? [])
    .filter(isWord)
    .map(keyOf)
    .filter((w) => w.length >= 3 && !FUNCTION_WORDS.has(w));
}

/** A Russian word of a retelling, with the English word it comes from. */
interface RuWord {
  text: string;
  /** The English word it translates; null for a figure, a mark or a conjunction. */
  from: string | null;
}

/** An English plural (its Russian noun is plural too): "firms", "data"; not "business", "statistics". */
const englishPlural = (word: string) =>
  ['children', 'data', 'people'].includes(word) || (/s$/.test(word) && !/(?:ss|us|is|ics)$/.test(word));

const MASCULINE_ADJECTIVE = /(?:ый|ий|ой)(?:ся)?$/;
/** Any form of an adjective (or a participle): «малые», «цифровая», «программное», «развивающиеся»; not a noun in -ние, -тие. */
const isAdjective = (word: string) =>
  word !== 'данные' &&
  (MASCULINE_ADJECTIVE.test(word) || /(?:ая|яя|ое|ые)(?:ся)?$/.test(word) || /[кгхжшщчн]ее$|[кгхжшщч]ие(?:ся)?$/.test(word));

type Form = 'm' | 'f' | 'n' | 'pl';

/** The gender or number of a Russian noun, from its ending and the English word it translates. */
function formOf(word: RuWord): Form {
  const text = word.text;
  if (text === 'данные' || /[ыи]$/.test(text) || (word.from && englishPlural(word.from))) return 'pl';
  if (/[ая]$/.test(text)) return 'f';
  if (/[оеё]$/.test(text)) return 'n';
  if (/ь$/.test(text)) return /тель$/.test(text) || ['день', 'путь', 'рубль'].includes(text) ? 'm' : 'f';
  return 'm';
}

/** A masculine adjective in the form of its noun: «цифровой» -> «цифровая», «малый» -> «малые», «развивающийся» -> «развивающиеся». */
function agree(adjective: string, form: Form): string {
  if (form === 'm') return adjective;
  const reflexive = adjective.endsWith('ся') ? 'ся' : '';
  const base = reflexive ? adjective.slice(0, -2) : adjective;
  const stem = base.slice(0, -2);
  const velar = /[гкх]$/.test(stem);
  const hushing = /[жшщч]$/.test(stem);
  // «-ний» without a velar or hushing consonant before it is soft: «средний» -> «средняя».
  const soft = base.endsWith('ий') && !velar && !hushing;
  const endings: Record<Exclude<Form, 'm'>, string> = soft
    ? { f: 'яя', n: 'ее', pl: 'ие' }
    : { f: 'ая', n: hushing && base.endsWith('ий') ? 'ее' : 'ое', pl: velar || hushing ? 'ие' : 'ые' };
  return stem + endings[form] + reflexive;
}

/** Each masculine adjective takes the form of the noun after it (other adjectives and «же» between them). */
function agreeAdjectives(words: RuWord[]): RuWord[] {
  const out = words.map((w) => ({ ...w }));
  const isRussianWord = (w: RuWord) => /^[а-яё-]+$/.test(w.text);
  out.forEach((w, i) => {
    if (!isRussianWord(w) || !MASCULINE_ADJECTIVE.test(w.text) || w.text.length < 4) return;
    let j = i + 1;
    while (j < out.length && isRussianWord(out[j]) && (isAdjective(out[j].text) || out[j].text === 'же')) j++;
    if (j < out.length && isRussianWord(out[j])) w.text = agree(w.text, formOf(out[j]));
  });
  return out;
}

/** The Russian words of one English content word: its dictionary entry, word by word. */
function russianWordsOf(word: string): RuWord[] | null {
  const russian = EN_RU[word];
  return russian ? russian.split(' ').map((text) => ({ text, from: word })) : null;
}

/** The Russian for an English term (a word or a phrase of words in EN_RU), or null when a word is unknown. */
export function translateTerm(en: string): string | null {
  const words: RuWord[] = [];
  for (const word of contentWords(en)) {
    const russian = russianWordsOf(word);
    if (!russian) return null;
    words.push(...russian);
  }
  return words.length
    ? agreeAdjectives(words)
        .map((w) => w.text)
        .join(' ')
    : null;
}

/** A word the dictionary does not know, in Cyrillic letters (a retelling has no Latin). */
function cyrillicOf(word: string): string {
  const letters: Record<string, string> = {
    a: 'а',
    b: 'б',
    c: 'к',
    d: 'д',
    e: 'е',
    f: 'ф',
    g: 'г',
    h: 'х',
    i: 'и',
    j: 'дж',
    k: 'к',
    l: 'л',
    m: 'м',
    n: 'н',
    o: 'о',
    p: 'п',
    q: 'к',
    r: 'р',
    s: 'с',
    t: 'т',
    u: 'у',
    v: 'в',
    w: 'в',
    x: 'кс',
    y: 'й',
    z: 'з',
  };
  return [...word.toLowerCase()].map((c) => letters[c] ?? c).join('');
}

/**
 * An English sentence told in Russian: word by word through EN_RU (function words dropped, figures
 * kept as they are, «%» kept), adjectives agreeing with their nouns, a comma where a relative
 * clause opens. "Small firms that adopt cloud accounting reduce the cost of managing their
 * business." -> "малые фирмы, внедряют облачный учёт снижают затраты управление бизнес". Every
 * content word's translation and every figure is there; no Latin letter is.
 */
export function retellInRussian(en: string): string {
  const tokens = en.match(TOKEN) ?? [];
  const words: RuWord[] = [];
  tokens.forEach((token, i) => {
    if (isFigure(token) || token === '%') {
      words.push({ text: token, from: null });
      return;
    }
    if (!isWord(token)) {
      words.push({ text: token, from: null });
      return;
    }
    const word = keyOf(token);
    const next = tokens[i + 1];
    if (next && isFigure(next) && BEFORE_FIGURE[word]) words.push({ text: BEFORE_FIGURE[word], from: null });
    else if (KEPT_SHORT[word]) words.push({ text: KEPT_SHORT[word], from: null });
    else if (CLAUSE_OPENERS.has(word)) words.push({ text: ',', from: null });
    else if (word.length >= 3 && !FUNCTION_WORDS.has(word))
      words.push(...(russianWordsOf(word) ?? [{ text: cyrillicOf(word), from: word }]));
  });
  return agreeAdjectives(words)
    .map((w) => PROPER[w.text] ?? w.text)
    .join(' ')
    .replace(/\s+([,:;])/g, '$1')
    .replace(/([,:;])(?:\s*[,:;])+/g, '$1')
    .replace(/^[\s,:;]+|[\s,:;]+$/g, '')
    .replace(/\s+/g, ' ');
}
