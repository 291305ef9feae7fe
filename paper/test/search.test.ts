/** OpenAlex and Crossref providers against local servers that answer in those APIs' shapes. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { formatRecord } from '../src/bibliography/gost.ts';
import { createCrossrefSearch, createOpenAlexSearch } from '../src/index.ts';
import { recordOf, searchWorks } from '../src/sources/index.ts';

let server: http.Server | null = null;
const seen: URL[] = [];
async function serve(handler: (url: URL) => { status?: number; body: unknown }): Promise<string> {
  seen.length = 0;
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push(url);
    const { status = 200, body } = handler(url);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

const openAlexWork = (over: Record<string, unknown>) => ({
  id: 'https://openalex.org/W1',
  doi: 'https://doi.org/10.1234/abc.2021.5',
  title: 'Цифровая трансформация малого бизнеса',
  publication_year: 2021,
  type: 'article',
  language: 'ru',
  is_retracted: false,
  authorships: [{ author: { display_name: 'Иванов Иван Иванович' } }, { author: { display_name: 'Anna K. Smith' } }],
  primary_location: { landing_page_url: 'https://example.org/a', source: { display_name: 'Вопросы экономики' } },
  biblio: { volume: '12', issue: '3', first_page: '45', last_page: '60' },
  abstract_inverted_index: { Малый: [0], бизнес: [1], меняется: [2] },
  ...over,
});

describe('OpenAlex', () => {
  it('searches with the year filter and maps works to GOST records', async () => {
    const base = await serve(() => ({
      body: {
        results: [
          openAlexWork({}),
          openAlexWork({ id: 'W2', title: 'Отозванная статья', is_retracted: true }),
          openAlexWork({ id: 'W3', title: 'Без вида', type: 'paratext' }),
        ],
      },
    }));
    const search = createOpenAlexSearch({ baseUrl: base, mailto: 'team@example.org' });
    const works = await search.search({ query: 'цифровая трансформация', minYear: 2018, limit: 10 });
    expect(seen[0].pathname).toBe('/works');
    expect(seen[0].searchParams.get('search')).toBe('цифровая трансформация');
    expect(seen[0].searchParams.get('filter')).toContain('from_publication_date:2018-01-01');
    expect(seen[0].searchParams.get('mailto')).toBe('team@example.org');
    expect(works).toHaveLength(1);
    expect(works[0]).toMatchObject({
      doi: '10.1234/abc.2021.5',
      year: 2021,
      kind: 'article',
      container: 'Вопросы экономики',
      pages: '45-60',
      abstract: 'Малый бизнес меняется',
      authors: [{ family: 'Иванов', given: 'Иван Иванович' }, { family: 'Smith', given: 'Anna K.' }],
    });
    expect(formatRecord(recordOf(works[0], '01.03.2025')).replace(/\u00A0/g, ' ')).toBe(
      'Иванов, И. И. Цифровая трансформация малого бизнеса / И. И. Иванов, A. K. Smith. – Текст : электронный // Вопросы экономики. – 2021. – Т. 12, № 3. – С. 45–60. – URL: https://doi.org/10.1234/abc.2021.5 (дата обращения: 01.03.2025).',
    );
  });

  it('reports a failing database in Russian', async () => {
    const base = await serve(() => ({ status: 500, body: {} }));
    await expect(createOpenAlexSearch({ baseUrl: base }).search({ query: 'x', minYear: 2000, limit: 5 })).rejects.toThrow('Библиографическая база ответила ошибкой 500');
    expect(seen).toHaveLength(2); // one retry
  });
});

describe('Crossref', () => {
  it('searches bibliographically and keeps only verifiable works', async () => {
    const base = await serve(() => ({
      body: {
        message: {
          items: [
            { DOI: '10.5555/x1', title: ['Small business <i>digitalisation</i> in regions'], author: [{ given: 'Peter', family: 'Adams' }], 'container-title': ['Regional Studies'], issued: { 'date-parts': [[2022, 4]] }, volume: '8', issue: '2', page: '1-20', type: 'journal-article', abstract: '<jats:p>Regions and small business digitalisation.</jats:p>' },
            { DOI: '10.5555/x2', title: ['No authors here'], author: [], 'container-title': ['J'], issued: { 'date-parts': [[2022]] }, type: 'journal-article' },
            { DOI: '10.5555/x3', title: ['Too old small business digitalisation'], author: [{ family: 'Old' }], 'container-title': ['J'], issued: { 'date-parts': [[2001]] }, type: 'journal-article' },
          ],
        },
      },
    }));
    const search = createCrossrefSearch({ baseUrl: base, mailto: 'team@example.org' });
    const outcome = await searchWorks({ search, queries: ['small business digitalisation'], topicText: 'small business digitalisation regions', minYear: 2015, maxYear: 2025, want: 10 });
    expect(seen[0].searchParams.get('query.bibliographic')).toBe('small business digitalisation');
    expect(seen[0].searchParams.get('filter')).toBe('from-pub-date:2015');
    expect(outcome.works.map((w) => w.doi)).toEqual(['10.5555/x1']);
    expect(outcome.works[0]).toMatchObject({ title: 'Small business digitalisation in regions', abstract: 'Regions and small business digitalisation.', year: 2022 });
    expect(formatRecord(recordOf(outcome.works[0], '01.03.2025')).replace(/\u00A0/g, ' ')).toBe(
      'Adams, P. Small business digitalisation in regions / P. Adams. – Текст : электронный // Regional Studies. – 2022. – Vol. 8, no. 2. – P. 1–20. – URL: https://doi.org/10.5555/x1 (дата обращения: 01.03.2025).',
    );
  });
});
