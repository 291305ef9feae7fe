/**
 * Sources read as passages with their printed pages, and the citations written from them: full
 * texts downloaded from a stand-in repository over real HTTP on 127.0.0.1, pages numbered as
 * printed, an offline paper whose every cited page exists and whose cited passages hold the
 * claims, and unsupported claims removed or rewritten and counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHED, BASE_INPUT, CATALOGUE } from '../dev/fixtures.ts';
import {
  createLocalSearch,
  createMemoryCheckpoints,
  createMemoryFullTexts,
  createOfflineWriter,
  createPdfConverterPool,
  generatePaper,
} from '../src/index.ts';
import type { FoundWork, FullTextStore, PaperResult, Writer } from '../src/index.ts';
import { createCallRunner } from '../src/calls.ts';
import { createPassageSearch } from '../src/passages/bm25.ts';
import { downloadPdf as download, FULL_TEXT_LIMITS, fullTextPdf as fullText } from '../src/passages/full-texts.ts';
import type { DownloadLimits } from '../src/passages/types.ts';
import { printedPages } from '../src/passages/printed-pages.ts';
import { splitPassages } from '../src/passages/split.ts';
import { verifyClaims } from '../src/grounding/claims.ts';
import { MIN_SHARED_TERMS, sharedTerms } from '../src/grounding/support.ts';
import { extractSourceText } from '../src/sources/extract/index.ts';
import { makePdf, startPdfServer, wrap, type PdfServer } from './support/pdf-server.ts';

/** What each page of the stand-in article says: distinct terms per page, all on the paper's topic. */
const ARTICLE_PAGES = [
  'Цифровая трансформация малого бизнеса в регионах России опирается на маркетплейсы. Малые предприятия регионов выходят на маркетплейсы, чтобы расширить рынки сбыта без собственных складов. Доля малых предприятий, продающих через маркетплейсы, за три года выросла вдвое.',
  'Облачные сервисы бухгалтерского учёта снижают издержки управления малым бизнесом. Малые предприятия в регионах переходят на облачную бухгалтерию, когда региональные программы поддержки возмещают часть подписки. Облачная бухгалтерия освобождает руководителя от рутинных операций учёта.',
  'Дефицит цифровых компетенций персонала остаётся главным барьером цифровой трансформации малых предприятий. Региональные центры компетенций обучают сотрудников малого бизнеса работе с цифровыми сервисами управления. Обучение персонала окупается ростом производительности труда.',
  'Электронный документооборот с контрагентами ускоряет расчёты малых предприятий и снижает число ошибок. Региональные операторы электронного документооборота предлагают малому бизнесу льготные тарифы. Переход на электронные счета сокращает срок оплаты поставок.',
];
const FIRST_PAGE = 45;
const LABELLED_PAGES = [
  'Государственная поддержка цифровизации малого предпринимательства в регионах включает гранты на покупку программного обеспечения. Гранты на программное обеспечение получают малые предприятия обрабатывающих отраслей.',
  'Эффективность региональных мер поддержки цифровизации оценивается по росту выручки малых предприятий. Рост выручки после получения гранта на цифровизацию составил в среднем двенадцать процентов.',
];
const LABELS_FROM = 101;

const articlePdf = () =>
  makePdf({ pages: ARTICLE_PAGES.map((text, i) => ['Вестник цифровой экономики. 2022. № 4', ...wrap(text), '', String(FIRST_PAGE + i)]) });

const base = CATALOGUE[0];
const work = (over: Partial<FoundWork> & Pick<FoundWork, 'id' | 'title'>): FoundWork => ({
  ...base,
  doi: undefined,
  url: `https://example.org/${over.id}`,
  ...over,
});

let server: PdfServer;
const pool = createPdfConverterPool({ size: 1 });

beforeAll(async () => {
  server = await startPdfServer(
    {
      '/article.pdf': await articlePdf(),
      // The same article with a repository's cover page: the record's offset no longer fits it.
      '/article-with-cover.pdf': await makePdf({
        pages: [
          ['Репозиторий открытого доступа', 'Скачано 01.03.2025'],
          ...ARTICLE_PAGES.map((text, i) => [...wrap(text), String(FIRST_PAGE + i)]),
        ],
      }),
      '/labelled.pdf': await makePdf({ pages: LABELLED_PAGES.map((text) => wrap(text)), labelsFrom: LABELS_FROM }),
      '/plain.pdf': await makePdf({ pages: [wrap(LABELLED_PAGES[0]), wrap(LABELLED_PAGES[1])] }),
    },
    3_000,
  );
});

/** The stand-in listens on loopback, which real downloads refuse. */
const LOOPBACK: DownloadLimits = { ...FULL_TEXT_LIMITS, loopback: true };
const downloadPdf = (url: string, limits: Partial<DownloadLimits> = {}) => download(url, { ...LOOPBACK, ...limits });
const fullTextPdf = (store: FullTextStore, url: string) => fullText(store, url, undefined, LOOPBACK);

afterAll(async () => {
  await server.close();
  await pool.close();
});

async function pagesOf(path: string, recordPages?: string) {
  const got = await downloadPdf(server.url(path));
  if (!got.ok) throw new Error(got.reason);
  const extracted = await extractSourceText({ name: 'x.pdf', bytes: got.bytes });
  return printedPages({ pageTexts: extracted.text.split('\f'), labels: extracted.pageLabels, recordPages });
}

describe('printed pages', () => {
  it('come from the journal pages of the record when the file is the article', async () => {
    expect(await pagesOf('/article.pdf', 'С. 45–48')).toEqual({ pages: ['45', '46', '47', '48'], numbering: 'journal' });
  });

  it('come from the numbers printed on the pages when the file has no record', async () => {
    expect(await pagesOf('/article.pdf')).toEqual({ pages: ['45', '46', '47', '48'], numbering: 'printed' });
  });

  it("leave out a repository's cover sheet: no page of the work, never numbered before the article's first page", async () => {
    // Five pages for a four-page article: the first, unnumbered, is the repository's cover sheet.
    expect(await pagesOf('/article-with-cover.pdf', '45-48')).toEqual({ pages: [null, '45', '46', '47', '48'], numbering: 'journal' });
    // Without the record, the sheet is told by what it says (the repository, the download).
    expect(await pagesOf('/article-with-cover.pdf')).toEqual({ pages: [null, '45', '46', '47', '48'], numbering: 'printed' });
    // A page numbered outside the record's range is no page of the work either (an article on 1501-1507).
    const pages = [
      'Цифровой репозиторий университета. Статья загружена 01.03.2025',
      ...[1501, 1502, 1503].map((n) => `Текст статьи.\n${n}`),
    ];
    expect(printedPages({ pageTexts: pages, recordPages: '1501-1502' }).pages).toEqual([null, '1501', '1502', null]);
    expect(printedPages({ pageTexts: pages.slice(1), recordPages: '1501-1507' })).toEqual({
      pages: ['1501', '1502', '1503'],
      numbering: 'printed',
    });
  });

  it("come from the PDF's page labels", async () => {
    expect(await pagesOf('/labelled.pdf')).toEqual({ pages: ['101', '102'], numbering: 'labels' });
  });

  it('fall back to the index in the file when nothing else is known', async () => {
    expect(await pagesOf('/plain.pdf')).toEqual({ pages: ['1', '2'], numbering: 'index' });
    // A lone number on one page of many is not a numbering.
    expect(printedPages({ pageTexts: ['текст\n7', 'текст', 'текст', 'текст'] }).numbering).toBe('index');
  });

  it('are carried by the passages, one page each, without the running page number', async () => {
    const { pages } = await pagesOf('/article.pdf', 'С. 45–48');
    const extracted = await extractSourceText({ name: 'a.pdf', bytes: await articlePdf() });
    let n = 0;
    const passages = splitPassages(
      'S1',
      extracted.text.split('\f').map((text, i) => ({ page: pages[i], text })),
      () => `p${++n}`,
    );
    expect(passages.map((p) => p.page)).toEqual(['45', '46', '47', '48']);
    expect(passages[2].text).toContain('Дефицит цифровых компетенций');
    expect(passages[2].text).not.toMatch(/\b47\b/);
    expect(createPassageSearch(passages).search('облачная бухгалтерия', 1)[0].passage.page).toBe('46');
  });
});

describe('full-text downloads', () => {
  it('refuse a missing file, a slow answer and an HTML page calling itself a PDF', async () => {
    expect(await downloadPdf(server.url('/missing.pdf'))).toEqual({ ok: false, reason: 'HTTP 404' });
    expect(await downloadPdf(server.url('/fake.pdf'))).toEqual({ ok: false, reason: 'not a PDF' });
    const started = Date.now();
    expect(await downloadPdf(server.url('/slow.pdf'), { maxBytes: 1_000_000, timeoutMs: 300 })).toEqual({
      ok: false,
      reason: 'no answer in 300 ms',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await downloadPdf(server.url('/article.pdf'), { maxBytes: 500, timeoutMs: 5_000 })).toEqual({
      ok: false,
      reason: 'larger than 500 bytes',
    });
  });

  it('are made once: the second time the store answers', async () => {
    const store = createMemoryFullTexts();
    const before = server.hits.get('/labelled.pdf') ?? 0;
    expect((await fullTextPdf(store, server.url('/labelled.pdf'))).ok).toBe(true);
    expect((await fullTextPdf(store, server.url('/labelled.pdf'))).ok).toBe(true);
    expect(server.hits.get('/labelled.pdf')).toBe(before + 1);
    expect(store.keys).toHaveLength(1);
  });

  it('follow redirects, but ask only public hosts: never this machine, its network or cloud metadata', async () => {
    const redirected = await downloadPdf(server.url(`/redirect?to=${encodeURIComponent('/article.pdf')}`));
    expect(redirected.ok).toBe(true);
    const before = server.hits.get('/article.pdf') ?? 0;
    for (const url of [
      server.url('/article.pdf'),
      server.url('/article.pdf').replace('127.0.0.1', 'localhost'),
      'http://[::1]/a.pdf',
      'http://[::ffff:127.0.0.1]/a.pdf',
      'http://10.1.2.3/a.pdf',
      'http://192.168.0.10/a.pdf',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      expect((await download(url)).ok, url).toBe(false);
      expect(await download(url)).toEqual({ ok: false, reason: expect.stringMatching(/is not public$/) });
    }
    expect(server.hits.get('/article.pdf') ?? 0).toBe(before);
    expect(await download('file:///etc/passwd')).toEqual({ ok: false, reason: 'not an http(s) URL' });
    expect(await download('ftp://example.org/a.pdf')).toEqual({ ok: false, reason: 'not an http(s) URL' });
    expect(await downloadPdf(server.url('/loop'))).toEqual({ ok: false, reason: 'more than 5 redirects' });
  });
});

describe('claims checked against their passages', () => {
  const passage = { id: 'p1', sourceId: 'S1', page: '46', text: ARTICLE_PAGES[1] };
  const passages = new Map([['p1', passage]]);
  const supported = 'Согласно данным источника, облачные сервисы бухгалтерского учёта снижают издержки управления малым бизнесом [[p1]].';
  const unsupported = 'Инфляция в Антарктиде достигла рекордных значений вследствие таяния ледников [[p1]].';
  const offline = createCallRunner({ writer: createOfflineWriter(), checkpoints: createMemoryCheckpoints(), tariff: 'basic' });

  it('by key terms offline: an unsupported sentence goes with its citation, a supported one stays', async () => {
    expect(sharedTerms('облачные сервисы бухгалтерского учёта снижают издержки', [passage.text])).toBeGreaterThanOrEqual(MIN_SHARED_TERMS);
    expect(sharedTerms('инфляция в Антарктиде достигла рекордных значений', [passage.text])).toBeLessThan(MIN_SHARED_TERMS);
    const out = await verifyClaims({
      key: 'verify:t',
      paragraphs: [`Первое предложение без ссылки. ${supported} ${unsupported} Вывод.`],
      passages,
      calls: offline,
      judge: 'lexical',
    });
    expect(out.paragraphs).toEqual([`Первое предложение без ссылки. ${supported} Вывод.`]);
    expect(out.counts).toEqual({ checked: 2, rewritten: 0, repaired: 0, removed: 1, citationsRemoved: 0 });
  });

  it('by the model as a judge: its rewrite replaces the claim, without the citation', async () => {
    const judge: Writer = {
      kind: 'llm',
      async complete(call) {
        expect(call.task.kind).toBe('verify');
        expect(call.json?.name).toBe('claim_verdicts');
        const text = JSON.stringify({
          verdicts: [
            { n: 1, supported: true, rewrite: '' },
            { n: 2, supported: false, rewrite: 'Инфляция остаётся значимым фактором [[p1]].' },
          ],
        });
        return { text, promptTokens: 1, completionTokens: 1, model: 'judge' };
      },
    };
    const calls = createCallRunner({ writer: judge, checkpoints: createMemoryCheckpoints(), tariff: 'basic' });
    const out = await verifyClaims({ key: 'verify:m', paragraphs: [`${supported} ${unsupported}`], passages, calls, judge: 'model' });
    expect(out.paragraphs).toEqual([`${supported} Инфляция остаётся значимым фактором.`]);
    expect(out.counts).toEqual({ checked: 2, rewritten: 1, repaired: 0, removed: 0, citationsRemoved: 0 });
  });

  it('drop markers of passages nobody was given', async () => {
    const out = await verifyClaims({
      key: 'verify:u',
      paragraphs: ['Текст со ссылкой на неизвестное [[p99]] и на старую форму [[S3, с. 5]].'],
      passages,
      calls: offline,
      judge: 'lexical',
    });
    expect(out.paragraphs).toEqual(['Текст со ссылкой на неизвестное и на старую форму.']);
    expect(out.counts.checked).toBe(0);
  });
});

describe('an offline paper written from full texts', () => {
  const ARTICLE = 'Маркетплейсы и облачные сервисы в управлении малым бизнесом регионов';
  const SUPPORT = 'Государственная поддержка цифровизации малого предпринимательства';
  const INVENTED = 'Инфляция в Антарктиде достигла рекордных значений вследствие таяния ледников';
  // The user's own PDF, its pages numbered 201-203 at the bottom (as extracted: pages split by "\f").
  const USER_PAGES = [
    'Цифровая трансформация малого бизнеса в регионах России требует цифровых платформ поддержки. Региональные цифровые платформы собирают меры поддержки малого бизнеса в одном окне.',
    'Цифровые платформы поддержки малого бизнеса сокращают время получения субсидий в регионах. Время получения субсидии через региональную платформу сократилось до десяти дней.',
    'Управление малым бизнесом с помощью цифровых платформ требует обучения руководителей. Руководители малых предприятий проходят обучение на региональных цифровых платформах бесплатно.',
  ];
  const USER_FILE = {
    fileName: 'platformy.pdf',
    citation: 'Сидоров, С. С. Цифровые платформы поддержки малого бизнеса / С. С. Сидоров. – Казань : Наука, 2023. – 210 с.',
    text: USER_PAGES.map((text, i) => `${text}\n${201 + i}`).join('\f'),
  };
  let result: PaperResult;
  const store = createMemoryFullTexts();
  let fakeHitsBefore = 0;
  /** The passages each subsection of the demo was written from. */
  const offered = new Map<string, string[]>();

  beforeAll(async () => {
    const works: FoundWork[] = [
      work({
        id: 'article',
        title: ARTICLE,
        pages: '45-48',
        pdfUrl: server.url('/article.pdf'),
        abstract: 'Цифровая трансформация малого бизнеса в регионах: маркетплейсы, облачные сервисы, компетенции.',
      }),
      work({
        id: 'support',
        title: SUPPORT,
        pages: undefined,
        oaUrl: server.url('/fake.pdf'),
        pdfUrl: server.url('/labelled.pdf'),
        abstract: 'Цифровая трансформация малого бизнеса и региональная поддержка.',
      }),
      // Found in our own library (harvested from a repository).
      work({
        id: 'missing',
        provider: 'library:cyberleninka',
        title: 'Цифровая трансформация управления малым бизнесом: обзор',
        pdfUrl: server.url('/missing.pdf'),
        abstract: 'Цифровая трансформация управления малым бизнесом в регионах России: цифровые платформы и поддержка.',
      }),
      ...CATALOGUE.slice(1, 6),
    ];
    // The offline writer, plus one claim its passage does not support in the first subsection.
    const offline = createOfflineWriter();
    const writer: Writer = {
      kind: 'offline',
      async complete(call) {
        if (call.task.kind === 'section')
          offered.set(
            `${call.task.chapter}.${call.task.subsection}`,
            call.task.sources.map((p) => p.id),
          );
        const reply = await offline.complete(call);
        if (call.task.kind !== 'section' || call.task.chapter !== 1 || call.task.subsection !== 1 || !call.task.sources.length)
          return reply;
        return { ...reply, text: `${reply.text}\n\n${INVENTED} [[${call.task.sources[0].id}]].` };
      },
    };
    fakeHitsBefore = server.hits.get('/fake.pdf') ?? 0;
    result = await generatePaper(
      { ...BASE_INPUT, type: 'demo', attachedSources: [...ATTACHED, USER_FILE] },
      {
        writer,
        search: createLocalSearch(works),
        checkpoints: createMemoryCheckpoints(),
        pdf: pool,
        onProgress: () => undefined,
        now: new Date('2025-03-01T12:00:00Z'),
        fullTexts: store,
        fullTextDownloads: LOOPBACK,
      },
    );
  }, 240_000);

  /** "[3, с. 47]" and "[3; 5, с. 12]" in the texts, with the sentence before each. */
  function citations(): { number: number; page: string | null; sentence: string }[] {
    const out: { number: number; page: string | null; sentence: string }[] = [];
    for (const s of result.sections) {
      for (const m of s.text.matchAll(/\[(\d[^\]]*)\]/g)) {
        const before = s.text.slice(0, m.index);
        const sentence = before.slice(Math.max(before.lastIndexOf('. '), before.lastIndexOf('\n')) + 1);
        for (const part of m[1].split(';')) {
          const [, n, page] = /^\s*(\d+)(?:,\s*с\.\s*(\S+))?/.exec(part)!;
          out.push({ number: Number(n), page: page ?? null, sentence });
        }
      }
    }
    return out;
  }

  it("gives the demo's subsections, written at the same time, passages no other one got", () => {
    expect(offered.size).toBeGreaterThan(1);
    const all = [...offered.values()].flat();
    expect(all.length).toBeGreaterThan(offered.size);
    expect(new Set(all).size).toBe(all.length);
  });

  it('reads open full texts once and cites their printed pages', () => {
    expect(result.citations.fullTexts).toBe(2);
    // The PDF link worked, so the open-access landing page was never asked for.
    expect(server.hits.get('/fake.pdf') ?? 0).toBe(fakeHitsBefore);
    expect(server.hits.get('/article.pdf')).toBeGreaterThanOrEqual(1);
    expect(store.keys).toHaveLength(2);
    const article = result.sources.find((s) => s.text.includes(ARTICLE))!;
    const cited = citations().filter((c) => c.number === article.number);
    expect(cited.length).toBeGreaterThan(0);
    for (const c of cited) {
      // Every cited page exists in the article, and the cited page holds the claim's key terms.
      expect(c.page, c.sentence).not.toBeNull();
      const pageText = ARTICLE_PAGES[Number(c.page) - FIRST_PAGE];
      expect(pageText, `page ${c.page}`).toBeDefined();
      expect(sharedTerms(c.sentence, [pageText]), c.sentence).toBeGreaterThanOrEqual(MIN_SHARED_TERMS);
    }
  });

  it('cites a work without a full text without a page, and every page it cites exists', () => {
    const all = citations();
    const byNumber = new Map(result.sources.map((s) => [s.number, s]));
    for (const c of all) {
      const source = byNumber.get(c.number)!;
      expect(source, String(c.number)).toBeDefined();
      if (source.text.includes(SUPPORT)) expect(['101', '102']).toContain(c.page);
      else if (source.text.includes(ARTICLE)) expect(Number(c.page)).toBeGreaterThanOrEqual(FIRST_PAGE);
      else if (source.text.includes('Сидоров')) expect(['201', '202', '203']).toContain(c.page);
      else if (source.verifiedBy === 'user_file') {
        // The attached monograph has no printed numbers: its pages are the pages of the file (12 of them).
        if (c.page) expect(Number(c.page)).toBeLessThanOrEqual(12);
      } else expect(c.page, source.text).toBeNull();
    }
  });

  it("cites the user's PDF by the numbers printed on its pages", () => {
    const file = result.sources.find((s) => s.text.includes('Сидоров'))!;
    const cited = citations().filter((c) => c.number === file.number);
    expect(cited.length).toBeGreaterThan(0);
    for (const c of cited)
      expect(sharedTerms(c.sentence, [USER_PAGES[Number(c.page) - 201]]), c.sentence).toBeGreaterThanOrEqual(MIN_SHARED_TERMS);
  });

  it('rewrites the unsupported claim from its passage (or removes it) and counts it', () => {
    const text = result.sections.map((s) => s.text).join('\n');
    expect(text).not.toContain('Антарктид');
    const { repaired, removed, checked } = result.citations.claims;
    expect(repaired + removed).toBeGreaterThanOrEqual(1);
    expect(checked).toBeGreaterThan(repaired + removed);
  });

  it('lists its sources with where each was verified', () => {
    expect(result.sources.map((s) => s.number)).toEqual(result.bibliography.map((e) => e.number));
    const user = result.sources.filter((s) => s.verifiedBy === 'user_file');
    expect(user.map((s) => s.attachedIndex).sort()).toEqual([0, 1, 2]);
    // A found work is listed only when the text cites it (ГОСТ 7.32-2017, 6.9); the library's is verified as the library's.
    for (const s of result.sources.filter((x) => x.verifiedBy === 'library')) expect(s.url).toBe('https://example.org/missing');
    expect(result.normocontrol.checked).toContain('bibliography.uncited');
    for (const s of result.sources) {
      if (s.verifiedBy === 'doi') expect(s.url).toMatch(/^https:\/\/doi\.org\/10\./);
      if (s.verifiedBy === 'repository' || s.verifiedBy === 'library') expect(s.url).toMatch(/^https:\/\/example\.org\//);
      if (s.verifiedBy === 'user_file') expect(s.url).toBeNull();
    }
  });
});
