/**
 * The bibliographic search against stand-ins of OpenAlex and Crossref (real HTTP on 127.0.0.1):
 * the providers' requests, cursor paging, 429 with Retry-After, merging and deduplication,
 * completion by DOI, relevance in the work's own language, GOST descriptions, and the minimum
 * number of sources a paper needs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { formatRecord } from '../src/bibliography/gost.ts';
import {
  createCrossrefSearch,
  createMemoryCheckpoints,
  createOfflineWriter,
  createOpenAlexSearch,
  createPdfConverterPool,
  generatePaper,
  OutlineSchema,
  PaperError,
} from '../src/index.ts';
import type { PaperInput, PaperResult, PdfConverter, Writer } from '../src/index.ts';
import { searchWorks } from '../src/sources/find-works.ts';
import type { SearchOptions } from '../src/sources/find-works.ts';
import { recordOf } from '../src/sources/index.ts';
import { queriesForOutline, queriesForTopic } from '../src/sources/queries.ts';
import { personFromDisplayName } from '../src/sources/search/common.ts';
import { searchProvidersOf } from '../src/sources/search/settings.ts';
import { startCrossrefStandIn } from './support/crossref-stand-in.ts';
import { startOpenAlexStandIn } from './support/openalex-stand-in.ts';
import type { StandIn } from './support/stand-in-server.ts';
import {
  EN_ARTICLE,
  EN_CROSSREF_ONLY,
  EN_CROSSREF_ONLY_IN_OPENALEX,
  manyRussianArticles,
  OFF_TOPIC,
  RU_ARTICLE,
  RU_ARTICLE_CROSSREF,
  RU_BOOK,
  RU_BOOK_CROSSREF,
  RU_TRANSLITERATED,
  TOPIC,
} from './support/search-records.ts';

const standIns: StandIn[] = [];
afterEach(async () => {
  await Promise.all(standIns.splice(0).map((s) => s.close()));
});
async function track<T extends StandIn>(standIn: Promise<T>): Promise<T> {
  const s = await standIn;
  standIns.push(s);
  return s;
}

const plain = (s: string) => s.replace(/\u00A0/g, ' ');
const ACCESSED = '01.03.2025';

describe('OpenAlex', () => {
  it('asks with the key, mailto, year and language filters, and follows the cursor', async () => {
    const openalex = await track(
      startOpenAlexStandIn({ works: [RU_ARTICLE, ...manyRussianArticles(8, 2014)], apiKey: 'secret-key', maxPerPage: 2 }),
    );
    const search = createOpenAlexSearch({ baseUrl: openalex.url, apiKey: 'secret-key', mailto: 'team@example.org' });
    const works = await search.search({ query: 'цифровая трансформация', minYear: 2018, limit: 5 });
    const first = openalex.requests[0].url.searchParams;
    expect(first.get('search')).toBe('цифровая трансформация');
    expect(first.get('filter')).toBe('publication_year:>2017,language:ru|en,is_retracted:false,type:article|book|book-chapter|review');
    expect(first.get('api_key')).toBe('secret-key');
    expect(first.get('mailto')).toBe('team@example.org');
    expect(openalex.requests.map((r) => r.url.searchParams.get('cursor'))).toEqual(['*', expect.any(String), expect.any(String)]);
    expect(openalex.requests[1].url.searchParams.get('cursor')).not.toBe(openalex.requests[2].url.searchParams.get('cursor'));
    // Works before 2018 are filtered out by the stand-in as OpenAlex would.
    expect(works.every((w) => w.year >= 2018)).toBe(true);
    expect(works[0]).toMatchObject({
      doi: '10.32609/0042-8736-2021-5-45-60',
      title: 'Цифровая трансформация малого бизнеса',
      subtitle: 'региональный аспект',
      authors: [
        { family: 'Иванов', given: 'И. И.' },
        { family: 'Петров', given: 'Петр Сергеевич' },
      ],
      pdfUrl: 'https://www.vopreco.ru/jour/article/download/1/1.pdf',
      oaUrl: 'https://www.vopreco.ru/jour/article/download/1/1.pdf',
      language: 'ru',
      pages: '45-60',
    });
  });

  it('is refused without the configured key, with a Russian error', async () => {
    const openalex = await track(startOpenAlexStandIn({ works: [RU_ARTICLE], apiKey: 'secret-key' }));
    await expect(createOpenAlexSearch({ baseUrl: openalex.url }).search({ query: 'цифровая', minYear: 2000, limit: 5 })).rejects.toThrow(
      'Библиографическая база OpenAlex ответила ошибкой 401',
    );
  });

  it('waits as 429 Retry-After asks, a bounded number of times', async () => {
    const openalex = await track(startOpenAlexStandIn({ works: [RU_ARTICLE] }));
    openalex.refuseNext(2, 1);
    const started = Date.now();
    const works = await createOpenAlexSearch({ baseUrl: openalex.url, maxRetries: 2 }).search({
      query: 'цифровая',
      minYear: 2000,
      limit: 5,
    });
    expect(works).toHaveLength(1);
    expect(openalex.requests).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);

    openalex.refuseNext(3, 0);
    await expect(
      createOpenAlexSearch({ baseUrl: openalex.url, maxRetries: 2 }).search({ query: 'цифровая', minYear: 2000, limit: 5 }),
    ).rejects.toThrow('Библиографическая база OpenAlex ответила ошибкой 429');
  });
});

describe('Crossref', () => {
  it('searches bibliographically with mailto in the query and the User-Agent, and looks up a DOI', async () => {
    const crossref = await track(startCrossrefStandIn({ works: [RU_ARTICLE_CROSSREF, EN_CROSSREF_ONLY] }));
    const search = createCrossrefSearch({ baseUrl: crossref.url, mailto: 'team@example.org' });
    const works = await search.search({ query: 'small business digitalisation', minYear: 2015, limit: 10 });
    const asked = crossref.requests[0];
    expect(asked.url.searchParams.get('query.bibliographic')).toBe('small business digitalisation');
    expect(asked.url.searchParams.get('filter')).toBe('from-pub-date:2015');
    expect(asked.url.searchParams.get('rows')).toBe('10');
    expect(asked.url.searchParams.get('mailto')).toBe('team@example.org');
    expect(asked.headers['user-agent']).toContain('mailto:team@example.org');
    expect(works.map((w) => w.doi)).toEqual(['10.1080/00343404.2022.2041162']);
    expect(works[0].abstract).toBe('Small business digital transformation in the regions of Russia.');

    const record = await search.lookup!('10.32609/0042-8736-2021-5-45-60');
    expect(record).toMatchObject({
      volume: '12',
      issue: '5',
      pages: '45-60',
      authors: [
        { family: 'Иванов', given: 'Иван Иванович' },
        { family: 'Петров', given: 'Петр Сергеевич' },
      ],
    });
    expect(await search.lookup!('10.1/unknown')).toBeNull();
  });

  it('retries a 429', async () => {
    const crossref = await track(startCrossrefStandIn({ works: [EN_CROSSREF_ONLY] }));
    crossref.refuseNext(1, 0);
    const works = await createCrossrefSearch({ baseUrl: crossref.url }).search({ query: 'small business', minYear: 2015, limit: 10 });
    expect(works).toHaveLength(1);
    expect(crossref.requests).toHaveLength(2);
  });
});

describe('the merged search', () => {
  async function standIns() {
    const openalex = await track(
      startOpenAlexStandIn({ works: [RU_ARTICLE, EN_ARTICLE, RU_BOOK, RU_TRANSLITERATED, OFF_TOPIC, EN_CROSSREF_ONLY_IN_OPENALEX] }),
    );
    const crossref = await track(startCrossrefStandIn({ works: [RU_ARTICLE_CROSSREF, EN_CROSSREF_ONLY], lookupOnly: [RU_BOOK_CROSSREF] }));
    return {
      openalex,
      crossref,
      providers: [
        createOpenAlexSearch({ baseUrl: openalex.url }),
        createCrossrefSearch({ baseUrl: crossref.url, mailto: 'team@example.org' }),
      ],
    };
  }
  const options = (providers: SearchOptions['providers'], over: Partial<SearchOptions> = {}): SearchOptions => ({
    providers,
    queries: { ru: [TOPIC, 'цифровая экономика малый бизнес'], en: ['digital transformation small business'] },
    topicText: { ru: `${TOPIC} цифровая экономика управление`, en: 'digital transformation small business regions' },
    minYear: 2015,
    maxYear: 2025,
    want: 20,
    recentFrom: 2016,
    ...over,
  });

  it('merges, deduplicates, completes by DOI and drops what GOST cannot describe', async () => {
    const { providers, crossref } = await standIns();
    const outcome = await searchWorks(options(providers));
    expect(outcome.failures).toEqual([]);
    const titles = outcome.works.map((w) => w.title).sort();
    expect(titles).toEqual([
      'Digital transformation of small and medium enterprises',
      'Small Business Digitalisation in Russian Regions',
      'Управление малым бизнесом в условиях цифровой экономики',
      'Цифровая трансформация малого бизнеса',
    ]);
    // Crossref's copy without a DOI match was merged by title, first author and year, and gave its DOI.
    const adams = outcome.works.find((w) => w.authors[0].family === 'Adams')!;
    expect(adams).toMatchObject({ doi: '10.1080/00343404.2022.2041162', pdfUrl: 'https://example.org/adams.pdf' });
    // The article was completed by Crossref's search result with the same DOI; the book and the
    // transliterated article were looked up by DOI (Crossref does not know the latter: it is dropped).
    const lookups = crossref.requests.filter((r) => r.url.pathname.startsWith('/works/')).map((r) => decodeURIComponent(r.url.pathname));
    expect(lookups.sort()).toEqual(['/works/10.18334/epp.2022.4.1', '/works/10.31234/urait.2020.book.5']);

    const gost = Object.fromEntries(outcome.works.map((w) => [w.title, plain(formatRecord(recordOf(w, ACCESSED)))]));
    expect(gost['Цифровая трансформация малого бизнеса']).toBe(
      'Иванов, И. И. Цифровая трансформация малого бизнеса : региональный аспект / И. И. Иванов, П. С. Петров. – Текст : электронный // Вопросы экономики. – 2021. – Т. 12, № 5. – С. 45–60. – URL: https://doi.org/10.32609/0042-8736-2021-5-45-60 (дата обращения: 01.03.2025).',
    );
    expect(gost['Управление малым бизнесом в условиях цифровой экономики']).toBe(
      'Сидорова, А. В. Управление малым бизнесом в условиях цифровой экономики : учебное пособие / А. В. Сидорова. – Москва : Юрайт, 2020. – ISBN 978-5-534-12345-6. – URL: https://doi.org/10.31234/urait.2020.book.5 (дата обращения: 01.03.2025). – Текст : электронный.',
    );
    expect(gost['Digital transformation of small and medium enterprises']).toBe(
      'Kraus, S. Digital transformation of small and medium enterprises : A systematic literature review / S. Kraus, P. Jones. – Текст : электронный // Journal of Business Research. – 2021. – Vol. 123. – P. 557–567. – URL: https://doi.org/10.1016/j.jbusres.2020.10.044 (дата обращения: 01.03.2025).',
    );
    expect(gost['Small Business Digitalisation in Russian Regions']).toBe(
      'Adams, P. Small Business Digitalisation in Russian Regions / P. Adams. – Текст : электронный // Regional Studies. – 2022. – Vol. 56, no. 8. – P. 1301–1315. – URL: https://doi.org/10.1080/00343404.2022.2041162 (дата обращения: 01.03.2025).',
    );
  });

  it('judges an English work against the English queries, so it is kept', async () => {
    const openalex = await track(startOpenAlexStandIn({ works: [EN_ARTICLE] }));
    const providers = [createOpenAlexSearch({ baseUrl: openalex.url })];
    const kept = await searchWorks(options(providers));
    expect(kept.works.map((w) => w.doi)).toEqual(['10.1016/j.jbusres.2020.10.044']);
    // Without English words to judge it by, the same work would be lost.
    const lost = await searchWorks(options(providers, { topicText: { ru: TOPIC, en: '' } }));
    expect(lost.works).toEqual([]);
  });

  it('keeps at least half of the picks recent when older works rank higher', async () => {
    const old = manyRussianArticles(6, 2005).map((w, i) => ({
      ...w,
      publication_year: 2005 + i,
      title: `${w.title} управление цифровая экономика`,
    }));
    const recent = manyRussianArticles(6, 2020).map((w, i) => ({ ...w, id: `R${i}`, doi: `https://doi.org/10.5555/recent.${i}` }));
    const openalex = await track(startOpenAlexStandIn({ works: [...old, ...recent] }));
    const outcome = await searchWorks(options([createOpenAlexSearch({ baseUrl: openalex.url })], { minYear: 2000, want: 6 }));
    expect(outcome.works).toHaveLength(6);
    expect(outcome.works.filter((w) => w.year >= 2016).length).toBeGreaterThanOrEqual(3);
  });
});

describe('queries', () => {
  it('come from the model in both languages, or from the glossary for an outline without English ones', () => {
    const chapters = [
      { title: 'Теоретические основы цифровой трансформации малого бизнеса', subsections: ['а'] },
      { title: 'Анализ управления малым бизнесом в регионах России', subsections: ['б'] },
      { title: 'Квазистатические мемристоры', subsections: ['в'] },
    ];
    const fromGlossary = queriesForOutline({ topic: TOPIC, chapters, searchQueries: [TOPIC] });
    expect(fromGlossary.ru).toEqual([TOPIC, ...chapters.map((c) => c.title)]);
    // The third chapter's words are not in the glossary: it is searched in Russian only.
    expect(fromGlossary.en).toEqual([
      'digital transformation management small business regional Russian',
      'digital transformation small business',
      'management small business regional Russian',
    ]);
    const fromModel = queriesForOutline({
      topic: TOPIC,
      chapters,
      searchQueries: [TOPIC, 'SME digitalization'],
      searchQueriesEn: ['digital transformation of small business'],
    });
    // The estimate's query (the topic's) first: the paper finds what the order form promised.
    expect(fromModel.en).toEqual([
      'digital transformation management small business regional Russian',
      'digital transformation of small business',
      'SME digitalization',
    ]);
    expect(queriesForTopic('Квазистатические мемристоры в нейросетях')).toEqual({
      ru: ['Квазистатические мемристоры в нейросетях'],
      en: [],
    });
  });

  it('an outline stored before English queries is still read', () => {
    const stored = {
      version: 1,
      topic: TOPIC,
      title: TOPIC,
      annotation: 'а',
      keywords: ['к'],
      chapters: [1, 2, 3].map((n) => ({ title: `Глава ${n}`, subsections: ['Подраздел'] })),
      goal: '',
      tasks: ['задача'],
      object: '',
      subject: '',
      methods: [],
      searchQueries: [TOPIC],
      introduction: '',
    };
    expect(OutlineSchema.safeParse(stored).success).toBe(true);
  });

  it('names are read in either order', () => {
    expect(personFromDisplayName('Иванов И.И.')).toEqual({ family: 'Иванов', given: 'И. И.' });
    expect(personFromDisplayName('И. И. Иванов')).toEqual({ family: 'Иванов', given: 'И. И.' });
    expect(personFromDisplayName('Иванов, Иван')).toEqual({ family: 'Иванов', given: 'Иван' });
    expect(personFromDisplayName('Петров Петр Сергеевич')).toEqual({ family: 'Петров', given: 'Петр Сергеевич' });
    expect(personFromDisplayName('John R. Smith')).toEqual({ family: 'Smith', given: 'John R.' });
  });
});

describe('the minimum number of sources', () => {
  const noPdf: PdfConverter = {
    stats: { conversions: 0, failures: 0, restarts: 0 },
    convert: () => Promise.reject(new Error('PDF не должен понадобиться')),
    close: async () => {},
  };
  const demo: PaperInput = {
    topic: TOPIC,
    type: 'demo',
    tariff: 'basic',
    useFootnotes: false,
    separateBibliography: false,
    minPublicationYear: 2015,
    requiredVolume: 80,
    userStructure: null,
    attachedSources: [],
  };

  /** Runs the engine until the writing starts (the finding stage is done) or it fails. */
  async function untilWriting(works: Parameters<typeof startOpenAlexStandIn>[0]['works']) {
    const openalex = await track(startOpenAlexStandIn({ works }));
    const controller = new AbortController();
    const error = await generatePaper(demo, {
      writer: createOfflineWriter(),
      search: [createOpenAlexSearch({ baseUrl: openalex.url })],
      checkpoints: createMemoryCheckpoints(),
      pdf: noPdf,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.stage === 'Написание разделов') controller.abort();
      },
      now: new Date('2025-03-01'),
    }).catch((e: unknown) => e);
    return error as PaperError;
  }

  it('fails a paper with a real search and too few sources, in Russian', async () => {
    const error = await untilWriting([RU_ARTICLE, EN_ARTICLE, ...manyRussianArticles(3, 2020)]);
    expect(error).toBeInstanceOf(PaperError);
    expect(error.code).toBe('not_enough_sources');
    expect(error.message).toBe(
      'Недостаточно научных источников: по теме найдено 5 источников, а для демо-версии нужно не меньше 8. Попробуйте сформулировать тему шире или указать более ранний год издания.',
    );
  });

  it('lets a paper with enough sources go on to the writing', async () => {
    const error = await untilWriting([RU_ARTICLE, EN_ARTICLE, ...manyRussianArticles(8, 2020)]);
    expect(error.code).toBe('aborted');
  });

  /** A demo written by the offline writer through `change`, against the stand-in's 10 works. */
  async function demoBy(change: (text: string) => string): Promise<PaperResult | PaperError> {
    const openalex = await track(startOpenAlexStandIn({ works: [RU_ARTICLE, EN_ARTICLE, ...manyRussianArticles(8, 2020)] }));
    const offline = createOfflineWriter();
    const writer: Writer = {
      kind: 'offline',
      async complete(call) {
        const reply = await offline.complete(call);
        return { ...reply, text: change(reply.text) };
      },
    };
    // The volume is measured in a real PDF; the list is checked as the final typesetting starts.
    const pdf = createPdfConverterPool({ size: 1 });
    return generatePaper(demo, {
      writer,
      search: [createOpenAlexSearch({ baseUrl: openalex.url })],
      checkpoints: createMemoryCheckpoints(),
      pdf,
      onProgress: () => undefined,
      now: new Date('2025-03-01'),
    })
      .catch((e: unknown) => e as PaperError)
      .finally(() => pdf.close());
  }

  it('re-cites works where their passages fit rather than fail a list below its minimum (a writer that drops its citations)', async () => {
    let cited = false;
    // Only the first citation of the paper is kept; the sentences retelling the passages stay.
    const result = await demoBy((text) => text.replace(/\s*\[\[p\d+\]\]/g, (m) => (cited ? '' : ((cited = true), m))));
    expect(result).not.toBeInstanceOf(Error);
    const paper = result as PaperResult;
    expect(paper.sources.length).toBeGreaterThanOrEqual(8);
    expect(paper.citations.grounding.recited).toBeGreaterThanOrEqual(7);
    expect(paper.normocontrol.issues).toEqual([]);
  });

  it('fails a written paper whose list falls below the minimum (a writer that cites almost nothing)', async () => {
    let cited = false;
    // Only the first cited sentence of the paper is kept: nothing else retells a passage.
    const error = (await demoBy((text) =>
      text
        .split(/(?<=[.!?])\s+/)
        .filter((sentence) => !/\[\[p\d+\]\]/.test(sentence) || (!cited && (cited = true)))
        .join(' '),
    )) as PaperError;
    expect(error).toBeInstanceOf(PaperError);
    expect(error.code).toBe('not_enough_sources');
    expect(error.message).toMatch(
      /^Недостаточно научных источников: в списке литературы [0-7], а нужно не меньше 8: ни одно утверждение о \d+ работах из плана не подтвердилось их текстом\.$/,
    );
    // Enough works were found: the advice to change the topic would be wrong.
    expect(error.message).not.toContain('тему шире');
  });
});

describe('settings by name (the CLI: flags or environment variables)', () => {
  it('build the providers the api would, and refuse an unknown database in Russian', async () => {
    const openalex = await track(startOpenAlexStandIn({ works: [RU_ARTICLE], apiKey: 'k1' }));
    const settings: Record<string, string> = {
      SOURCES_SEARCH: 'openalex,crossref',
      OPENALEX_BASE_URL: openalex.url,
      OPENALEX_API_KEY: 'k1',
      SOURCES_MAILTO: 'team@example.org',
    };
    const providers = searchProvidersOf((name) => settings[name]);
    expect(providers.map((p) => p.name)).toEqual(['openalex', 'crossref']);
    expect(await providers[0].search({ query: 'цифровая', minYear: 2000, limit: 5 })).toHaveLength(1);
    expect(openalex.requests[0].url.searchParams.get('mailto')).toBe('team@example.org');
    expect(searchProvidersOf(() => undefined)).toEqual([]);
    expect(() => searchProvidersOf((name) => (name === 'SOURCES_SEARCH' ? 'scholar' : undefined))).toThrow(
      'Неизвестная библиографическая база: scholar (допустимы openalex, crossref, none)',
    );
    expect(() =>
      searchProvidersOf((name) => (name === 'SOURCES_SEARCH' ? 'openalex' : name === 'OPENALEX_TIMEOUT_SECONDS' ? 'долго' : undefined)),
    ).toThrow('openalex-timeout-seconds: ожидается неотрицательное число, а не «долго»');
  });
});
