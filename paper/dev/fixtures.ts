/**
 * Test data: a small local catalogue of works (as a bibliographic provider would return them) and
 * user files. These records exist only to exercise the pipeline; they are never shown to customers.
 */
import type { FoundWork } from '../src/bibliography/types.ts';
import type { AttachedSource, PaperInput } from '../src/input/types.ts';

export const TOPIC = 'Цифровая трансформация управления малым бизнесом в регионах России';

const work = (i: number, w: Partial<FoundWork> & Pick<FoundWork, 'title' | 'authors' | 'year'>): FoundWork => ({
  provider: 'local',
  id: `local-${i}`,
  kind: 'article',
  container: 'Вестник тестовых исследований',
  volume: String(10 + (i % 5)),
  issue: String(1 + (i % 4)),
  pages: `${10 * i}-${10 * i + 12}`,
  doi: `10.0000/test.${2015 + (i % 10)}.${i}`,
  abstract:
    'Рассматриваются цифровая трансформация, управление малым бизнесом, региональные особенности и эффективность внедрения цифровых технологий.',
  ...w,
});

export const CATALOGUE: FoundWork[] = [
  work(1, {
    title: 'Цифровая трансформация малого бизнеса: региональный аспект',
    authors: [{ family: 'Андреева', given: 'Анна Павловна' }],
    year: 2021,
  }),
  work(2, {
    title: 'Управление цифровыми изменениями на малых предприятиях',
    authors: [
      { family: 'Борисов', given: 'Борис Ильич' },
      { family: 'Волков', given: 'Виктор Олегович' },
    ],
    year: 2020,
  }),
  work(3, {
    title: 'Региональная политика поддержки малого предпринимательства',
    authors: [{ family: 'Гусева', given: 'Галина Сергеевна' }],
    year: 2019,
    kind: 'book',
    container: undefined,
    publisher: 'Тестовое издательство',
    place: 'Москва',
    pages: undefined,
  }),
  work(4, {
    title: 'Оценка эффективности цифровых технологий в управлении',
    authors: [
      { family: 'Дмитриев', given: 'Денис' },
      { family: 'Егорова', given: 'Елена' },
      { family: 'Жуков', given: 'Жан' },
    ],
    year: 2022,
  }),
  work(5, {
    title: 'Digital transformation of small firms in emerging regions',
    authors: [
      { family: 'Smith', given: 'John R.' },
      { family: 'Brown', given: 'Anna' },
    ],
    year: 2021,
    container: 'Journal of Test Economics',
  }),
  work(6, { title: 'Цифровые платформы и малый бизнес в регионах России', authors: [{ family: 'Зайцев', given: 'Захар' }], year: 2023 }),
  work(7, {
    title: 'Барьеры цифровой трансформации малых предприятий',
    authors: ['Иванов', 'Исаев', 'Калинин', 'Ларионов', 'Макаров'].map((family) => ({ family, given: 'И. И.' })),
    year: 2018,
  }),
  work(8, {
    title: 'Управление малым бизнесом в условиях цифровизации экономики',
    authors: [{ family: 'Николаева', given: 'Нина' }],
    year: 2017,
  }),
  work(9, {
    title: 'Small business management and digital tools: a regional study',
    authors: [{ family: 'Adams', given: 'Peter' }],
    year: 2020,
    container: 'Regional Test Review',
  }),
  work(10, { title: 'Старое исследование управления бизнесом', authors: [{ family: 'Орлов', given: 'Олег' }], year: 2005 }),
  work(11, { title: 'Работа без авторов о цифровой трансформации', authors: [], year: 2021 }),
];

/** Their citations fit the order form's limit (LIMITS.gostCitation: 150 characters). */
export const ATTACHED: AttachedSource[] = [
  {
    fileName: 'monografiya.pdf',
    citation:
      'Петров, П. П. Цифровая экономика регионов : монография / П. П. Петров. – Москва : Наука, 2021. – 240 с. – Текст : непосредственный.',
    text: Array.from(
      { length: 12 },
      (_, i) =>
        `Глава ${i + 1}. Цифровая трансформация малого бизнеса в регионах требует поддержки управления, развития компетенций и инфраструктуры. ` +
        'Региональные программы поддержки малого предпринимательства включают субсидии на цифровые технологии и обучение персонала. '.repeat(
          4,
        ),
    ).join('\f'),
  },
  {
    fileName: 'zakon.txt',
    citation:
      'О развитии предпринимательства : Федеральный закон № 209-ФЗ. – Текст : электронный. – URL: http://kremlin.ru/acts/25971 (дата обращения: 01.03.2025).',
    text: 'Настоящий Федеральный закон регулирует отношения в области развития малого и среднего предпринимательства, в том числе меры поддержки субъектов малого бизнеса в регионах.',
  },
];

export const STRUCTURE: [string, string[]][] = [
  [
    'Теоретические основы цифровой трансформации управления',
    ['Понятие цифровой трансформации управления', 'Особенности малого бизнеса как объекта управления', 'Региональные факторы цифровизации'],
  ],
  [
    'Анализ цифровизации малого бизнеса в регионах России',
    [
      'Методика и информационная база анализа',
      'Уровень цифровизации малых предприятий',
      'Проблемы и барьеры цифровой трансформации',
      'Оценка мер государственной поддержки',
    ],
  ],
  [
    'Направления совершенствования цифрового управления',
    ['Модель цифровой трансформации малого предприятия', 'Рекомендации для региональных органов власти', 'Оценка ожидаемого эффекта'],
  ],
];

/** A full 80-page paper on TOPIC with the attached sources: what tests vary from. */
export const BASE_INPUT: PaperInput = {
  topic: TOPIC,
  type: 'full',
  tariff: 'basic',
  useFootnotes: false,
  separateBibliography: false,
  minPublicationYear: 2015,
  requiredVolume: 80,
  userStructure: null,
  attachedSources: ATTACHED,
};
