/**
 * The default installation writes on any topic: with no database configured the development
 * stand-in invents sources for any topic, so a full paper and a demo ordered on a topic the
 * development collection does not have are delivered, every invented source marked as such.
 * Production stays honest: with production settings nothing invented can be selected, even with
 * the development collection left in the database.
 */
import { firstRecentYear, queriesForTopic, searchWorks, type BibliographicSearch, type FoundWork } from '@app/paper';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAlexStandIn } from '../../paper/test/support/openalex-stand-in.ts';
import type { StandIn } from '../../paper/test/support/stand-in-server.ts';
import { manyRussianArticles, RU_ARTICLE } from '../../paper/test/support/search-records.ts';
import { inventedSourcesAllowed } from '../src/config.ts';
import { createSearchProviders } from '../src/modules/generation/engine.ts';
import { prepareLibrary } from '../src/modules/library/dev-collection.ts';
import { createLibrarySearch } from '../src/modules/library/engine-search.ts';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createPayment, decideInSandbox, newOrder, waitForOrders } from './support/orders.ts';

/** Not in the development collection. */
const TOPIC = 'Развитие электронной коммерции в малых городах России';
const INVENTED_NOTE = 'Вымышленная запись режима разработки: такой публикации не существует.';

describe('the default installation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { worker: true });
  });
  afterAll(() => t.close());

  it('estimates any topic from invented sources, enough for a full paper', async () => {
    expect(t.config.sources.invented).toBe(true);
    const u = await signUp(t);
    const res = await u.client.get(`/api/v1/sources/estimate/?topic=${encodeURIComponent(TOPIC)}&required_volume=120`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      searched: true,
      enough_for_demo: true,
      enough_for_full: true,
      complete: true,
      advice: { demo: null, full: null },
      // An invented work has a text to cite: the plan places a demo's dozen and a 120-page paper's 50.
      planned: { demo: 12, full: 50 },
    });
    expect(res.body.found).toBeGreaterThanOrEqual(res.body.minimum_full);
    expect(res.body.sample[0].title).toContain(TOPIC);
  });

  it(
    'delivers a full 80-page paper and a demo on a topic outside the development collection, citing invented works marked as such',
    { timeout: 600_000 },
    async () => {
      const delivered = async (paperType: 'demo' | 'full') => {
        const u = await signUp(t);
        const created = await createPayment(u.client, newOrder({ title: TOPIC, paper_type: paperType, min_publication_year: 1990 }));
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        expect((await decideInSandbox(u.client, created.body.data.confirmation_url, 'pay')).status).toBe(303);
        const taskId = created.body.data.task_id as string;
        expect(await waitForOrders(t, [taskId], ['completed', 'failed'], 300_000)).toEqual({ [taskId]: 'completed' });
        const paperId = (await t.sql('select paper_id from orders where id = $1', [taskId])).rows[0].paper_id as number;
        const detail = await u.client.get(`/api/v1/papers/${paperId}/`);
        expect(detail.status).toBe(200);
        return detail.body as { title: string; sources: { text: string; verified_by: string; url: string | null }[] };
      };
      const [full, demo] = await Promise.all([delivered('full'), delivered('demo')]);
      expect(full.title).toBe(TOPIC);
      expect(full.sources.length).toBeGreaterThanOrEqual(30);
      expect(demo.sources.length).toBeGreaterThan(0);
      for (const s of [...full.sources, ...demo.sources]) {
        expect(s).toMatchObject({ verified_by: 'invented', url: null });
        expect(s.text.endsWith(INVENTED_NOTE), s.text).toBe(true);
      }
    },
  );
});

describe('production', () => {
  let t: TestApp;
  let openalex: StandIn;
  let pool: pg.Pool;
  const PROBE = 'Финансовая устойчивость малого бизнеса в условиях санкций';
  beforeAll(async () => {
    openalex = await startOpenAlexStandIn({ works: [RU_ARTICLE, ...manyRussianArticles(3, 2020)] });
    t = await startTestApp(
      {
        NODE_ENV: 'production',
        LLM_BASE_URL: 'http://127.0.0.1:9/v1',
        PAYMENT_PROVIDER: 'yookassa',
        YOOKASSA_SHOP_ID: '123456',
        YOOKASSA_SECRET_KEY: 'test_secret',
        YOOKASSA_API_URL: 'http://127.0.0.1:9/v3',
        SMTP_URL: 'smtp://127.0.0.1:9',
        SOURCES_SEARCH: 'openalex',
        OPENALEX_BASE_URL: openalex.url,
        OPENALEX_API_KEY: 'key',
      },
      // The codes of the test's sign-up are read from the outbox.
      { mailer: (config) => createMailer({ ...config.mail, smtpUrl: null, log: pino({ level: 'silent' }) }) },
    );
    // An installation that ran in development before: its development collection is still stored.
    pool = new pg.Pool({ connectionString: t.databaseUrl, max: 2 });
    await prepareLibrary(pool, { devCollection: true });
  });
  afterAll(async () => {
    await pool.end();
    await t.close();
    await openalex.close();
  });

  it('never allows invented sources, whatever is configured', () => {
    expect(t.config.sources.invented).toBe(false);
    for (const SOURCES_SEARCH of [undefined, 'none', 'openalex'])
      expect(inventedSourcesAllowed({ NODE_ENV: 'production', SOURCES_SEARCH, LIBRARY_OAI_ENDPOINTS: [] })).toBe(false);
    // Outside production only without any database.
    expect(inventedSourcesAllowed({ NODE_ENV: 'development', SOURCES_SEARCH: undefined, LIBRARY_OAI_ENDPOINTS: [] })).toBe(true);
    expect(inventedSourcesAllowed({ NODE_ENV: 'development', SOURCES_SEARCH: 'crossref', LIBRARY_OAI_ENDPOINTS: [] })).toBe(false);
    expect(
      inventedSourcesAllowed({ NODE_ENV: 'development', SOURCES_SEARCH: undefined, LIBRARY_OAI_ENDPOINTS: [{ origin: 'repo' } as never] }),
    ).toBe(false);
  });

  it('selects nothing invented: the engine asks only real databases, the library leaves out its development collection', async () => {
    // The development collection is there, and a development search would find it.
    const development = await createLibrarySearch(pool, { devCollection: true }).search({ query: PROBE, minYear: 1990, limit: 25 });
    expect(development.some((w) => w.invented)).toBe(true);

    // The worker's databases: the library and the configured ones (generation/engine.ts).
    const providers: BibliographicSearch[] = [t.services.library, ...createSearchProviders(t.config.sources, t.app.log)];
    expect(providers.map((p) => p.name)).toEqual(['library', 'openalex']);
    expect(providers.some((p) => p.offline)).toBe(false);
    const now = new Date();
    const outcome = await searchWorks({
      providers,
      queries: queriesForTopic(PROBE),
      topicText: { ru: PROBE, en: '' },
      minYear: 1990,
      maxYear: now.getFullYear(),
      want: 50,
      recentFrom: firstRecentYear(now),
    });
    const invented = (w: FoundWork) => w.invented || w.provider.includes('dev-collection') || w.provider === 'invented';
    expect(outcome.candidates.filter(invented)).toEqual([]);
    expect(outcome.works.filter(invented)).toEqual([]);

    // The order form's estimate neither.
    const u = await signUp(t);
    const res = await u.client.get(`/api/v1/sources/estimate/?topic=${encodeURIComponent(PROBE)}`);
    expect(res.status).toBe(200);
    const devTitles = development.map((w) => w.title);
    expect(res.body.sample.filter((s: { title: string }) => devTitles.some((d) => s.title.startsWith(d)))).toEqual([]);
    expect(res.body.found).toBe(outcome.candidates.length);
  });
});
