/**
 * The coverage scenario set's corpora (test/support/coverage-corpus.ts) and the simulated model's
 * dictionary (dev/translations.ts): every English word of the stand-in corpora is in the
 * dictionary and every English sentence is retold in Russian with its terms and figures; each
 * corpus holds what it declares (relevant Russian and English works, off-topic ones, open PDFs,
 * distinct DOIs, relevant works naming the topic's object and off-topic ones never); and the
 * engine's merged search against the real stand-ins finds every relevant work.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { contentWords, EN_RU, retellInRussian, translateTerm } from '../dev/translations.ts';
import { searchWorks } from '../src/sources/find-works.ts';
import { queriesForTopic } from '../src/sources/queries.ts';
import { createCrossrefSearch } from '../src/sources/search/crossref.ts';
import { abstractFromIndex, createOpenAlexSearch } from '../src/sources/search/openalex.ts';
import {
  COVERAGE,
  coverageCorpus,
  coverageMinimum,
  englishTextsOf,
  OUTLINE_QUERIES,
  type CoverageCorpus,
} from './support/coverage-corpus.ts';
import { startCrossrefStandIn, type CrossrefRecord } from './support/crossref-stand-in.ts';
import { startOpenAlexStandIn, type OpenAlexRecord } from './support/openalex-stand-in.ts';
import { makePdf } from './support/pdf-server.ts';
import { matches, type StandIn } from './support/stand-in-server.ts';
import { ECONOMICS, LAW, PEDAGOGY } from './support/topic-corpus.ts';

const standIns: StandIn[] = [];
afterEach(async () => {
  await Promise.all(standIns.splice(0).map((s) => s.close()));
});

/** The PDFs are not fetched by the search: any address will do. */
const NO_SERVER = (path: string) => `http://127.0.0.1:9${path}`;

const corpora = COVERAGE.map((spec) => coverageCorpus(spec));

/** Every English text of the stand-in corpora: topic-corpus.ts's three topics and the coverage set. */
const englishTexts = [
  ...[ECONOMICS, LAW, PEDAGOGY].flatMap((spec) => [...spec.englishTitles, ...spec.englishSentences]),
  ...corpora.flatMap(englishTextsOf),
];
const englishSentences = [...new Set(englishTexts.flatMap((text) => text.split(/(?<=[.!?])\s+/)))];

/** A record as the engine reads it: the DOI, the language, the text it is judged by, the PDF link. */
interface RecordView {
  database: 'openalex' | 'crossref';
  doi: string;
  language: string;
  year: number;
  title: string;
  abstract: string;
  pdfUrl: string | null;
}

function recordViews(corpus: CoverageCorpus): RecordView[] {
  const { openalex, crossref } = corpus.records(NO_SERVER);
  return [
    ...openalex.map((r: OpenAlexRecord): RecordView => ({
      database: 'openalex',
      doi: (r.doi ?? '').replace('https://doi.org/', '').toLowerCase(),
      language: r.language,
      year: r.publication_year,
      title: r.title,
      abstract: abstractFromIndex(r.abstract_inverted_index) ?? '',
      pdfUrl: r.best_oa_location?.pdf_url ?? null,
    })),
    ...crossref.map((r: CrossrefRecord): RecordView => ({
      database: 'crossref',
      doi: r.DOI.toLowerCase(),
      language: r.language ?? '',
      year: r.issued['date-parts'][0][0],
      title: r.title.join(' '),
      abstract: (r.abstract ?? '').replace(/<[^>]+>/g, ''),
      pdfUrl: null,
    })),
  ];
}

const lower = (dois: string[]) => new Set(dois.map((d) => d.toLowerCase()));

describe('the dictionary of the simulated model (dev/translations.ts)', () => {
  it('knows every English content word of the stand-in corpora, in every inflection that occurs', () => {
    const missing = [...new Set(englishTexts.flatMap(contentWords))].filter((word) => !EN_RU[word]).sort();
    expect(missing, `not in EN_RU: ${missing.join(', ')}`).toEqual([]);
  });

  it('retells every English sentence in Russian: no Latin letter, every figure and every term kept', () => {
    const failures: string[] = [];
    for (const sentence of englishSentences) {
      const russian = retellInRussian(sentence);
      if (/[A-Za-z]/.test(russian)) failures.push(`Latin in «${russian}» (${sentence})`);
      for (const figure of sentence.match(/\d+(?:[.,]\d+)?/g) ?? [])
        if (!russian.includes(figure)) failures.push(`figure ${figure} lost in «${russian}» (${sentence})`);
      if (sentence.includes('%') && !russian.includes('%')) failures.push(`«%» lost in «${russian}» (${sentence})`);
      // A term's Russian is there up to its ending (an adjective agrees with its noun).
      for (const word of contentWords(sentence))
        for (const term of EN_RU[word]?.split(' ') ?? []) {
          const stem = term.replace(/(?:ый|ий|ой|ая|ое|ые|ие)(?:ся)?$/, '');
          if (!russian.toLowerCase().includes(stem)) failures.push(`«${word}» (${term}) lost in «${russian}» (${sentence})`);
        }
    }
    expect(failures).toEqual([]);
  });

  it('translates a term word by word, adjectives agreeing, and knows when it cannot', () => {
    expect(translateTerm('digital transformation')).toBe('цифровая трансформация');
    expect(translateTerm('small businesses')).toBe('малые предприятия');
    expect(translateTerm('cloud accounting')).toBe('облачный учёт');
    expect(translateTerm('the emerging economies')).toBe('развивающиеся экономики');
    expect(translateTerm('digital quantum accounting')).toBeNull();
    expect(retellInRussian('Small firms that adopt cloud accounting reduce the cost of managing their business.')).toBe(
      'малые фирмы, внедряют облачный учёт снижают затраты управление бизнес',
    );
    expect(retellInRussian('The share of small firms using cloud accounting rose from 14% to 31%.')).toBe(
      'доля малые фирмы использующие облачный учёт выросла с 14 % до 31 %',
    );
  });
});

describe('the coverage corpora (test/support/coverage-corpus.ts)', () => {
  it('are at least eight, of different make-up, on two topics, one of them below the minimum', () => {
    expect(COVERAGE.length).toBeGreaterThanOrEqual(8);
    expect(new Set(COVERAGE.map((s) => s.name)).size).toBe(COVERAGE.length);
    expect(new Set(COVERAGE.map((s) => s.topic)).size).toBe(2);
    expect(new Set(COVERAGE.map((s) => `${s.russian}/${s.english}/${s.offTopic}/${s.type}`)).size).toBe(COVERAGE.length);
    for (const spec of COVERAGE)
      expect(spec.expect, spec.name).toBe(spec.russian + spec.english >= coverageMinimum(spec) ? 'paper' : 'refusal');
    expect(COVERAGE.filter((s) => s.expect === 'refusal').length).toBe(1);
  });

  describe.each(corpora.map((corpus) => [corpus.spec.name, corpus] as const))('%s', (_, corpus) => {
    const { spec } = corpus;
    const views = recordViews(corpus);
    const relevant = lower(corpus.relevantDois);
    const offTopic = lower(corpus.offTopicDois);
    const bare = lower(corpus.bareDois);

    it('holds the works it declares: relevant Russian and English, off-topic, bare, open PDFs', () => {
      const count = (keep: (v: RecordView) => boolean) => views.filter(keep).length;
      expect(count((v) => relevant.has(v.doi) && v.language === 'ru')).toBe(spec.russian);
      expect(count((v) => relevant.has(v.doi) && v.language === 'en')).toBe(spec.english);
      expect(count((v) => offTopic.has(v.doi))).toBe(spec.offTopic);
      expect(count((v) => bare.has(v.doi))).toBe(spec.bare ?? 0);
      expect(views.length).toBe(spec.russian + spec.english + spec.offTopic + (spec.bare ?? 0));
      expect(lower(corpus.englishDois)).toEqual(new Set(views.filter((v) => relevant.has(v.doi) && v.language === 'en').map((v) => v.doi)));
      expect(corpus.counts).toEqual({
        russian: spec.russian,
        english: spec.english,
        offTopic: spec.offTopic,
        openPdfs: spec.fullTexts.russian + spec.fullTexts.english,
      });
      const linked = views.filter((v) => v.pdfUrl);
      expect(linked.every((v) => relevant.has(v.doi))).toBe(true);
      expect(linked.filter((v) => v.language === 'ru').length).toBe(spec.fullTexts.russian);
      expect(linked.filter((v) => v.language === 'en').length).toBe(spec.fullTexts.english);
      expect(Object.keys(corpus.pdfs).map(NO_SERVER).sort()).toEqual(linked.map((v) => v.pdfUrl).sort());
      // Every relevant and off-topic work has an abstract; a bare one has nothing to cite.
      for (const v of views) expect(v.abstract.length > 0, v.doi).toBe(!bare.has(v.doi));
    });

    it('has distinct DOIs, titles and authors, about two thirds of the records in OpenAlex', () => {
      expect(new Set(views.map((v) => v.doi)).size).toBe(views.length);
      expect(new Set(corpus.works.map((w) => w.title)).size).toBe(corpus.works.length);
      expect(new Set(corpus.works.map((w) => w.authors.join(', '))).size).toBe(corpus.works.length);
      const share = views.filter((v) => v.database === 'openalex').length / views.length;
      expect(share).toBeGreaterThan(0.6);
      expect(share).toBeLessThan(0.8);
      for (const w of corpus.works) {
        const cyrillic = w.authors.every((a) => /^[А-ЯЁ][а-яё]+ [А-ЯЁ]\.[А-ЯЁ]\.$/.test(a));
        const latin = w.authors.every((a) => /^[A-Z][a-z]+ [A-Z][a-z]+$/.test(a));
        expect(w.language === 'ru' ? cyrillic : latin, w.authors.join(', ')).toBe(true);
      }
    });

    it('has relevant works from 2012 to 2025, at least 60 % of them from 2016 on', () => {
      const years = views.filter((v) => relevant.has(v.doi)).map((v) => v.year);
      expect(Math.min(...years)).toBeGreaterThanOrEqual(2012);
      expect(Math.max(...years)).toBeLessThanOrEqual(2025);
      expect(years.filter((y) => y >= 2016).length / years.length).toBeGreaterThanOrEqual(0.6);
    });

    it('has every relevant work name the topic’s object and no off-topic work any word of it', () => {
      for (const v of views) {
        const text = `${v.title} ${v.abstract}`;
        const language = v.language === 'ru' ? 'ru' : 'en';
        if (relevant.has(v.doi) || bare.has(v.doi)) expect(corpus.object[language].test(text), text).toBe(true);
        if (offTopic.has(v.doi)) expect(corpus.objectRoot[language].test(text), text).toBe(false);
      }
    });

    it('has abstracts of 2–3 sentences, a figure with what it counts in about a third of them', () => {
      const abstracts = views.filter((v) => relevant.has(v.doi)).map((v) => v.abstract);
      for (const a of abstracts) expect(a.split(/(?<=\.)\s+(?=[A-ZА-ЯЁ])/u).length, a).toBeGreaterThanOrEqual(2);
      for (const a of abstracts) expect(a.split(/(?<=\.)\s+(?=[A-ZА-ЯЁ])/u).length, a).toBeLessThanOrEqual(3);
      const withFigures = abstracts.filter((a) => /\d+\s?%|\d+ (?:дней|days)/.test(a)).length;
      expect(withFigures).toBeGreaterThanOrEqual(Math.floor(abstracts.length / 3));
      expect(withFigures).toBeLessThanOrEqual(Math.ceil(abstracts.length / 2));
    });

    it('prints 4–6 pages in each open PDF, numbered as the record’s pages, two paragraphs each', async () => {
      for (const w of corpus.works.filter((x) => x.pdf)) {
        const pdf = corpus.pdfs[w.pdf!];
        expect(pdf.pages.length).toBe(w.lastPage - w.firstPage + 1);
        expect(pdf.pages.length).toBeGreaterThanOrEqual(4);
        expect(pdf.pages.length).toBeLessThanOrEqual(6);
        pdf.pages.forEach((lines, k) => {
          expect(lines.at(-1)).toBe(String(w.firstPage + k));
          expect(lines.filter((line) => line === '').length).toBe(2);
        });
        // The PDF server's font takes at most 127 distinct non-ASCII characters.
        await expect(makePdf(pdf)).resolves.toBeInstanceOf(Uint8Array);
      }
    });

    it('lets a query of the topic or of the outline reach every relevant and off-topic record within 25 results', () => {
      const queries = [spec.topic, ...queriesForTopic(spec.topic).en, ...OUTLINE_QUERIES];
      for (const database of ['openalex', 'crossref'] as const) {
        const list = views.filter((v) => v.database === database);
        const reached = new Set(
          queries.flatMap((q) =>
            list
              .filter((v) => matches(q, `${v.title} ${v.abstract}`))
              .slice(0, 25)
              .map((v) => v.doi),
          ),
        );
        const unreached = list.filter((v) => (relevant.has(v.doi) || offTopic.has(v.doi)) && !reached.has(v.doi)).map((v) => v.doi);
        expect(unreached, database).toEqual([]);
      }
    });

    it('is found whole by the engine’s merged search of the topic (OpenAlex and Crossref stand-ins)', async () => {
      const { openalex, crossref } = corpus.records(NO_SERVER);
      const openalexStandIn = await startOpenAlexStandIn({ works: openalex });
      standIns.push(openalexStandIn);
      const crossrefStandIn = await startCrossrefStandIn({ works: crossref });
      standIns.push(crossrefStandIn);
      const queries = queriesForTopic(spec.topic);
      const outcome = await searchWorks({
        providers: [createOpenAlexSearch({ baseUrl: openalexStandIn.url }), createCrossrefSearch({ baseUrl: crossrefStandIn.url })],
        queries,
        topicText: { ru: spec.topic, en: queries.en.join(' ') },
        topic: spec.topic,
        perQuery: 60,
        minYear: 2010,
        maxYear: 2025,
        want: 60,
        recentFrom: 2016,
      });
      expect(outcome.failures).toEqual([]);
      const found = lower(outcome.candidates.map((w) => w.doi ?? ''));
      expect([...relevant].filter((doi) => !found.has(doi))).toEqual([]);
    });
  });
});
