/** The library against a local OAI-PMH repository and a real PostgreSQL: full harvests over pages,
 * a killed harvest that resumes from its saved token, incremental harvests, an expired token, a
 * misbehaving repository, deleted records, one work from two repositories, the search (Russian
 * morphology, English, filters) and the development collection. */
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareLibrary } from '../src/modules/library/dev-collection.ts';
import { createLibrarySearch } from '../src/modules/library/engine-search.ts';
import { harvestEndpoint, type HarvestOptions, type OaiEndpoint } from '../src/modules/library/harvest.ts';
import { createOaiClient, OaiError, OaiUnavailable } from '../src/modules/library/oai-client.ts';
import { searchLibrary } from '../src/modules/library/search.ts';
import { createTestDatabase } from './support/app.ts';
import { startOaiServer, type OaiStandIn, type StandInRecord } from './support/oai-server.ts';

let pool: pg.Pool;
let servers: OaiStandIn[] = [];
beforeEach(async () => {
  // A database of its own for each test: harvest state and records start empty.
  pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 3 });
});
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
  await pool.end();
});

async function repository(pageSize = 3) {
  const server = await startOaiServer({ pageSize });
  servers.push(server);
  return server;
}
const endpointOf = (server: OaiStandIn, origin = 'cyberleninka', set: string | null = null): OaiEndpoint => ({
  origin,
  url: server.url,
  set,
});
const harvest = (endpoint: OaiEndpoint, extra: Partial<HarvestOptions> = {}) =>
  harvestEndpoint({ pool, endpoint, delayMs: 0, retries: 3, retryBaseMs: 10, ...extra });
const count = async (sql: string, params: unknown[] = []) => Number((await pool.query(sql, params)).rows[0].count);
const day = (n: number) => `2024-03-${String(n).padStart(2, '0')}T10:00:00Z`;

const TOPICS = [
  'Оценка экономической безопасности предприятий промышленности',
  'Финансовая устойчивость коммерческих банков',
  'Цифровая трансформация государственного управления',
  'Инвестиционная привлекательность регионов России',
  'Налоговое стимулирование инновационной деятельности',
  'Управление персоналом в сфере услуг',
  'Конкурентоспособность отечественной продукции',
  'Правовое регулирование электронной торговли',
  'Формирование читательской грамотности школьников',
  'Профессиональное выгорание педагогов',
  'Энергоэффективность многоквартирных домов',
  'Логистика предприятий розничной торговли',
];

/** A CyberLeninka-like record; its dc:source names the year of its dc:date. */
function article(i: number, datestamp = day(1), over: Partial<StandInRecord['dc']> = {}): StandInRecord {
  const slug = `statya-${i}`;
  const year = over.date?.[0] ?? String(2015 + (i % 9));
  return {
    identifier: `oai:cyberleninka.ru:article/n/${slug}`,
    datestamp,
    sets: [i % 2 ? 'economics' : 'law'],
    dc: {
      title: [TOPICS[i % TOPICS.length] + (i >= TOPICS.length ? ` (часть ${i})` : '')],
      creator: [`Автор${String.fromCharCode(1072 + (i % 20))}ов Иван Петрович`],
      subject: ['экономика', 'управление'],
      description: ['В статье рассмотрены вопросы, важные для практики.'],
      publisher: ['Федеральное государственное бюджетное образовательное учреждение высшего образования «Университет»'],
      date: [year],
      type: ['text'],
      identifier: [`https://cyberleninka.ru/article/n/${slug}`, `https://cyberleninka.ru/article/n/${slug}/pdf`],
      source: [`Вестник университета. ${year}. №${(i % 4) + 1} (${30 + i}). С. ${10 + i}-${20 + i}`],
      language: ['ru'],
      ...over,
    },
  };
}
const articles = (from: number, to: number, datestamp?: (i: number) => string) =>
  Array.from({ length: to - from + 1 }, (_, k) => article(from + k, datestamp?.(from + k)));

/** Every record once: as many records as sources, no two with one key. */
async function expectNoDuplicates() {
  expect(await count('select count(*) from library_records')).toBe(await count('select count(distinct dedupe_key) from library_records'));
}

describe('harvest', () => {
  it('harvests a list over several pages, with its resumption tokens, and stores normalised records', async () => {
    const oai = await repository(3);
    oai.put(...articles(1, 10));
    const report = await harvest(endpointOf(oai));
    expect(report).toMatchObject({ pages: 4, fetched: 10, inserted: 10, resumed: false, restarts: 0, harvestedUntil: day(1) });
    const lists = oai.listRequests();
    expect(lists[0]).toEqual({ verb: 'ListRecords', metadataPrefix: 'oai_dc' });
    expect(lists.slice(1).every((r) => Object.keys(r).join() === 'verb,resumptionToken')).toBe(true);
    expect(await count(`select count(*) from library_records where origin = 'cyberleninka'`)).toBe(10);
    const { rows } = await pool.query(
      `select title, journal, year, issue, pages, pdf_url, language from library_records where url = 'https://cyberleninka.ru/article/n/statya-3'`,
    );
    expect(rows[0]).toEqual({
      title: TOPICS[3],
      journal: 'Вестник университета',
      year: 2018,
      issue: '4 (33)',
      pages: '13–23',
      pdf_url: 'https://cyberleninka.ru/article/n/statya-3/pdf',
      language: 'ru',
    });
  });

  it('a harvest killed after page 2 resumes from its saved token and ends with exactly the records', async () => {
    const oai = await repository(3);
    oai.put(...articles(1, 11));
    const endpoint = endpointOf(oai);
    const kill = new AbortController();
    await expect(
      harvest(endpoint, { signal: kill.signal, onPage: ({ number }) => (number === 2 ? kill.abort() : undefined) }),
    ).rejects.toThrow();
    const saved = (await pool.query('select resumption_token, list_pages, list_records from library_harvests')).rows[0];
    expect(saved).toMatchObject({ list_pages: 2, list_records: 6 });
    expect(saved.resumption_token).toBeTruthy();
    expect(await count('select count(*) from library_records')).toBe(6);

    const before = oai.listRequests().length;
    const report = await harvest(endpoint);
    expect(report).toMatchObject({ resumed: true, pages: 2, fetched: 5, inserted: 5 });
    expect(oai.listRequests()[before]).toEqual({ verb: 'ListRecords', resumptionToken: saved.resumption_token });
    expect(await count('select count(*) from library_records')).toBe(11);
    expect(await count('select count(*) from library_record_sources')).toBe(11);
    await expectNoDuplicates();
    expect((await pool.query('select resumption_token from library_harvests')).rows[0].resumption_token).toBeNull();
  });

  it('an incremental harvest asks only from the last datestamp and picks up the newer records', async () => {
    const oai = await repository(3);
    oai.put(...articles(1, 5, (i) => day(i)));
    await harvest(endpointOf(oai));
    const changed = article(2, day(8), { title: ['Финансовая устойчивость коммерческих банков в кризис'] });
    oai.put(...articles(6, 8, (i) => day(i + 3)), changed);
    const before = oai.listRequests().length;
    const report = await harvest(endpointOf(oai));
    expect(oai.listRequests()[before]).toEqual({ verb: 'ListRecords', metadataPrefix: 'oai_dc', from: day(5) });
    // Record 5 (at the boundary, asked again on purpose), 6-8 new, 2 changed.
    expect(report).toMatchObject({ fetched: 5, inserted: 3, updated: 2, harvestedUntil: day(11) });
    expect(await count('select count(*) from library_records')).toBe(8);
    expect((await pool.query(`select title from library_records where url like '%/statya-2'`)).rows[0].title).toBe(
      'Финансовая устойчивость коммерческих банков в кризис',
    );
    // Nothing newer: noRecordsMatch is a finished harvest, not an error.
    const quiet = await harvest(endpointOf(oai));
    expect(quiet).toMatchObject({ fetched: 1, inserted: 0 });
  });

  it('badResumptionToken (expired): the list restarts from the last datestamp, no record twice', async () => {
    const oai = await repository(3);
    oai.put(...articles(1, 8));
    const report = await harvest(endpointOf(oai), {
      onPage: ({ number }) => (number === 1 ? oai.fail({ kind: 'expire-tokens' }) : undefined),
    });
    expect(report.restarts).toBe(1);
    const lists = oai.listRequests();
    expect(lists[1]).toHaveProperty('resumptionToken');
    expect(lists[2]).toEqual({ verb: 'ListRecords', metadataPrefix: 'oai_dc' });
    expect(await count('select count(*) from library_records')).toBe(8);
    await expectNoDuplicates();
  });

  it('a 503 with Retry-After and a connection dropped mid-page are retried; a dead repository fails with its progress kept', async () => {
    const oai = await repository(3);
    oai.put(...articles(1, 7));
    const retries: string[] = [];
    oai.fail({ kind: 'unavailable', retryAfterSeconds: 1 });
    const started = Date.now();
    const report = await harvest(endpointOf(oai), {
      onPage: ({ number }) => (number === 1 ? oai.fail({ kind: 'drop-connection' }) : undefined),
      log: { info: () => undefined, warn: (o: any) => retries.push(o.reason) },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(retries).toEqual(['HTTP 503', expect.stringMatching(/^(network|malformed)/)]);
    expect(report.fetched).toBe(7);
    expect(await count('select count(*) from library_records')).toBe(7);

    oai.put(...articles(8, 14, () => day(2)));
    oai.fail({ kind: 'drop-connection' }, { kind: 'drop-connection' }, { kind: 'drop-connection' }, { kind: 'drop-connection' });
    const down = harvest(endpointOf(oai), { retries: 2, onPage: () => undefined });
    // Identify is known already; the first ListRecords fails three times.
    await expect(down).rejects.toThrow(OaiUnavailable);
    expect((await pool.query('select last_error from library_harvests')).rows[0].last_error).toMatch(/after 3 attempts/);
  });

  it('a record the repository deleted is removed from the library', async () => {
    const oai = await repository(3);
    oai.put(...articles(1, 4));
    await harvest(endpointOf(oai));
    oai.remove(article(3).identifier, day(5));
    const report = await harvest(endpointOf(oai));
    expect(report.deleted).toBe(1);
    expect(await count('select count(*) from library_records')).toBe(3);
    expect(await count(`select count(*) from library_records where url like '%/statya-3'`)).toBe(0);
  });

  it('one work from two repositories is one record (by DOI, then by title + first author + year); it stays until both delete it', async () => {
    const cyberleninka = await repository(2);
    const kpfu = await repository(2);
    cyberleninka.put(
      article(1, day(1), { relation: ['https://doi.org/10.17223/19988648/31/4'] }),
      article(2, day(1), {
        creator: ['Ёлкин Пётр Иванович'],
        title: ['Финансовая устойчивость коммерческих банков: подходы к оценке'],
        date: ['2020'],
      }),
      article(3),
    );
    kpfu.put(
      // The same DOI under another spelling of the title, with what the first lacks (a volume).
      {
        identifier: 'oai:dspace.kpfu.ru:net/101',
        datestamp: day(2),
        dc: {
          title: ['ОЦЕНКА ЭКОНОМИЧЕСКОЙ БЕЗОПАСНОСТИ'],
          creator: ['Иванов И. П.'],
          date: ['2016'],
          identifier: ['https://dspace.kpfu.ru/xmlui/handle/net/101', 'doi:10.17223/19988648/31/4'],
          source: ['Вестник университета. 2016. Т. 7, № 2. С. 11-21'],
        },
      },
      // No DOI: the same normalised title, the first author's surname with initials, the same year.
      {
        identifier: 'oai:dspace.kpfu.ru:net/102',
        datestamp: day(2),
        dc: {
          title: ['Финансовая устойчивость коммерческих банков. Подходы к оценке'],
          creator: ['Елкин П. И.'],
          date: ['2020'],
          identifier: ['https://dspace.kpfu.ru/xmlui/handle/net/102'],
        },
      },
      // Same title and author, another year: another work.
      {
        identifier: 'oai:dspace.kpfu.ru:net/103',
        datestamp: day(2),
        dc: { title: ['Финансовая устойчивость коммерческих банков: подходы к оценке'], creator: ['Елкин П. И.'], date: ['2021'] },
      },
    );
    expect(await harvest(endpointOf(cyberleninka, 'cyberleninka'))).toMatchObject({ inserted: 3 });
    expect(await harvest(endpointOf(kpfu, 'kpfu'))).toMatchObject({ merged: 2, inserted: 1 });
    expect(await count('select count(*) from library_records')).toBe(4);
    expect(await count('select count(*) from library_record_sources')).toBe(6);
    const byDoi = (await pool.query(`select origin, volume, doi from library_records where doi = '10.17223/19988648/31/4'`)).rows;
    expect(byDoi).toEqual([{ origin: 'cyberleninka', volume: '7', doi: '10.17223/19988648/31/4' }]);

    cyberleninka.remove(article(2).identifier, day(3));
    await harvest(endpointOf(cyberleninka, 'cyberleninka'));
    expect(await count(`select count(*) from library_records where title like 'Финансовая устойчивость%' and year = 2020`)).toBe(1);
    kpfu.remove('oai:dspace.kpfu.ru:net/102', day(3));
    await harvest(endpointOf(kpfu, 'kpfu'));
    expect(await count(`select count(*) from library_records where title like 'Финансовая устойчивость%' and year = 2020`)).toBe(0);
  });
});

describe('protocol', () => {
  it('the repository answers as OAI-PMH does: Identify, cursor and completeListSize, set, and its errors', async () => {
    const oai = await repository(2);
    oai.put(...articles(1, 5));
    const client = createOaiClient({ url: oai.url, delayMs: 0, retries: 0, retryBaseMs: 1 });
    expect(await client.identify()).toMatchObject({ granularity: 'YYYY-MM-DDThh:mm:ssZ', earliestDatestamp: day(1) });
    const first = await client.listRecords({});
    expect(first).toMatchObject({ completeListSize: 5, cursor: 0 });
    const second = await client.listRecords({ resumptionToken: first.resumptionToken! });
    expect(second).toMatchObject({ completeListSize: 5, cursor: 2 });
    const code = (p: Promise<unknown>) =>
      p.then(
        () => 'no error',
        (e) => (e instanceof OaiError ? e.code : String(e)),
      );
    expect(await code(client.listRecords({ from: '2024-13' }))).toBe('badArgument');
    expect(await code(client.listRecords({ resumptionToken: 'made-up' }))).toBe('badResumptionToken');
    expect(await code(client.listRecords({ set: 'medicine' }))).toBe('noRecordsMatch');
    expect(await code(client.listRecords({ from: '2030-01-01T00:00:00Z' }))).toBe('noRecordsMatch');
  });

  it('harvests only the configured set', async () => {
    const oai = await repository(2);
    oai.put(...articles(1, 6));
    expect(await harvest(endpointOf(oai, 'cyberleninka', 'economics'))).toMatchObject({ fetched: 3, inserted: 3 });
    expect(oai.listRequests()[0]).toEqual({ verb: 'ListRecords', metadataPrefix: 'oai_dc', set: 'economics' });
  });
});

describe('search', () => {
  beforeEach(async () => {
    const oai = await repository(10);
    oai.put(
      article(1, day(1), {
        title: ['Обеспечение экономической безопасности предприятий в условиях санкций'],
        date: ['2022'],
        subject: ['санкции', 'риски'],
      }),
      article(2, day(1), { title: ['Риски малого бизнеса'], date: ['2016'], subject: ['экономическая безопасность предприятия'] }),
      article(3, day(1), {
        title: ['Учёт основных средств'],
        date: ['2021'],
        description: ['Рассмотрена роль учёта в экономической безопасности предприятия.'],
      }),
      article(4, day(1), {
        title: ['Economic security of industrial enterprises'],
        date: ['2020'],
        language: ['en'],
        subject: ['economic security'],
      }),
      article(5, day(1), { title: ['Enterprise risk management practices'], date: ['2019'], language: ['en'] }),
      article(6, day(1), { title: ['Безопасность дорожного движения'], date: ['2023'] }),
    );
    await harvest(endpointOf(oai));
  });

  it('finds Russian word forms, ranking title over keywords over abstract', async () => {
    const hits = await searchLibrary(pool, { query: 'экономическая безопасность предприятия', limit: 10 });
    expect(hits.map((h) => h.title)).toEqual([
      'Обеспечение экономической безопасности предприятий в условиях санкций',
      'Риски малого бизнеса',
      'Учёт основных средств',
    ]);
    expect(hits[0]).toMatchObject({
      origin: 'cyberleninka',
      year: 2022,
      language: 'ru',
      keywords: ['санкции', 'риски'],
      pdfUrl: expect.stringMatching(/\/pdf$/),
    });
    expect(hits[0].rank).toBeGreaterThan(hits[2].rank);
  });

  it('finds English word forms, and filters by year and language', async () => {
    expect((await searchLibrary(pool, { query: 'enterprise securities', limit: 10 })).map((h) => h.title)).toEqual([
      'Economic security of industrial enterprises',
    ]);
    expect((await searchLibrary(pool, { query: 'enterprises', limit: 10, language: 'en' })).map((h) => h.year)).toEqual([2020, 2019]);
    expect((await searchLibrary(pool, { query: 'безопасность', minYear: 2021, limit: 10 })).map((h) => h.year).sort()).toEqual([
      2021, 2022, 2023,
    ]);
    expect(await searchLibrary(pool, { query: 'квантовая хромодинамика', limit: 10 })).toEqual([]);
  });

  it("gives the engine GOST-ready works; the development collection's invented ones only offline", async () => {
    const library = createLibrarySearch(pool, { devCollection: false });
    const works = await library.search({ query: 'экономическая безопасность предприятия', minYear: 2017, limit: 10 });
    expect(works.map((w) => w.title)).toEqual([
      'Обеспечение экономической безопасности предприятий в условиях санкций',
      'Учёт основных средств',
    ]);
    expect(works[0]).toMatchObject({
      provider: 'library:cyberleninka',
      url: 'https://cyberleninka.ru/article/n/statya-1',
      pdfUrl: 'https://cyberleninka.ru/article/n/statya-1/pdf',
      authors: [{ family: 'Авторбов', given: 'Иван Петрович' }],
      year: 2022,
      kind: 'article',
      container: 'Вестник университета',
      language: 'ru',
    });
    expect(library.offline).toBe(false);
    // Offline development: the development collection is searched, and papers found with it are
    // not held to the minimum; otherwise it never is.
    await pool.query('delete from library_records');
    expect(await prepareLibrary(pool, { devCollection: true })).toBe('loaded');
    const offline = createLibrarySearch(pool, { devCollection: true });
    expect(offline.offline).toBe(true);
    const query = { query: 'экономическая безопасность предприятия', minYear: 2017, limit: 10 };
    const invented = await offline.search(query);
    expect(invented.length).toBeGreaterThan(0);
    expect(invented.every((w) => w.provider === 'library:dev-collection')).toBe(true);
    expect(await library.search(query)).toEqual([]);
  });
});

describe('development collection', () => {
  it('fills an empty library without repositories, marked as such, and goes once repositories are configured', async () => {
    expect(await prepareLibrary(pool, { devCollection: true })).toBe('loaded');
    expect(await prepareLibrary(pool, { devCollection: true })).toBe('unchanged');
    const total = await count(
      `select count(*) from library_records where origin = 'dev-collection' and note like 'Запись учебной коллекции для разработки%' and doi is null`,
    );
    expect(total).toBeGreaterThanOrEqual(30);
    expect(total).toBe(await count('select count(*) from library_records'));
    const hits = await searchLibrary(pool, { query: 'экономическая безопасность предприятия', limit: 5 });
    expect(hits[0]).toMatchObject({ origin: 'dev-collection', note: expect.stringContaining('не настоящая публикация') });
    expect(await searchLibrary(pool, { query: 'экономическая безопасность предприятия', limit: 5, excludeDevCollection: true })).toEqual(
      [],
    );
    expect(await prepareLibrary(pool, { devCollection: false })).toBe('removed');
    expect(await count('select count(*) from library_records')).toBe(0);
  });
});
