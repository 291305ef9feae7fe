/** Real-looking OpenAlex and Crossref records for the search tests: Russian and English works, a duplicate, gaps Crossref fills. */
import type { CrossrefRecord } from './crossref-stand-in.ts';
import { invertedIndex } from './openalex-stand-in.ts';
import type { OpenAlexRecord } from './openalex-stand-in.ts';

export const TOPIC = 'Цифровая трансформация управления малым бизнесом в регионах России';

/** A Russian article: OpenAlex transliterates the names (raw_author_name keeps them) and lacks the volume. */
export const RU_ARTICLE: OpenAlexRecord = {
  id: 'https://openalex.org/W3170000001',
  doi: 'https://doi.org/10.32609/0042-8736-2021-5-45-60',
  title: 'Цифровая трансформация малого бизнеса: региональный аспект',
  publication_year: 2021,
  type: 'article',
  language: 'ru',
  authorships: [
    { author: { display_name: 'Ivan Ivanov' }, raw_author_name: 'Иванов И.И.' },
    { author: { display_name: 'P. S. Petrov' }, raw_author_name: 'Петров Петр Сергеевич' },
  ],
  primary_location: {
    landing_page_url: 'https://www.vopreco.ru/jour/article/view/1',
    source: { display_name: 'Вопросы экономики', host_organization_name: 'НП «Редакция журнала „Вопросы экономики“»' },
  },
  best_oa_location: {
    landing_page_url: 'https://www.vopreco.ru/jour/article/view/1',
    pdf_url: 'https://www.vopreco.ru/jour/article/download/1/1.pdf',
  },
  open_access: { oa_url: 'https://www.vopreco.ru/jour/article/download/1/1.pdf' },
  biblio: { volume: null, issue: '5', first_page: '45', last_page: '60' },
  abstract_inverted_index: invertedIndex('Рассмотрена цифровая трансформация малого бизнеса в регионах России и меры её поддержки'),
};

/** Crossref's record of the same DOI: the volume OpenAlex lacks. */
export const RU_ARTICLE_CROSSREF: CrossrefRecord = {
  DOI: '10.32609/0042-8736-2021-5-45-60',
  URL: 'https://doi.org/10.32609/0042-8736-2021-5-45-60',
  title: ['Цифровая трансформация малого бизнеса: региональный аспект'],
  author: [
    { family: 'Иванов', given: 'Иван Иванович' },
    { family: 'Петров', given: 'Петр Сергеевич' },
  ],
  'container-title': ['Вопросы экономики'],
  issued: { 'date-parts': [[2021, 5]] },
  volume: '12',
  issue: '5',
  page: '45-60',
  type: 'journal-article',
  publisher: 'NP Voprosy Ekonomiki',
  language: 'ru',
};

/** An English article, relevant only by its English words. */
export const EN_ARTICLE: OpenAlexRecord = {
  id: 'https://openalex.org/W3090000002',
  doi: 'https://doi.org/10.1016/j.jbusres.2020.10.044',
  title: 'Digital transformation of small and medium enterprises: A systematic literature review',
  publication_year: 2021,
  type: 'review',
  language: 'en',
  authorships: [{ author: { display_name: 'Sascha Kraus' } }, { author: { display_name: 'Paul Jones' } }],
  primary_location: {
    landing_page_url: 'https://www.sciencedirect.com/science/article/pii/S0148296320306985',
    source: { display_name: 'Journal of Business Research', host_organization_name: 'Elsevier BV' },
  },
  best_oa_location: null,
  open_access: { oa_url: null },
  biblio: { volume: '123', issue: null, first_page: '557', last_page: '567' },
  abstract_inverted_index: invertedIndex('We review research on the digital transformation of small business'),
};

/** A Russian textbook: OpenAlex knows neither place nor publisher; Crossref does. */
export const RU_BOOK: OpenAlexRecord = {
  id: 'https://openalex.org/W4200000003',
  doi: 'https://doi.org/10.31234/urait.2020.book.5',
  title: 'Управление малым бизнесом в условиях цифровой экономики: учебное пособие',
  publication_year: 2020,
  type: 'book',
  language: 'ru',
  authorships: [{ author: { display_name: 'Сидорова Анна Владимировна' } }],
  primary_location: { landing_page_url: null, source: null },
  biblio: { volume: null, issue: null, first_page: null, last_page: null },
  abstract_inverted_index: null,
};

export const RU_BOOK_CROSSREF: CrossrefRecord = {
  DOI: '10.31234/urait.2020.book.5',
  title: ['Управление малым бизнесом в условиях цифровой экономики'],
  subtitle: ['учебное пособие'],
  author: [{ family: 'Сидорова', given: 'Анна Владимировна' }],
  issued: { 'date-parts': [[2020]] },
  type: 'book',
  publisher: 'Юрайт',
  'publisher-location': 'Москва',
  ISBN: ['978-5-534-12345-6'],
};

/** A Russian title whose authors exist only in Latin transliteration: it cannot be described by GOST and is dropped. */
export const RU_TRANSLITERATED: OpenAlexRecord = {
  id: 'https://openalex.org/W4300000004',
  doi: 'https://doi.org/10.18334/epp.2022.4.1',
  title: 'Цифровые платформы для малого предпринимательства в регионах',
  publication_year: 2022,
  type: 'article',
  language: 'ru',
  authorships: [{ author: { display_name: 'Sergey Kuznetsov' }, raw_author_name: 'S. Kuznetsov' }],
  primary_location: { landing_page_url: 'https://1economic.ru/lib/1', source: { display_name: 'Экономика, предпринимательство и право' } },
  biblio: { volume: '12', issue: '4', first_page: '1001', last_page: '1014' },
  abstract_inverted_index: null,
};

/** Off the topic. */
export const OFF_TOPIC: OpenAlexRecord = {
  id: 'https://openalex.org/W4400000005',
  doi: null,
  title: 'Квантовая хромодинамика на решётке: обзор методов',
  publication_year: 2023,
  type: 'article',
  language: 'ru',
  authorships: [{ author: { display_name: 'Смирнов Олег Петрович' } }],
  primary_location: { landing_page_url: 'https://ufn.ru/1', source: { display_name: 'Успехи физических наук' } },
  biblio: { volume: '193', issue: '1', first_page: '1', last_page: '30' },
  abstract_inverted_index: null,
};

/** Crossref-only: an English article with no DOI in OpenAlex's copy below (matched by title, first author and year). */
export const EN_CROSSREF_ONLY: CrossrefRecord = {
  DOI: '10.1080/00343404.2022.2041162',
  title: ['Small business digitalisation in Russian regions'],
  author: [{ given: 'Peter', family: 'Adams' }],
  'container-title': ['Regional Studies'],
  issued: { 'date-parts': [[2022, 4]] },
  volume: '56',
  issue: '8',
  page: '1301-1315',
  type: 'journal-article',
  abstract: '<jats:p>Small business digital transformation in the regions of Russia.</jats:p>',
  language: 'en',
};

/** OpenAlex's copy of the Crossref-only article, without the DOI: the same work by title, first author and year. */
export const EN_CROSSREF_ONLY_IN_OPENALEX: OpenAlexRecord = {
  id: 'https://openalex.org/W4500000006',
  doi: null,
  title: 'Small Business Digitalisation in Russian Regions',
  publication_year: 2022,
  type: 'article',
  language: 'en',
  authorships: [{ author: { display_name: 'Peter Adams' } }],
  primary_location: { landing_page_url: 'https://example.org/adams', source: { display_name: 'Regional Studies' } },
  best_oa_location: { pdf_url: 'https://example.org/adams.pdf' },
  biblio: { volume: '56', issue: '8', first_page: '1301', last_page: '1315' },
  abstract_inverted_index: null,
};

/** `n` distinct relevant Russian articles (for the minimum counts), published from `fromYear`. */
export function manyRussianArticles(n: number, fromYear = 2016): OpenAlexRecord[] {
  return Array.from({ length: n }, (_, i) => ({
    ...RU_ARTICLE,
    id: `https://openalex.org/W50000${i}`,
    doi: `https://doi.org/10.5555/many.${i}`,
    title: `Цифровая трансформация малого бизнеса в регионе № ${i + 1}: опыт управления`,
    publication_year: fromYear + (i % 9),
    authorships: [{ author: { display_name: `Автор${String.fromCharCode(1072 + (i % 30))}ов Иван Петрович` } }],
    biblio: { volume: '10', issue: String((i % 12) + 1), first_page: '10', last_page: '20' },
  }));
}
