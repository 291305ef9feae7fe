/**
 * The order form's estimate of the sources a topic has, against stand-ins of OpenAlex and
 * Crossref configured as in production: counts, the works the paper's plan will place, sample,
 * advice, the order form's rules, the session, the rate limit and the cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCrossrefStandIn } from '../../paper/test/support/crossref-stand-in.ts';
import { invertedIndex, startOpenAlexStandIn, type OpenAlexRecord } from '../../paper/test/support/openalex-stand-in.ts';
import type { StandIn } from '../../paper/test/support/stand-in-server.ts';
import {
  EN_ARTICLE,
  EN_CROSSREF_ONLY,
  manyRussianArticles,
  OFF_TOPIC,
  RU_ARTICLE,
  RU_ARTICLE_CROSSREF,
  TOPIC,
} from '../../paper/test/support/search-records.ts';
import { ESTIMATES_PER_MINUTE } from '../src/modules/sources/router.ts';
import { Client, signUp, startTestApp, type TestApp } from './support/app.ts';

/** A topic the databases have 40 works on: 26 with an abstract, 14 with only an open PDF's link
 * (the paper's search may read them, the estimate before payment does not count on them). */
const PLAIN_TOPIC = 'Экологическое воспитание дошкольников средствами природы';
const plainTopicArticles = (withAbstract: number, without: number): OpenAlexRecord[] =>
  Array.from({ length: withAbstract + without }, (_, i) => ({
    ...RU_ARTICLE,
    id: `https://openalex.org/W60000${i}`,
    doi: `https://doi.org/10.5555/plain.${i}`,
    title: `Экологическое воспитание дошкольников средствами природы: опыт детского сада № ${i + 1}`,
    publication_year: 2018 + (i % 8),
    authorships: [{ author: { display_name: `Педагог${String.fromCharCode(1072 + (i % 30))}ова Мария Петровна` } }],
    biblio: { volume: '7', issue: String((i % 12) + 1), first_page: '30', last_page: '41' },
    abstract_inverted_index:
      i < withAbstract ? invertedIndex('Описан опыт экологического воспитания дошкольников средствами природы в детском саду') : null,
  }));

let t: TestApp;
let openalex: StandIn;
let crossref: StandIn;
beforeAll(async () => {
  openalex = await startOpenAlexStandIn({
    works: [RU_ARTICLE, EN_ARTICLE, OFF_TOPIC, ...manyRussianArticles(10, 2012), ...plainTopicArticles(26, 14)],
    apiKey: 'test-openalex-key',
  });
  crossref = await startCrossrefStandIn({ works: [RU_ARTICLE_CROSSREF, EN_CROSSREF_ONLY] });
  t = await startTestApp({
    SOURCES_SEARCH: 'openalex,crossref',
    SOURCES_MAILTO: 'team@example.org',
    OPENALEX_BASE_URL: openalex.url,
    OPENALEX_API_KEY: 'test-openalex-key',
    CROSSREF_BASE_URL: crossref.url,
  });
});
afterAll(async () => {
  await t.close();
  await openalex.close();
  await crossref.close();
});

const estimateUrl = (topic: string, minYear?: number, attached?: number) =>
  `/api/v1/sources/estimate/?topic=${encodeURIComponent(topic)}${minYear ? `&min_year=${minYear}` : ''}${attached ? `&attached=${attached}` : ''}`;

describe('GET /api/v1/sources/estimate/', () => {
  it('counts what the databases have for the topic, with a sample and advice below the minimum', async () => {
    const u = await signUp(t);
    const res = await u.client.get(estimateUrl(TOPIC, 2010));
    expect(res.status).toBe(200);
    // 10 generated Russian articles + the Russian article (OpenAlex and Crossref, merged) + 2 English ones.
    expect(res.body).toMatchObject({
      searched: true,
      found: 13,
      russian: 11,
      foreign: 2,
      minimum_demo: 8,
      minimum_full: 30,
      // What the plan will place: a demo's dozen, and every one of the 13 for a full paper.
      planned: { demo: 12, full: 13 },
      enough_for_demo: true,
      enough_for_full: false,
    });
    // Published in the last ten years: some of the generated articles (2012-2020), and the three others (2021, 2021, 2022).
    const recentFrom = new Date().getFullYear() - 9;
    expect(res.body.recent).toBe(manyRussianArticles(10, 2012).filter((w) => w.publication_year >= recentFrom).length + 3);
    expect(res.body.sample).toHaveLength(5);
    for (const s of res.body.sample)
      expect(s).toEqual({
        title: expect.any(String),
        authors: [expect.stringMatching(/^\S+ [А-ЯA-Z]\.( [А-ЯA-Z]\.)*$/)],
        year: expect.any(Number),
        container: expect.any(String),
      });
    expect(res.body.complete).toBe(true);
    expect(res.body.advice).toEqual({
      demo: null,
      full:
        'Недостаточно источников для полной работы: по теме найдено 13 источников, а для работы нужно не меньше 30. ' +
        'Сформулируйте тему шире: уберите узкие уточнения (регион, организацию, период) или используйте общепринятые научные термины; укажите более ранний минимальный год издания (сейчас 2010); приложите свои источники: каждый файл входит в список.',
    });
    // The configured key, the polite-pool address and both languages reached the databases.
    const asked = openalex.requests.map((r) => r.url.searchParams);
    expect(asked.every((p) => p.get('api_key') === 'test-openalex-key' && p.get('mailto') === 'team@example.org')).toBe(true);
    expect(asked.map((p) => p.get('search'))).toEqual([TOPIC, 'digital transformation management small business regional Russian']);
    expect(crossref.requests.some((r) => r.url.searchParams.get('query.bibliographic') === TOPIC)).toBe(true);
  });

  it('counts a work with neither an abstract nor a text read as found, not as planned; the advice says what the plan lacks', async () => {
    const u = await signUp(t);
    const res = await u.client.get(estimateUrl(PLAIN_TOPIC, 2010));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      found: 40,
      russian: 40,
      foreign: 0,
      planned: { demo: 12, full: 26 },
      enough_for_demo: true,
      enough_for_full: false,
      complete: true,
    });
    // The topic has works enough: the advice does not call it too narrow, and still says what can be done.
    expect(res.body.advice).toEqual({
      demo: null,
      full:
        'Недостаточно источников для полной работы: по теме найдено 40 источников, но процитировать можно только 26 ' +
        '(у остальных нет ни аннотации, ни открытого текста), а для работы нужно не меньше 30. ' +
        'Что можно сделать: уберите узкие уточнения (регион, организацию, период) или используйте общепринятые научные термины; укажите более ранний минимальный год издания (сейчас 2010); приложите свои источники: каждый файл входит в список.',
    });
    // Four files of the user's own are placed too: the plan reaches the minimum.
    const withFiles = await u.client.get(estimateUrl(PLAIN_TOPIC, 2010, 4));
    expect(withFiles.body).toMatchObject({ found: 40, planned: { demo: 12, full: 30 }, enough_for_full: true, advice: { full: null } });
  });

  it('answers a repeated topic and year from its cache', async () => {
    const u = await signUp(t);
    const before = openalex.requests.length;
    const a = await u.client.get(estimateUrl(`  ${TOPIC} `, 2010));
    expect(a.status).toBe(200);
    expect(openalex.requests.length).toBe(before);
    // Another year is another search.
    await u.client.get(estimateUrl(TOPIC, 2019));
    expect(openalex.requests.length).toBeGreaterThan(before);
  });

  it('checks the topic and year by the order form rules, in Russian, and needs a session', async () => {
    const u = await signUp(t);
    const short = await u.client.get(estimateUrl('Коротко'));
    expect(short.status).toBe(422);
    expect(JSON.stringify(short.body)).toContain('Тема диплома должна содержать минимум 10 символов');
    const year = await u.client.get(estimateUrl(TOPIC, 1950));
    expect(year.status).toBe(422);
    expect(JSON.stringify(year.body)).toContain('Год публикации должен быть от 1990 до 2025');
    expect((await new Client(t.app).get(estimateUrl(TOPIC))).status).toBe(401);
  });

  it('is rate-limited per user', async () => {
    const u = await signUp(t);
    const statuses: number[] = [];
    for (let i = 0; i <= ESTIMATES_PER_MINUTE; i++) statuses.push((await u.client.get(estimateUrl(TOPIC, 2010))).status);
    expect(statuses.slice(0, ESTIMATES_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses[ESTIMATES_PER_MINUTE]).toBe(429);
  });
});
