/**
 * What a remark asks for, decided by rules over its words, as supervisors write them: short,
 * imperative, often vague («раскройте подробнее», «устаревшие источники», «где выводы по главе?»).
 * Deterministic: the same remark is always read the same way, and the «Лист доработок» can say
 * why. The order matters: what only the author can give is recognised first (a table «по данным
 * предприятия» needs the enterprise's data, not a model's), then the sources, the form, and the
 * content last; a remark that names no known request asks for its section to be rewritten as it
 * says.
 */
import { REMARK_KINDS, type ClassifiedRemark, type NamedWork, type RemarkKind } from './types.ts';

/** Works «устаревшие» by default: older than this many years (what universities' rules usually ask). */
export const OUTDATED_YEARS = 5;
/** «Свежие» works by default: of the last this many years. */
export const RECENT_YEARS = 3;
/** Works added when a remark asks for «зарубежные» or «свежие» ones without a number. */
export const DEFAULT_ADDED_WORKS = 3;

const low = (s: string) => s.toLowerCase().replace(/ё/g, 'е');

/** What only the author can give, by the words that ask for it. */
const AUTHOR_NEEDS: [RegExp, string][] = [
  [/анкет|опрос|интервью|респондент|фокус-групп/, 'результаты опроса (анкетирования), проведённого автором'],
  [
    /отчетност|бухгалтерск|баланс\p{L}* (предприят|организац|компан)|данн\p{L}* (вашего |своего |вашей |своей )?(предприят|организац|компан|мест\p{L}* практики|баз\p{L}* практики)|по данным (предприят|организац|компан)|показател\p{L}* (вашего|своего|вашей|своей) /u,
    'данные организации — базы практики (отчётность, внутренние показатели)',
  ],
  [/акт\p{L}* (о )?внедрени|справк\p{L}* о внедрени/u, 'акт (справку) о внедрении результатов работы'],
  [/посет|визит|выезд|побывайте|съездит/, 'посещение организации автором'],
  [
    /(собственн|свои|своих|личн)\p{L}* (исследовани|расчет|данн|наблюдени|опыт|мнени|вывод\p{L}* по практике)|эксперимент\p{L}* (на|в|сред|с)/u,
    'собственные исследования, расчёты и наблюдения автора',
  ],
  [/фотограф|фотоотчет|скриншот/, 'фотографии и материалы автора'],
  [/(прохождени\p{L}*|мест\p{L}*|баз\p{L}*) практики|практик\p{L}* (на|в) /u, 'материалы практики автора'],
  [/внутренн\p{L}* документ|устав\p{L}* (предприят|организац|компан)/u, 'внутренние документы организации'],
];
const SIGNATURE = /подпи[сш]/;
const CAPTION = /таблиц|рисун|график|диаграм|иллюстрац/;

const NUMBER_WORDS: Record<string, number> = {
  одного: 1,
  один: 1,
  двух: 2,
  два: 2,
  две: 2,
  трех: 3,
  три: 3,
  четырех: 4,
  четыре: 4,
  пяти: 5,
  пять: 5,
  шести: 6,
  шесть: 6,
  семи: 7,
  семь: 7,
  десяти: 10,
  десять: 10,
};
const numberOf = (w: string) => (/^\d+$/.test(w) ? Number(w) : NUMBER_WORDS[w]);
/** A count of years or works («5», «пяти»): one or two digits or a word — four digits are a year, never a count. */
const COUNT = '(\\d{1,2}(?!\\d)|одного|один|двух|два|две|трех|три|четырех|четыре|пяти|пять|шести|шесть|семи|семь|десяти|десять)';
/** A year as a remark writes it: four digits, 1900–2099. */
const YEAR = '(?<!\\d)((?:19|20)\\d\\d)(?!\\d)';
/** A count of years: «лет», «года», «год» as a whole word. */
const YEARS_WORD = '(?:лет|года?)(?!\\p{L})';

/**
 * The first year of the works a remark keeps or asks for, when it says one: a year as a year
 * («не ранее 2019 г.», «с 2019 года», «после 2018 года», «2015 года и ранее», «до 2015 года»,
 * «ранее 2016 г.», «старше 2017 года», «2019–2024 гг.») or a count of years back from `year`
 * («старше 5 лет», «за последние 3 года»).
 */
function firstYearOf(t: string, year: number): number | null {
  const found = (re: string) => new RegExp(re, 'u').exec(t);
  // «не старше 2019 г.» keeps 2019: read before «старше 2019» (which drops what is older).
  const since = found(`(?:не ранее|не раньше|не старше|(?<!\\p{L})с|(?<!\\p{L})от)\\s+${YEAR}`);
  if (since) return Number(since[1]);
  const range = found(`${YEAR}\\s*[-–—]\\s*${YEAR}`);
  if (range) return Number(range[1]);
  const after = found(`(?:после|позднее|позже)\\s+${YEAR}`);
  if (after) return Number(after[1]) + 1;
  const andEarlier = found(`${YEAR}\\s*(?:г\\.|гг\\.|года?)?\\s*(?:и\\s+)?(?:ранее|раньше|старше)`);
  if (andEarlier) return Number(andEarlier[1]) + 1;
  const before = found(`(?:до|ранее|раньше|старше)\\s+${YEAR}`);
  if (before) return Number(before[1]);
  const olderThan = found(`(?:старше|более|больше|свыше)\\s+${COUNT}\\s+${YEARS_WORD}`);
  if (olderThan) return year - numberOf(olderThan[1]);
  const last = found(`последни\\p{L}*\\s+${COUNT}\\s+${YEARS_WORD}`);
  if (last) return year - numberOf(last[1]) + 1;
  return null;
}

/** The first year a remark on old works keeps («старше 5 лет», «старше 2017 года», «до 2015 года»); five years back by default. */
function keptFrom(t: string, year: number): number {
  return Math.min(firstYearOf(t, year) ?? year - OUTDATED_YEARS, year);
}

/** The first year of the works a remark asks to add («с 2022 года», «за последние 3 года», «работы 2024 года»); three years back by default. */
function recentFrom(t: string, year: number): number {
  const alone = new RegExp(`${YEAR}\\s*(?:г\\.|года?)`, 'u').exec(t);
  return Math.min(firstYearOf(t, year) ?? (alone ? Number(alone[1]) : year - RECENT_YEARS + 1), year);
}

/** How many works a remark asks to add («3–5 зарубежных», «не менее пяти»); a year is not a count. */
function countOf(t: string): number {
  const range = /(?<!\d)(\d{1,2})\s*[-–—]\s*(\d{1,2})(?!\d)/.exec(t);
  if (range) return Number(range[1]);
  const atLeast = new RegExp(`(?:не менее|минимум|хотя бы|как минимум)\\s+${COUNT}`).exec(t);
  if (atLeast) return numberOf(atLeast[1]);
  const plain = new RegExp(`(?:добав\\p{L}*|привлеч\\p{L}*|включ\\p{L}*|нужно|нужны|еще)\\s+${COUNT}\\s`, 'u').exec(t);
  if (plain) return numberOf(plain[1]);
  return DEFAULT_ADDED_WORKS;
}

/** The work a remark names, or null: a title in quotes, an author with initials, a DOI. */
export function namedWorkOf(text: string): NamedWork | null {
  const doi = /\b10\.\d{4,9}\/[^\s"«»,;]+/.exec(text)?.[0]?.replace(/[.)]+$/, '');
  const title = /[«"“]([^»"”]{8,300})[»"”]/.exec(text)?.[1]?.trim();
  const initials = '[А-ЯЁA-Z]\\.\\s?(?:[А-ЯЁA-Z]\\.)?';
  const author =
    new RegExp(`([А-ЯЁA-Z][а-яёa-z-]{2,})\\s+${initials}`, 'u').exec(text)?.[1] ??
    new RegExp(`${initials}\\s?([А-ЯЁA-Z][а-яёa-z-]{2,})`, 'u').exec(text)?.[1] ??
    /(?:работ\p{L}*|стать\p{L}*|монографи\p{L}*|книг\p{L}*|исследовани\p{L}*|труд\p{L}*)\s+([А-ЯЁ][а-яё-]{2,})/u.exec(text)?.[1];
  const year = /\b(19[5-9]\d|20\d\d)\b/.exec(text)?.[1];
  if (!doi && !title && !author) return null;
  return {
    ...(title ? { title } : {}),
    ...(author ? { author } : {}),
    ...(year ? { year: Number(year) } : {}),
    ...(doi ? { doi } : {}),
    said: text,
  };
}

/** Asks to cite something, and what: a work. */
const CITE = /сошл|ссыл\p{L}* на|процитир|привлеч|включит|добавьт|используйт|опирайт|учтит/u;
const WORK = /работ|стать|монограф|книг|учебник|труд|исследован|публикац|источник|пособи/;
/** Words for the works of a list (not «работа» alone: «цель работы» is no source). */
const WORKS =
  /источник|литератур|ссыл(ок|ки|ками)|публикаци|стат(ей|ьи|ьям)|авторов|исследовани[йяе]|библиограф|трудов|работ(ы|ам|ами|ах)?\s+(\d{4}|зарубеж|иностран|отечеств|последн|прошл|старш|устар|не\s|ранее|раньше|до\s+\d{4}|изданн|опубликованн)/u;
const OLD = /устаре|старые|старых|старше|не ранее|не старше|давно|ранее \d{4}|до \d{4}/;
/** Asks to add works («добавьте работы 2024 года»): with a year, a remark on recent works. */
const ADD = /добав|привлеч|включ|нужн/;
/** An example asked with figures: «с цифрами», «с данными», «с числами», «с показателями», «количественный». */
const FIGURES = /цифр|числов|с числами|с данными|с показателями|количествен|статистическ/;
const NEW = /свеж|нов(ых|ые|ее|ейш)|современн|актуальн|последн\p{L}*\s+(\S+\s+)?(лет|год)|недавн/u;

const as = (kind: RemarkKind, extra: Omit<ClassifiedRemark, 'kind' | 'class'> = {}): ClassifiedRemark => ({
  kind,
  class: REMARK_KINDS[kind],
  ...extra,
});

/** Reads a remark; `now` is the round's date (what «старше 5 лет» counts from). */
export function classifyRemark(text: string, now: Date): ClassifiedRemark {
  const t = low(text);
  const year = now.getFullYear();

  for (const [words, needs] of AUTHOR_NEEDS) if (words.test(t)) return as('author_data', { needs });
  if (SIGNATURE.test(t) && !CAPTION.test(t)) return as('author_data', { needs: 'подписи автора и руководителя' });

  const work = CITE.test(t) ? namedWorkOf(text) : null;
  if (work && (work.doi || (work.author && /[А-ЯЁA-Z]\.\s?[А-ЯЁA-Z]?/u.test(text)) || WORK.test(t))) return as('cite_work', { work });
  const works = WORKS.test(t);
  if (/зарубеж|иностран|англоязыч/.test(t) && (works || /(зарубеж|иностран|англоязыч)\p{L}*\s+(работ|исследован|автор)/u.test(t)))
    return as('foreign', { count: countOf(t) });
  if ((works && OLD.test(t)) || (/замен|убер|исключ|обнов/.test(t) && /источник|литератур|ссылк/.test(t)))
    return as('outdated', { year: keptFrom(t, year) });
  if (
    (works && (NEW.test(t) || (ADD.test(t) && new RegExp(YEAR).test(t)))) ||
    /(мало|больше|недостаточно|расширьте|дополните)\p{L}*\s+(источник|литератур|списо?к)/u.test(t)
  )
    return as('recent', { year: recentFrom(t, year), count: countOf(t) });

  if (/(ссылк|сноск|цитат|цитир)/.test(t) && /(оформ|гост|неправил|формат|не по|квадратн|подстроч|единообраз|страниц)/.test(t))
    return as('citations');
  if (/(список (литератур|источник)|библиограф)/.test(t) && /(оформ|гост|алфавит|порядк|сортир|описани)/.test(t)) return as('citations');
  if (/заголов/.test(t)) return as('headings');
  if (/нумерац|пронумер|номер\p{L}* (страниц|таблиц|рисун)|(подпис|назван)\p{L}* (таблиц|рисун)/u.test(t)) return as('numbering');
  if (
    /шрифт|кегл|интервал|\bполя\b|полей|отступ|выравнив|оформлени\p{L}* (работ|по гост|текст)|нормоконтрол|гост 7\.32|межстроч|абзацн|титульн|оформите по гост/u.test(
      t,
    )
  )
    return as('layout');

  if (/вывод/.test(t) && /глав|нет|где|отсутств|добав|сформулир|допиш|напиш|нужн/.test(t)) return as('chapter_conclusion');
  if (/таблиц/.test(t) && /добав|сведит|свести|составь|состав\p{L}*|представ|оформ\p{L}* в виде|нужн|привед|постро|в виде/u.test(t))
    return as('table');
  if (/пример/.test(t)) return as('example', FIGURES.test(t) ? { figures: true } : {});
  if (/повтор|дублир|уже (было|сказано|говорилось|написано)|тавтолог/.test(t)) return as('repetition');
  if (/сократ|сжат|сожмит|слишком (длинн|подробн|много|объемн)|\bвод[аы]\b|лишн|избыточ/.test(t)) return as('shorten');
  if (/раскр|подробн|расшир|дополн|(?<!\p{L})мало(?!\p{L})|недостаточн|углуб|разверн|поверхностн|скудн|(?<!\p{L})слабо(?!\p{L})/u.test(t))
    return as('expand');
  return as('rewrite');
}
