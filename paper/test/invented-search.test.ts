/**
 * The development stand-in of the bibliographic databases: it answers any topic with invented
 * works that fit the query, the same every time, enough for a 100-page paper; a paper written
 * from them (a full 80-page one and a demo, on a topic no catalogue has) cites their full texts by
 * printed page like real works, passes normocontrol, and says in every list entry, on the preview
 * and in its AI appendix that they are invented.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_INPUT } from '../dev/fixtures.ts';
import {
  createInventedSearch,
  createMemoryCheckpoints,
  createOfflineWriter,
  createPdfConverterPool,
  generatePaper,
  minimumSources,
  type PaperInput,
  type PaperResult,
} from '../src/index.ts';
import { stems } from '../src/sources/relevance.ts';
import { readZip } from '../src/zip.ts';

const TOPIC = 'Устойчивость сервиса к сбоям';
const NOW = new Date('2026-03-01T12:00:00Z');
const search = createInventedSearch({ now: () => NOW });

describe('the invented search', () => {
  it('answers any query with works made of its words, the same each time, as many as a 100-page paper wants', async () => {
    const works = await search.search({ query: TOPIC, minYear: 1990, limit: 50 });
    expect(works).toHaveLength(50);
    expect(works.length).toBeGreaterThanOrEqual(minimumSources('full', 100));
    const topic = stems(TOPIC);
    for (const w of works) {
      expect(w.invented).toBe(true);
      expect(w.doi ?? w.url ?? w.pdfUrl).toBeUndefined();
      expect(
        [...topic].every((s) => stems(`${w.title} ${w.abstract}`).has(s)),
        w.title,
      ).toBe(true);
      expect(w.authors.length).toBeGreaterThan(0);
      expect(w.year).toBeLessThanOrEqual(2026);
    }
    // Varied: different descriptions, some books among the articles, recent and older years.
    expect(new Set(works.map((w) => `${w.title}|${w.subtitle}|${w.authors[0].family}`)).size).toBe(50);
    expect(new Set(works.map((w) => w.kind))).toEqual(new Set(['article', 'book']));
    expect(works.filter((w) => w.year >= 2017).length).toBeGreaterThanOrEqual(25);
    expect(await search.search({ query: TOPIC, minYear: 1990, limit: 50 })).toEqual(works);
    const other = await search.search({ query: 'Развитие электронной коммерции в малых городах России', minYear: 1990, limit: 50 });
    expect(other[0].title).toBe('Развитие электронной коммерции в малых городах России');
    expect(other.map((w) => w.id)).not.toContain(works[0].id);
  });

  it('keeps to the minimum year and the limit, and answers English in English', async () => {
    const recent = await search.search({ query: TOPIC, minYear: 2024, limit: 50 });
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.length).toBeLessThan(15);
    expect(recent.every((w) => w.year >= 2024)).toBe(true);
    expect(await search.search({ query: TOPIC, minYear: 1990, limit: 7 })).toHaveLength(7);
    const english = await search.search({ query: 'service resilience to failures', minYear: 1990, limit: 25 });
    expect(english.length).toBeGreaterThan(10);
    expect(english.every((w) => w.language === 'en' && /resilience/i.test(w.title))).toBe(true);
  });

  it('finds nothing for a query of framing words only, as no topic is asked', async () => {
    expect(await search.search({ query: 'Теоретические основы исследования', minYear: 1990, limit: 25 })).toEqual([]);
  });
});

const pool = createPdfConverterPool({ size: 2 });
const papers: Record<'full' | 'demo', PaperResult> = {} as never;

function write(input: Partial<PaperInput>): Promise<PaperResult> {
  return generatePaper(
    { ...BASE_INPUT, topic: TOPIC, attachedSources: [], minPublicationYear: 1990, aiAppendix: true, ...input },
    { writer: createOfflineWriter(), search: [search], checkpoints: createMemoryCheckpoints(), pdf: pool, onProgress: () => {}, now: NOW },
  );
}

beforeAll(async () => {
  [papers.full, papers.demo] = await Promise.all([write({ type: 'full', requiredVolume: 80 }), write({ type: 'demo' })]);
});
afterAll(() => pool.close());

describe('a paper from invented works', () => {
  it('is delivered: the volume, normocontrol, a full list for a full paper', () => {
    expect(papers.full.volume.withinTolerance).toBe(true);
    expect(papers.full.pageCount).toBeGreaterThanOrEqual(76);
    expect(papers.demo.pageCount).toBeGreaterThanOrEqual(10);
    for (const paper of Object.values(papers)) expect(paper.normocontrol.issues).toEqual([]);
    expect(papers.full.bibliography.length).toBeGreaterThanOrEqual(minimumSources('full', 80));
    expect(papers.demo.bibliography.length).toBeGreaterThan(0);
  });

  it('cites their full texts by printed pages that lie within each article', () => {
    for (const paper of Object.values(papers)) {
      // Every work found was read from its full text (the listed ones among them).
      expect(paper.citations.fullTexts).toBeGreaterThanOrEqual(paper.sources.length);
      const text = paper.sections.map((s) => s.text).join('\n');
      const cited = [...text.matchAll(/\[(\d+), с\.\u00A0(\d+)\]/g)].map((m) => ({ n: Number(m[1]), page: Number(m[2]) }));
      expect(cited.length).toBeGreaterThan(paper === papers.full ? 50 : 3);
      for (const { n, page } of cited) {
        const entry = paper.bibliography.find((e) => e.number === n)!.text;
        const range = /С\.\u00A0(\d+)–(\d+)/.exec(entry);
        if (range) expect(page, entry).toBeGreaterThanOrEqual(Number(range[1]));
        if (range) expect(page, entry).toBeLessThanOrEqual(Number(range[2]));
      }
      expect(paper.citations.claims.removed).toBe(0);
    }
  });

  it('marks every invented work in its list entry, on the preview and in the AI appendix', async () => {
    for (const paper of Object.values(papers)) {
      for (const e of paper.bibliography)
        expect(e.text).toMatch(/– Вымышленная запись режима разработки: такой публикации не существует\.$/);
      expect(new Set(paper.sources.map((s) => s.verifiedBy))).toEqual(new Set(['invented']));
      const xml = (await readZip(paper.docx, (n) => n === 'word/document.xml')).get('word/document.xml')!.toString();
      const body = [...xml.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
      expect(body).toContain(`${paper.bibliography.length} источник`);
      expect(body).toMatch(/списка — вымышленные записи \(отмечены в списке\): сервис работал без библиографических баз данных/);
    }
  });
});
