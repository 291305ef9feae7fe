/** The library's normalisation of oai_dc records: citation strings as CyberLeninka, OJS and DSpace
 * repositories write them, DOIs, links, languages, keywords; and LIBRARY_OAI_ENDPOINTS. */
import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../src/config.ts';
import { normaliseDc, parseCitation } from '../src/modules/library/oai-dc.ts';
import { dedupeKeyOf } from '../src/modules/library/record.ts';

describe('citation strings', () => {
  it.each([
    [
      'Вестник Томского государственного университета. Экономика. 2015. №3 (31). С. 45-52',
      { journal: 'Вестник Томского государственного университета. Экономика', year: 2015, volume: null, issue: '3 (31)', pages: '45–52' },
    ],
    [
      'Проблемы экономики и юридической практики. 2019. Т. 15, № 1. С. 45–52.',
      { journal: 'Проблемы экономики и юридической практики', year: 2019, volume: '15', issue: '1', pages: '45–52' },
    ],
    [
      'Известия высших учебных заведений. Т. 3, № 2. С. 10–15',
      { journal: 'Известия высших учебных заведений', year: null, volume: '3', issue: '2', pages: '10–15' },
    ],
    [
      'Вестник РУДН. Серия: Экономика; Том 12, № 4 (2019); 101-115',
      { journal: 'Вестник РУДН. Серия: Экономика', year: 2019, volume: '12', issue: '4', pages: '101–115' },
    ],
    [
      'Journal of Economic Studies; Vol 3 No 2 (2018); 45-52',
      { journal: 'Journal of Economic Studies', year: 2018, volume: '3', issue: '2', pages: '45–52' },
    ],
    [
      'Economic Annals, 2020, vol. 5, no. 2, pp. 45–52',
      { journal: 'Economic Annals', year: 2020, volume: '5', issue: '2', pages: '45–52' },
    ],
    ['Вопросы экономики. 2017. № 5. С. 120', { journal: 'Вопросы экономики', year: 2017, volume: null, issue: '5', pages: '120' }],
    [
      'Менеджмент в России и за рубежом',
      { journal: 'Менеджмент в России и за рубежом', year: null, volume: null, issue: null, pages: null },
    ],
  ])('%s', (source, expected) => {
    expect(parseCitation(source)).toEqual(expected);
  });
});

describe('an oai_dc record', () => {
  const cyberleninka = {
    title: ['Экономическая безопасность предприятия: сущность и методы оценки'],
    creator: ['Смирнов Алексей Петрович', 'Ёлкина Мария Викторовна'],
    subject: ['УДК 338.24', 'экономическая безопасность; предприятие; угрозы', 'оценка'],
    description: ['<p>В статье рассмотрены подходы к оценке экономической безопасности.</p>'],
    publisher: [
      'Федеральное государственное автономное образовательное учреждение высшего образования «Национальный исследовательский Томский государственный университет»',
    ],
    date: ['2015'],
    type: ['text'],
    identifier: [
      'https://cyberleninka.ru/article/n/ekonomicheskaya-bezopasnost-predpriyatiya',
      'https://cyberleninka.ru/article/n/ekonomicheskaya-bezopasnost-predpriyatiya/pdf',
    ],
    source: ['Вестник Томского государственного университета. Экономика. 2015. №3 (31). С. 45-52'],
    relation: ['https://doi.org/10.17223/19988648/31/4'],
    language: ['ru'],
  };

  it('keeps authors in their script, splits the subtitle, finds journal, numbers, DOI, links and keywords', () => {
    expect(normaliseDc(cyberleninka, 'cyberleninka')).toEqual({
      origin: 'cyberleninka',
      authors: ['Смирнов Алексей Петрович', 'Ёлкина Мария Викторовна'],
      title: 'Экономическая безопасность предприятия',
      subtitle: 'сущность и методы оценки',
      journal: 'Вестник Томского государственного университета. Экономика',
      year: 2015,
      volume: null,
      issue: '3 (31)',
      pages: '45–52',
      publisher: cyberleninka.publisher[0],
      place: null,
      language: 'ru',
      doi: '10.17223/19988648/31/4',
      url: 'https://cyberleninka.ru/article/n/ekonomicheskaya-bezopasnost-predpriyatiya',
      pdfUrl: 'https://cyberleninka.ru/article/n/ekonomicheskaya-bezopasnost-predpriyatiya/pdf',
      abstract: 'В статье рассмотрены подходы к оценке экономической безопасности.',
      keywords: ['экономическая безопасность', 'предприятие', 'угрозы', 'оценка'],
      note: null,
    });
  });

  it('reads numbers from a citation in dc:identifier, an OJS PDF link, and guesses the language from the title', () => {
    const record = normaliseDc(
      {
        title: ['Digital transformation of regional banks'],
        creator: ['Ivanova, E. A.'],
        date: ['2021-06-30'],
        identifier: [
          'https://journals.example.ru/index.php/fin/article/view/123',
          'Finance and Credit, 2021, vol. 27, no. 6, pp. 1201-1215',
          'doi:10.24891/FC.27.6.1201',
        ],
        relation: ['https://journals.example.ru/index.php/fin/article/download/123/99'],
      },
      'ojs',
    )!;
    expect(record).toMatchObject({
      journal: null,
      year: 2021,
      volume: '27',
      issue: '6',
      pages: '1201–1215',
      language: 'en',
      doi: '10.24891/fc.27.6.1201',
    });
    expect(record.url).toBe('https://journals.example.ru/index.php/fin/article/view/123');
    expect(record.pdfUrl).toBe('https://journals.example.ru/index.php/fin/article/download/123/99');
  });

  it('has no record without a title', () => {
    expect(normaliseDc({ creator: ['Иванов И. И.'] }, 'x')).toBeNull();
  });

  it('one work, two spellings: the same dedupe key', () => {
    const a = dedupeKeyOf({
      title: 'Экономическая безопасность предприятия: сущность',
      subtitle: null,
      authors: ['Ёлкин Пётр Иванович'],
      year: 2015,
    });
    const b = dedupeKeyOf({ title: 'ЭКОНОМИЧЕСКАЯ БЕЗОПАСНОСТЬ ПРЕДПРИЯТИЯ', subtitle: 'сущность', authors: ['Елкин П. И.'], year: 2015 });
    expect(a).toBe(b);
    expect(
      dedupeKeyOf({ title: 'Экономическая безопасность предприятия', subtitle: 'сущность', authors: ['Елкин П. И.'], year: 2016 }),
    ).not.toBe(a);
  });
});

describe('LIBRARY_OAI_ENDPOINTS', () => {
  const config = (value: string) =>
    loadConfig({ NODE_ENV: 'test', SECRET_KEY: 'x'.repeat(40), DATA_DIR: '/tmp/library-config-test', LIBRARY_OAI_ENDPOINTS: value });
  it('is off without a value, and reads known names, addresses and sets', () => {
    expect(config('').library.endpoints).toEqual([]);
    expect(
      config('cyberleninka, kpfu=https://dspace.kpfu.ru/oai/request#com_1,kpfu=https://dspace.kpfu.ru/oai/request#com_2').library.endpoints,
    ).toEqual([
      { origin: 'cyberleninka', url: 'https://cyberleninka.ru/oai', set: null },
      { origin: 'kpfu', url: 'https://dspace.kpfu.ru/oai/request', set: 'com_1' },
      { origin: 'kpfu', url: 'https://dspace.kpfu.ru/oai/request', set: 'com_2' },
    ]);
  });
  it.each(['unknown', 'Bad Name=https://x.ru/oai', 'dev-collection=https://x.ru/oai', 'x=ftp://x.ru/oai', 'cyberleninka,cyberleninka'])(
    'refuses %s',
    (value) => {
      expect(() => config(value)).toThrow(ConfigError);
    },
  );
});
