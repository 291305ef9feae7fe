/**
 * Harvested metadata read right and printed right: dc:source and citation strings in every form
 * Russian and foreign repositories write them (GOST areas with en dash, em dash or hyphen, commas,
 * mixed Russian and English markers, APA, Vancouver, OJS, a whole reference in DSpace's
 * dc.identifier.citation), the year among DSpace's three dc:date values, records of CyberLeninka's,
 * DSpace's, OJS's and eLibrary's shapes harvested from the OAI-PMH stand-in and printed by the
 * engine's GOST formatter, and the records stored before the fix read again after the migration.
 */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { formatRecord, type FoundWork } from '@app/paper';
import { createLibrarySearch } from '../src/modules/library/engine-search.ts';
import { harvestEndpoint } from '../src/modules/library/harvest.ts';
import { normaliseDc, parseCitation, type DcFields } from '../src/modules/library/oai-dc.ts';
import { dedupeKeyOf } from '../src/modules/library/record.ts';
import { createTestDatabase } from './support/app.ts';
import { databaseMigratedTo } from './support/migrated.ts';
import { startOaiServer, type OaiStandIn, type StandInRecord } from './support/oai-server.ts';

const c = (journal: string | null, year: number | null, volume: string | null, issue: string | null, pages: string | null) => ({
  journal,
  year,
  volume,
  issue,
  pages,
});

describe('citation strings', () => {
  it.each([
    // eLibrary and GOST R 7.0.100-2018: areas separated by ". – " (en dash, em dash or hyphen).
    [
      'Российское предпринимательство. – 2022. – Т. 23, № 5. – С. 1311–1328.',
      c('Российское предпринимательство', 2022, '23', '5', '1311–1328'),
    ],
    [
      'Российское предпринимательство. – 2022. – Т. 23, № 5. – С. 1311–1328. – DOI 10.18334/rp.23.5.114667. – EDN ZKVOPH.',
      c('Российское предпринимательство', 2022, '23', '5', '1311–1328'),
    ],
    ['Управленец. — 2019. — Т. 10, № 6. — С. 2-15.', c('Управленец', 2019, '10', '6', '2–15')],
    ['Экономика региона. - 2020. - Т. 16, вып. 4. - С. 1037-1052.', c('Экономика региона', 2020, '16', '4', '1037–1052')],
    ['Право и экономика. — 2018. — № 5 (363). — С. 12—18.', c('Право и экономика', 2018, null, '5 (363)', '12–18')],
    ['Управленец – 2019 – Т. 10 – № 6 – С. 2–15', c('Управленец', 2019, '10', '6', '2–15')],
    // DSpace's dc.identifier.citation: the whole reference, the host after "//".
    [
      'Иванов И. И. Стратегии роста / И. И. Иванов, П. П. Петров // Управленец. — 2019. — Т. 10, № 6. — С. 2-15.',
      c('Управленец', 2019, '10', '6', '2–15'),
    ],
    // Full stops and commas, Russian and English markers, any order.
    ['Журнал управленческих исследований, 2019, Т. 10, № 6, С. 5-12', c('Журнал управленческих исследований', 2019, '10', '6', '5–12')],
    ['Экономическая политика. 2019. Vol. 10, no. 6. P. 5–12', c('Экономическая политика', 2019, '10', '6', '5–12')],
    ['Вопросы экономики. 2019. N 6. С. 5-25.', c('Вопросы экономики', 2019, null, '6', '5–25')],
    ['Проблемы современной экономики, N 3 (71), 2019', c('Проблемы современной экономики', 2019, null, '3 (71)', null)],
    ['Финансы и кредит, 2019, т. 25, вып. 6, с. 1201-1215', c('Финансы и кредит', 2019, '25', '6', '1201–1215')],
    [
      'Региональная экономика: теория и практика, 2019, том 17, выпуск 6, стр. 1020–1035',
      c('Региональная экономика: теория и практика', 2019, '17', '6', '1020–1035'),
    ],
    [
      'Вестник ЮУрГУ. Серия: Экономика и менеджмент. 2019. № 2, т. 13. С. 5–12',
      c('Вестник ЮУрГУ. Серия: Экономика и менеджмент', 2019, '13', '2', '5–12'),
    ],
    [
      'Вестник Московского университета. Серия 6: Экономика. 2021. № 3. С. 45–67',
      c('Вестник Московского университета. Серия 6: Экономика', 2021, null, '3', '45–67'),
    ],
    ['Вестник СПбГУ. Экономика. 2019. Т. 35, вып. 2. С. 195–223.', c('Вестник СПбГУ. Экономика', 2019, '35', '2', '195–223')],
    ['Terra Economicus. 2019. Т. 17, № 2. С. 6–21.', c('Terra Economicus', 2019, '17', '2', '6–21')],
    ['Известия УрГЭУ. 2019. Т. 20, № 4. С. 503 – 516', c('Известия УрГЭУ', 2019, '20', '4', '503–516')],
    ['Российский экономический журнал. 2019. № 1-2. С. 3-17', c('Российский экономический журнал', 2019, null, '1-2', '3–17')],
    ['Экономика и управление. 2019. Т. 25, № 7 (165). С. 12–20', c('Экономика и управление', 2019, '25', '7 (165)', '12–20')],
    ['Вестник университета. 2020. № 11. С. 5.', c('Вестник университета', 2020, null, '11', '5')],
    [
      'Экономическая политика. 2019. Т. 14, № 6. С. 8–35. DOI: 10.18288/1994-5124-2019-6-8-35',
      c('Экономическая политика', 2019, '14', '6', '8–35'),
    ],
    [
      'Вестник Томского государственного университета. Экономика. 2015. №3 (31). С. 45-52',
      c('Вестник Томского государственного университета. Экономика', 2015, null, '3 (31)', '45–52'),
    ],
    // English forms.
    ['Journal of Economic Studies, 2019, Vol. 10, No. 6, pp. 5-12', c('Journal of Economic Studies', 2019, '10', '6', '5–12')],
    ['Journal of Economic Regulation, Vol. 10, Iss. 2, 2019, pp. 45-52', c('Journal of Economic Regulation', 2019, '10', '2', '45–52')],
    ['Economic Annals, 2020, vol. 5, no. 2, pp. 45–52', c('Economic Annals', 2020, '5', '2', '45–52')],
    ['Economy of Region, 2020, 16(4), 1037-1052', c('Economy of Region', 2020, '16', '4', '1037–1052')],
    ['International Journal of Economics, 12(3), 45–60.', c('International Journal of Economics', null, '12', '3', '45–60')],
    ['J Econ Stud. 2019;10(6):5-12.', c('J Econ Stud', 2019, '10', '6', '5–12')],
    // OJS: "Journal; Vol N No N (year); pages".
    ['Экономика региона; Том 16, № 4 (2020); 1037-1052', c('Экономика региона', 2020, '16', '4', '1037–1052')],
    ['Journal of Economic Studies; Vol 3 No 2 (2018); 45-52', c('Journal of Economic Studies', 2018, '3', '2', '45–52')],
    ['Управленец', c('Управленец', null, null, null, null)],
  ])('%s', (source, expected) => {
    expect(parseCitation(source)).toEqual(expected);
  });
});

describe('the year of a record', () => {
  const year = (dc: DcFields) => normaliseDc({ title: ['Статья'], ...dc }, 'x')!.year;
  const DEPOSITED = ['2023-03-15T09:12:44Z', '2023-03-15T09:12:44Z'];

  it.each<[string, DcFields, number | null]>([
    [
      "DSpace: accessioned, available, issued; the source's year",
      { date: [...DEPOSITED, '2019'], source: ['Управленец. 2019. Т. 10, № 6'] },
      2019,
    ],
    [
      'DSpace: accessioned, available, issued; a source without a year',
      { date: [...DEPOSITED, '2019'], source: ['Управленец. Т. 10, № 6'] },
      2019,
    ],
    ['DSpace: issued as a day', { date: [...DEPOSITED, '2019-06-30'] }, 2019],
    ['DSpace: issued as a timestamp too', { date: [...DEPOSITED, '2019-06-30T00:00:00Z'] }, 2019],
    ['a preprint deposited before it was issued', { date: ['2018-11-02T10:00:00Z', '2019'] }, 2019],
    [
      'OJS: published online the year after its issue',
      { date: ['2021-01-15'], source: ['Экономика региона; Том 16, № 4 (2020); 1037-1052'] },
      2020,
    ],
    ['CyberLeninka: a year', { date: ['2014'] }, 2014],
    ['an ISSN is no year', { identifier: ['2076-8052', 'Вестник НовГУ. № 83-1. С. 81-83'] }, null],
    ['a grant number is no year', { date: ['2020'], relation: ['info:eu-repo/grantAgreement/RSF//19-18-00123'] }, 2020],
  ])('%s', (_, dc, expected) => {
    expect(year(dc)).toBe(expected);
  });
});

/** Records as the repositories publish them. */
const RECORDS: StandInRecord[] = [
  {
    // CyberLeninka: the numbers in BIBO, the journal in DCMI's bibliographicCitation, no dc:source.
    identifier: 'oai:cyberleninka.ru:article/15699474',
    datestamp: '2024-03-01T10:00:00Z',
    dc: {
      title: ['Устойчивость гибридных систем управления предприятием'],
      creator: ['КИРИЛЛОВ А.Н.'],
      subject: ['СТАБИЛИЗАЦИЯ,ГИБРИДНАЯ СИСТЕМА'],
      description: ['Рассматривается гибридная система управления предприятием.'],
      type: ['text'],
      format: ['text/html'],
      identifier: [
        'https://cyberleninka.ru/article/n/ustoychivost-gibridnyh-sistem',
        'https://cyberleninka.ru/article_covers/15699474.png',
      ],
      date: ['2014'],
      publisher: [
        'Федеральное государственное бюджетное образовательное учреждение высшего образования «Петрозаводский государственный университет»',
      ],
    },
    terms: {
      'bibo:issue': ['2'],
      'bibo:pages': ['52-58'],
      'bibo:volume': ['3 (21)'],
      'dcterms:bibliographicCitation': ['Проблемы анализа', '2306-3424', '3 (21) 2 52-58', 'Россия, Петрозаводск'],
    },
  },
  {
    // DSpace: dc.date.accessioned, dc.date.available, dc.date.issued in that order; the citation in dc:identifier.
    identifier: 'oai:elar.usue.ru:123456789/4242',
    datestamp: '2024-03-02T10:00:00Z',
    dc: {
      title: ['Стратегии роста управленческих команд'],
      creator: ['Иванов, Иван Иванович', 'Петров, Пётр Петрович'],
      date: ['2023-03-15T09:12:44Z', '2023-03-15T09:12:44Z', '2019'],
      identifier: [
        'Иванов И. И. Стратегии роста управленческих команд / И. И. Иванов, П. П. Петров // Управленец. — 2019. — Т. 10, № 6. — С. 2-15.',
        '2218-5003',
        'http://elar.usue.ru/handle/123456789/4242',
        '10.29141/2218-5003-2019-10-6-1',
      ],
      source: ['Управленец. Т. 10, № 6'],
      type: ['Article', 'info:eu-repo/semantics/article'],
      publisher: ['Уральский государственный экономический университет'],
      language: ['ru'],
    },
  },
  {
    // eLibrary-style GOST in dc:source.
    identifier: 'oai:repo.example.ru:rp-114667',
    datestamp: '2024-03-03T10:00:00Z',
    dc: {
      title: ['Управленческие команды малого предпринимательства'],
      creator: ['Сидорова Анна Сергеевна'],
      date: ['2022'],
      source: ['Российское предпринимательство. – 2022. – Т. 23, № 5. – С. 1311–1328.'],
      identifier: ['https://repo.example.ru/rp-114667'],
      type: ['article'],
    },
  },
  {
    // OJS: published online the year after the issue it is printed in.
    identifier: 'oai:ojs.economyofregion.ru:article/2020-4-1037',
    datestamp: '2024-03-04T10:00:00Z',
    dc: {
      title: ['Рост управленческих команд в экономике региона'],
      creator: ['Кузнецов Кирилл Андреевич'],
      date: ['2021-01-15'],
      source: ['Экономика региона; Том 16, № 4 (2020); 1037-1052'],
      identifier: ['https://economyofregion.ru/article/view/2020-4-1037'],
      type: ['info:eu-repo/semantics/article'],
      language: ['ru'],
    },
  },
];

let pool: pg.Pool | null = null;
let server: OaiStandIn | null = null;
let closeDb: (() => Promise<void>) | null = null;
afterEach(async () => {
  await server?.close();
  await pool?.end();
  await closeDb?.();
  [server, pool, closeDb] = [null, null, null];
});
const harvest = (p: pg.Pool, s: OaiStandIn, origin: string) =>
  harvestEndpoint({ pool: p, endpoint: { origin, url: s.url, set: null }, delayMs: 0, retries: 1, retryBaseMs: 10 });

/** A GOST reference of a found work, as the engine prints a journal article. */
const printed = (w: FoundWork) =>
  formatRecord({
    kind: 'article',
    title: w.title,
    authors: w.authors,
    year: w.year,
    container: { title: w.container! },
    volume: w.volume,
    issue: w.issue,
    pages: w.pages,
  }).replace(/\u00a0/g, ' ');

describe('records of real repositories harvested and printed', () => {
  it('CyberLeninka, DSpace, eLibrary and OJS records: the journal, the year of the issue, its numbers; the GOST reference', async () => {
    pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 3 });
    server = await startOaiServer({ pageSize: 2 });
    server.put(...RECORDS);
    expect(await harvest(pool, server, 'repository')).toMatchObject({ inserted: 4 });
    const { rows } = await pool.query(`select title, journal, year, volume, issue, pages, doi from library_records order by datestamp`);
    expect(rows).toEqual([
      {
        title: 'Устойчивость гибридных систем управления предприятием',
        journal: 'Проблемы анализа',
        year: 2014,
        volume: '3 (21)',
        issue: '2',
        pages: '52–58',
        doi: null,
      },
      {
        title: 'Стратегии роста управленческих команд',
        journal: 'Управленец',
        year: 2019,
        volume: '10',
        issue: '6',
        pages: '2–15',
        doi: '10.29141/2218-5003-2019-10-6-1',
      },
      {
        title: 'Управленческие команды малого предпринимательства',
        journal: 'Российское предпринимательство',
        year: 2022,
        volume: '23',
        issue: '5',
        pages: '1311–1328',
        doi: null,
      },
      {
        title: 'Рост управленческих команд в экономике региона',
        journal: 'Экономика региона',
        year: 2020,
        volume: '16',
        issue: '4',
        pages: '1037–1052',
        doi: null,
      },
    ]);

    const works = await createLibrarySearch(pool, { devCollection: false }).search({
      query: 'управленческие команды',
      minYear: 2015,
      limit: 10,
    });
    const references = works.map(printed).sort();
    expect(references).toEqual([
      'Иванов, И. И. Стратегии роста управленческих команд / И. И. Иванов, П. П. Петров. – Текст : непосредственный // Управленец. – 2019. – Т. 10, № 6. – С. 2–15.',
      'Кузнецов, К. А. Рост управленческих команд в экономике региона / К. А. Кузнецов. – Текст : непосредственный // Экономика региона. – 2020. – Т. 16, № 4. – С. 1037–1052.',
      'Сидорова, А. С. Управленческие команды малого предпринимательства / А. С. Сидорова. – Текст : непосредственный // Российское предпринимательство. – 2022. – Т. 23, № 5. – С. 1311–1328.',
    ]);
  });
});

describe('records stored before the fix', () => {
  it('are read again by the next harvest after the migration, and stored right (their key too)', async () => {
    const migrated = await databaseMigratedTo('Migration20261127_08_papers_full_version_index');
    closeDb = migrated.close;
    const { db, orm } = migrated;
    pool = new pg.Pool({ host: db.host, port: db.port, database: db.database, user: db.user, password: db.password, max: 3 });
    server = await startOaiServer({ pageSize: 10 });
    const [, dspace, elibrary] = RECORDS;
    const later: StandInRecord = { ...RECORDS[0], identifier: 'oai:elar.usue.ru:123456789/5000', datestamp: '2024-03-05T10:00:00Z' };
    server.put(dspace, elibrary, later);
    // What the harvest stored before: DSpace's deposit year, GOST's areas in the journal; the list finished.
    const stored = [
      { r: dspace, journal: 'Управленец', year: 2023, title: 'Стратегии роста управленческих команд' },
      {
        r: elibrary,
        journal: 'Российское предпринимательство. – 2022. – Т. 23',
        year: 2022,
        title: 'Управленческие команды малого предпринимательства',
      },
    ];
    for (const { r, journal, year, title } of stored) {
      const key = dedupeKeyOf({ title, subtitle: null, authors: r.dc!.creator!, year });
      const { rows } = await db.query<{ id: string }>(
        `insert into library_records (origin, dedupe_key, title, journal, year, authors, datestamp) values ('repository', $1, $2, $3, $4, $5, $6) returning id`,
        [key, title, journal, year, r.dc!.creator, r.datestamp],
      );
      await db.query(
        `insert into library_record_sources (origin, oai_identifier, record_id, datestamp) values ('repository', $1, $2, $3)`,
        [r.identifier, rows[0].id, r.datestamp],
      );
    }
    await db.query(
      `insert into library_harvests (endpoint_key, origin, url, set_spec, granularity, harvested_until, finished_at) values ($1, 'repository', $2, null, 'YYYY-MM-DDThh:mm:ssZ', $3, now())`,
      [`${server.url}#`, server.url, later.datestamp],
    );

    await orm.migrator.up();
    await harvest(pool, server, 'repository');

    expect(server.listRequests()[0]).toEqual({ verb: 'ListRecords', metadataPrefix: 'oai_dc' }); // from the start, not `from`
    const { rows } = await db.query(`select journal, year, volume, issue, pages, dedupe_key from library_records order by datestamp`);
    expect(rows.slice(0, 2)).toEqual([
      {
        journal: 'Управленец',
        year: 2019,
        volume: '10',
        issue: '6',
        pages: '2–15',
        dedupe_key: dedupeKeyOf({
          title: 'Стратегии роста управленческих команд',
          subtitle: null,
          authors: dspace.dc!.creator!,
          year: 2019,
        }),
      },
      {
        journal: 'Российское предпринимательство',
        year: 2022,
        volume: '23',
        issue: '5',
        pages: '1311–1328',
        dedupe_key: dedupeKeyOf({
          title: 'Управленческие команды малого предпринимательства',
          subtitle: null,
          authors: elibrary.dc!.creator!,
          year: 2022,
        }),
      },
    ]);
  });
});
