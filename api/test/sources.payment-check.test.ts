/**
 * No money for an order that cannot be delivered: payment/create asks the databases (OpenAlex and
 * Crossref stand-ins, as in production) for the topic's sources before it creates the payment, and
 * refuses, saying what to change, an order whose source plan cannot reach the minimum the engine
 * will enforce (only the works it can cite count), counting the attached files (a demo's purchase:
 * the demo's); it reuses the estimate the form has just shown; a database that does not answer in
 * time lets the order through.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCrossrefStandIn } from '../../paper/test/support/crossref-stand-in.ts';
import { invertedIndex, startOpenAlexStandIn, type OpenAlexRecord } from '../../paper/test/support/openalex-stand-in.ts';
import type { StandIn } from '../../paper/test/support/stand-in-server.ts';
import {
  EN_ARTICLE,
  EN_CROSSREF_ONLY,
  manyRussianArticles,
  RU_ARTICLE,
  RU_ARTICLE_CROSSREF,
  TOPIC,
} from '../../paper/test/support/search-records.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createPayment, newOrder, type Part } from './support/orders.ts';

/** A topic the databases have 40 works on: 26 with an abstract, 14 with only an open PDF's link
 * (the paper's search may read them, the check before payment does not count on them). */
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
    works: [RU_ARTICLE, EN_ARTICLE, ...manyRussianArticles(10, 2012), ...plainTopicArticles(26, 14)],
  });
  crossref = await startCrossrefStandIn({ works: [RU_ARTICLE_CROSSREF, EN_CROSSREF_ONLY] });
  t = await startTestApp({ SOURCES_SEARCH: 'openalex,crossref', OPENALEX_BASE_URL: openalex.url, CROSSREF_BASE_URL: crossref.url });
});
afterAll(async () => {
  await t.close();
  await openalex.close();
  await crossref.close();
});

const count = async (table: 'orders' | 'payments', userName: string) =>
  (await t.sql(`select count(*)::int as n from ${table} where user_id = (select id from users where username = $1)`, [userName])).rows[0]
    .n as number;

const citation = (i: number) => `Иванов И. И. Источник номер ${i}. – М. : Наука, 2020. – 200 с.`;
const textFiles = (n: number): Part[] =>
  Array.from({ length: n }, (_, i) => ({
    name: 'files',
    value: Buffer.from(`Собственный источник ${i + 1} о цифровой трансформации малого бизнеса в регионах России. `.repeat(20)),
    fileName: `source-${i + 1}.txt`,
    contentType: 'text/plain',
  }));

const estimateUrl = (minYear: number, attached = 0) =>
  `/api/v1/sources/estimate/?topic=${encodeURIComponent(TOPIC)}&min_year=${minYear}&attached=${attached}`;

const WAYS = 'Сформулируйте тему шире: уберите узкие уточнения (регион, организацию, период) или используйте общепринятые научные термины';

describe('payment/create checks the sources first', () => {
  it('refuses a full paper the databases have too few sources for, saying what to change; nothing is created', async () => {
    const u = await signUp(t);
    const full = await createPayment(u.client, newOrder({ title: TOPIC, paper_type: 'full', min_publication_year: 2010 }));
    expect(full.status).toBe(422);
    // 10 generated Russian articles, the Russian article (in both databases), 2 English ones.
    expect(full.body).toEqual({
      code: 'not_enough_sources',
      detail:
        'Недостаточно источников для полной работы: по теме найдено 13 источников, а для работы нужно не меньше 30. ' +
        `${WAYS}; укажите более ранний минимальный год издания (сейчас 2010); приложите свои источники: каждый файл входит в список.`,
    });
    expect(await count('orders', u.name)).toBe(0);
    expect(await count('payments', u.name)).toBe(0);
    // The same topic has enough for a demo.
    const demo = await createPayment(u.client, newOrder({ title: TOPIC, paper_type: 'demo', min_publication_year: 2010 }));
    expect(demo.status, JSON.stringify(demo.body)).toBe(200);
  });

  it('counts the attached files toward the minimum, and reuses the estimate the form has just shown', async () => {
    const u = await signUp(t);
    // From 2019 the databases have 5 works on the topic: too few for a demo alone, enough with 3 files.
    const alone = await u.client.get(estimateUrl(2019));
    expect(alone.body).toMatchObject({ found: 5, planned: { demo: 5, full: 5 }, enough_for_demo: false, complete: true });
    expect(alone.body.advice.demo).toBe(
      `Недостаточно источников для демо-версии: по теме найдено 5 источников, а для демо-версии нужно не меньше 8. ${WAYS}; укажите более ранний минимальный год издания (сейчас 2019); приложите свои источники: каждый файл входит в список.`,
    );
    expect((await u.client.get(estimateUrl(2019, 3))).body).toMatchObject({
      found: 5,
      planned: { demo: 8, full: 8 },
      enough_for_demo: true,
      advice: { demo: null },
    });
    const asked = openalex.requests.length + crossref.requests.length;

    const refused = await createPayment(u.client, newOrder({ title: TOPIC, min_publication_year: 2019 }));
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe(alone.body.advice.demo);
    const withFiles = await createPayment(
      u.client,
      newOrder({ title: TOPIC, min_publication_year: 2019, gost_citations: [1, 2, 3].map(citation) }),
      {
        files: textFiles(3),
      },
    );
    expect(withFiles.status, JSON.stringify(withFiles.body)).toBe(200);
    expect(openalex.requests.length + crossref.requests.length).toBe(asked);
  });

  it('refuses by the works the plan can cite, not by the works found, with what the plan lacks', async () => {
    const u = await signUp(t);
    const full = await createPayment(u.client, newOrder({ title: PLAIN_TOPIC, paper_type: 'full', min_publication_year: 2010 }));
    expect(full.status).toBe(422);
    // 40 works found, 30 needed: only the 26 with an abstract can be cited.
    expect(full.body).toEqual({
      code: 'not_enough_sources',
      detail:
        'Недостаточно источников для полной работы: по теме найдено 40 источников, но процитировать можно только 26 ' +
        '(у остальных нет ни аннотации, ни открытого текста), а для работы нужно не меньше 30. ' +
        'Что можно сделать: уберите узкие уточнения (регион, организацию, период) или используйте общепринятые научные термины; ' +
        'укажите более ранний минимальный год издания (сейчас 2010); приложите свои источники: каждый файл входит в список.',
    });
    expect(await count('orders', u.name)).toBe(0);
    expect(await count('payments', u.name)).toBe(0);
    // The same refusal as the estimate's advice, and a demo's dozen can be cited.
    expect((await u.client.get(`/api/v1/sources/estimate/?topic=${encodeURIComponent(PLAIN_TOPIC)}&min_year=2010`)).body.advice.full).toBe(
      full.body.detail,
    );
    const demo = await createPayment(u.client, newOrder({ title: PLAIN_TOPIC, paper_type: 'demo', min_publication_year: 2010 }));
    expect(demo.status, JSON.stringify(demo.body)).toBe(200);
  });

  it("checks the purchase of a demo's full version against the full minimum, counting the demo's files", async () => {
    const u = await signUp(t);
    const demo = await createPayment(
      u.client,
      newOrder({ title: TOPIC, min_publication_year: 2010, gost_citations: [1, 2].map(citation) }),
      {
        files: textFiles(2),
      },
    );
    expect(demo.status, JSON.stringify(demo.body)).toBe(200);
    const orderId = demo.body.data.task_id;
    const { rows } = await t.sql(
      `insert into papers (user_id, type, tariff, title, annotation, structure, options, docx_key, pdf_key, page_count, paid_at, order_id)
       select id, 'demo', 'basic', $2, 'Аннотация', '{}', '{}', 'papers/d.docx', 'papers/d.pdf', 12, now(), $3 from users where username = $1
       returning id`,
      [u.name, TOPIC, orderId],
    );
    await t.sql(`update orders set paper_id = $1, status = 'completed' where id = $2`, [rows[0].id, orderId]);
    const before = await count('orders', u.name);
    const full = await createPayment(u.client, {
      kind: 'from_demo',
      paper_id: rows[0].id,
      model_name: 'basic',
      paper_type: 'full',
      min_publication_year: 2010,
      required_volume: 100,
      gost_citations: [],
    });
    expect(full.status).toBe(422);
    expect(full.body.code).toBe('not_enough_sources');
    expect(full.body.detail).toMatch(
      /^Недостаточно источников для полной работы: по теме найдено 15 источников вместе с приложенными файлами, а для работы нужно не меньше 40\. /,
    );
    expect(await count('orders', u.name)).toBe(before);
  });
});

describe('a database that does not answer in time', () => {
  let silent: Server;
  let slow: TestApp;
  beforeAll(async () => {
    // Accepts the connection and never answers.
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    slow = await startTestApp({
      SOURCES_SEARCH: 'openalex',
      OPENALEX_BASE_URL: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      SOURCES_ESTIMATE_TIMEOUT_SECONDS: '1',
    });
  });
  afterAll(async () => {
    await slow.close();
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('leaves the estimate incomplete, and the order is taken as before', async () => {
    const u = await signUp(slow);
    const estimate = await u.client.get(estimateUrl(2010));
    expect(estimate.status).toBe(200);
    expect(estimate.body).toMatchObject({ searched: true, found: 0, enough_for_full: false, complete: false });
    const full = await createPayment(u.client, newOrder({ title: TOPIC, paper_type: 'full', min_publication_year: 2010 }));
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(slow.logs.join('')).toContain('the databases did not answer in time, the order is taken');
  });
});
