/**
 * A paper whenever its sources hold the minimum (issue 27), against stand-ins of OpenAlex, Crossref
 * and a repository serving corpora of test/support/coverage-corpus.ts:
 *  - 40 relevant works, 25 Russian and 15 English (15 open PDFs), written by a model that retells
 *    its passages faithfully (the English ones in Russian): the full paper lists at least 30, the
 *    English works among them (no longer refused at 25 of 40 with only the Russian ones listed);
 *  - exactly the demo's 8 relevant works, with 5 off-topic ones that share the query's words and
 *    2 bare records, written by the adversarial model (invented authors, figures moved between
 *    sentences, an approving judge, garbage answers): the demo lists all 8 (no longer 7 of 8: a
 *    statement it invented a name in is repaired from its passage, not dropped with its
 *    citation), and no off-topic work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm } from '../dev/fake-llm.ts';
import { SCENARIOS, wellBehavedModel } from '../dev/misbehaving-llm.ts';
import { createLlmWriter, createMemoryCheckpoints, createMemoryFullTexts, createPdfConverterPool, generatePaper } from '../src/index.ts';
import type { PaperResult } from '../src/index.ts';
import { FULL_TEXT_LIMITS } from '../src/passages/full-texts.ts';
import { FOREIGN_SHARE } from '../src/sources/minimums.ts';
import { readZip } from '../src/zip.ts';
import { EVIDENCE_QUOTE_CHARS } from '@app/contract';
import { COVERAGE, coverageCorpus, type CoverageCorpus } from './support/coverage-corpus.ts';
import { startCorpusStandIns } from './support/corpus-stand-ins.ts';
import { benchPaperInput } from './support/topic-corpus.ts';

const pool = createPdfConverterPool({ size: 1 });
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
  await pool.close();
});

/** A paper of the corpus's type on its topic, by a scenario of dev/misbehaving-llm.ts over the well-behaved model (each written once). */
const papers = new Map<string, Promise<{ corpus: CoverageCorpus; result: PaperResult }>>();
const paperOn = (name: string, scenario: string) => {
  const key = `${name}/${scenario}`;
  if (!papers.has(key)) papers.set(key, writePaper(name, scenario));
  return papers.get(key)!;
};

async function writePaper(name: string, scenario: string): Promise<{ corpus: CoverageCorpus; result: PaperResult }> {
  const corpus = coverageCorpus(COVERAGE.find((c) => c.name === name)!);
  const stand = await startCorpusStandIns(corpus);
  const model = wellBehavedModel();
  const behaviour = SCENARIOS.find((s) => s.name === scenario)!.make();
  const llm = await startFakeLlm({
    apiKey: 'k',
    tokensPerSecond: 4000,
    behave: behaviour.behave,
    answer: (req) => (behaviour.answer ? behaviour.answer(req, model(req)) : model(req)),
  });
  closers.push(stand.close, llm.close);
  const result = await generatePaper(
    { ...benchPaperInput(corpus.spec.topic), type: corpus.spec.type },
    {
      writer: createLlmWriter({
        baseURL: llm.url,
        apiKey: 'k',
        models: { basic: 'sim', professional: 'sim' },
        retryBaseMs: 10,
        retryMaxMs: 50,
      }),
      search: stand.search(),
      checkpoints: createMemoryCheckpoints(),
      pdf: pool,
      onProgress: () => undefined,
      now: new Date('2025-03-01T12:00:00Z'),
      fullTexts: createMemoryFullTexts(),
      fullTextDownloads: { ...FULL_TEXT_LIMITS, loopback: true },
      streams: 10,
    },
  );
  return { corpus, result };
}

const doiUrls = (dois: string[]) => new Set(dois.map((d) => `https://doi.org/${d}`));

describe('a full paper on 40 relevant works, a third of them English, by a model that retells them faithfully', () => {
  let corpus: CoverageCorpus;
  let result: PaperResult;
  beforeAll(async () => {
    ({ corpus, result } = await paperOn('ru25-en15-full', 'well-behaved'));
  }, 300_000);

  it('is delivered with at least the 30 works a full paper needs, every listed work cited', () => {
    expect(result.sources.length).toBeGreaterThanOrEqual(30);
    expect(result.normocontrol.issues).toEqual([]);
  });

  it('lists the English works, as many as the foreign share asks at least, told in Russian through the glossary', () => {
    const english = doiUrls(corpus.englishDois);
    const listed = result.sources.filter((s) => s.url && english.has(s.url));
    expect(listed.length).toBeGreaterThanOrEqual(Math.round(result.sources.length * FOREIGN_SHARE));
    expect(result.citations.glossary.length).toBeGreaterThan(10);
    // The body is Russian: the English passages are retold, not quoted.
    const body = result.sections
      .filter((s) => /^\d+\.\d+$/.test(s.key))
      .map((s) => s.text)
      .join(' ');
    expect((body.match(/[A-Za-z]+/g) ?? []).length).toBeLessThan(body.split(/\s+/).length / 50);
  });
});

describe('«Отчёт об источниках» of that paper', () => {
  let corpus: CoverageCorpus;
  let result: PaperResult;
  beforeAll(async () => {
    ({ corpus, result } = await paperOn('ru25-en15-full', 'well-behaved'));
  }, 300_000);
  const squeeze = (s: string) => s.replace(/[\s\u00A0]+/g, ' ').trim();

  it('has exactly one entry per citation of the text, in its order, each work inside a bracket apart', () => {
    const brackets = result.sections.flatMap((s) => [
      ...s.text.matchAll(/\[(\d+(?:,\s*с\.\s*[\d–-]+)?(?:;\s*\d+(?:,\s*с\.\s*[\d–-]+)?)*)\]/g),
    ]);
    const cited = brackets.flatMap((m) => m[1].split(';').map((part) => Number(/\d+/.exec(part)![0])));
    const { entries } = result.evidence.report;
    expect(entries.map((e) => e.work)).toEqual(cited);
    expect(entries.map((e) => e.n)).toEqual(entries.map((_, i) => i + 1));
    for (const e of entries) expect(e.quote.length).toBeLessThanOrEqual(EVIDENCE_QUOTE_CHARS);
  });

  it('quotes each citation verbatim from the cited printed page of the work (its abstract without a page), its figures inside', () => {
    const byDoi = new Map(corpus.works.map((w) => [w.doi, w]));
    for (const e of result.evidence.report.entries) {
      const work = byDoi.get(e.doi!)!;
      expect(work, e.title).toBeDefined();
      let source: string;
      if (e.page === null) source = work.abstract!;
      else {
        const pages = corpus.pdfs[work.pdf!].pages;
        source = pages[Number(e.page) - work.firstPage].join(' ');
      }
      expect(squeeze(source), `${e.n}: ${e.quote}`).toContain(squeeze(e.quote));
      for (const f of e.figures) expect(f.found, `${e.n}: ${f.value} in «${e.quote}»`).toBe(true);
      expect(e.keyTerms.length * 2).toBeGreaterThanOrEqual(e.keyTermsTotal);
    }
  });

  it('sums up what the run counted, and comes as a .docx and a PDF', async () => {
    const { summary, works } = result.evidence.report;
    const { claims, grounding } = result.citations;
    expect(summary).toEqual({
      citations: result.evidence.report.entries.length,
      works: result.sources.length,
      fullTexts: works.filter((w) => w.fullText).length,
      repaired: claims.repaired + grounding.repaired,
      rewritten: claims.rewritten + grounding.rewritten,
      removed: claims.removed + grounding.removed,
    });
    expect(summary.fullTexts).toBeGreaterThan(0);
    expect(result.evidence.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const xml = (await readZip(result.evidence.docx, (n) => n === 'word/document.xml')).get('word/document.xml')!.toString();
    expect(xml).toContain('ОТЧЁТ ОБ ИСТОЧНИКАХ');
  });
});

describe('a demo on exactly its minimum of relevant works, among off-topic ones, by the adversarial model', () => {
  let corpus: CoverageCorpus;
  let result: PaperResult;
  beforeAll(async () => {
    ({ corpus, result } = await paperOn('ru6-en2-off5-min-demo', 'adversarial'));
  }, 300_000);

  it('lists all 8 relevant works: an invented name is repaired out of a statement, its citation kept', () => {
    const relevant = doiUrls(corpus.relevantDois);
    expect(result.sources.filter((s) => s.url && relevant.has(s.url))).toHaveLength(8);
    const { claims, grounding } = result.citations;
    expect(claims.repaired + grounding.repaired).toBeGreaterThan(0);
  });

  it('lists no work off the topic', () => {
    const offTopic = doiUrls(corpus.offTopicDois);
    expect(result.sources.filter((s) => s.url && offTopic.has(s.url))).toEqual([]);
  });
});
