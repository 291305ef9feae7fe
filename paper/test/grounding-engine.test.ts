/**
 * A misbehaving model's defects do not reach the delivered .docx: a demo written through the LLM
 * writer by the adversarial simulated model (dev/misbehaving-llm.ts: invented authors and works
 * named without a citation, its own list without a heading, figures moved between sentences,
 * general sentences with a citation, a paragraph repeated verbatim, a judge that approves every
 * claim, garbage answers) against stand-ins of OpenAlex, Crossref and a repository whose PDFs
 * start with a cover sheet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../dev/fake-llm.ts';
import { INVENTED, SCENARIOS, wellBehavedModel } from '../dev/misbehaving-llm.ts';
import {
  checkDocx,
  createLlmWriter,
  createMemoryCheckpoints,
  createMemoryFullTexts,
  createPdfConverterPool,
  generatePaper,
} from '../src/index.ts';
import type { PaperResult } from '../src/index.ts';
import { FULL_TEXT_LIMITS } from '../src/passages/full-texts.ts';
import { readZip } from '../src/zip.ts';
import { startCorpusStandIns } from './support/corpus-stand-ins.ts';
import { ECONOMICS, topicCorpus } from './support/topic-corpus.ts';

const pool = createPdfConverterPool({ size: 1 });
const closers: (() => Promise<void>)[] = [];
let result: PaperResult;
let text: string;
let llm: FakeLlm;

beforeAll(async () => {
  const stand = await startCorpusStandIns(topicCorpus(ECONOMICS, { coverSheets: true }));
  const model = wellBehavedModel();
  const adversarial = SCENARIOS.find((s) => s.name === 'adversarial')!.make();
  llm = await startFakeLlm({
    apiKey: 'k',
    tokensPerSecond: 2000,
    behave: adversarial.behave,
    answer: (req) => adversarial.answer!(req, model(req)),
  });
  closers.push(stand.close, llm.close);
  result = await generatePaper(
    {
      topic: ECONOMICS.topic,
      type: 'demo',
      tariff: 'basic',
      useFootnotes: false,
      separateBibliography: false,
      minPublicationYear: 2010,
      requiredVolume: 80,
      userStructure: null,
      attachedSources: [],
    },
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
    },
  );
  const xml = (await readZip(result.docx, (n) => n === 'word/document.xml')).get('word/document.xml')!.toString();
  text = [...xml.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
}, 240_000);

afterAll(async () => {
  for (const close of closers) await close();
  await pool.close();
});

describe('a demo by a model that invents, misattributes and repeats', () => {
  it('was written through garbage answers (each retried) and an approving judge', () => {
    // A garbage first answer is asked again.
    expect(llm.log.filter((e) => e.attempt === 2).length).toBeGreaterThan(0);
    expect(llm.log.some((e) => e.key.startsWith('verify:'))).toBe(true);
  });

  it('names no invented author or work, and carries no list of the model’s own', () => {
    for (const invented of [
      'Смирнягин',
      'Haverford',
      'Колокольц',
      'Лындин',
      'Грачёв',
      'Платформенная экономика малого города',
      'Вертинская',
      'Литература:',
    ])
      expect(text, invented).not.toContain(invented);
    expect(result.citations.grounding.names).toBeGreaterThan(0);
  });

  it('cites no cover sheet, and no general sentence the approving judge let through', () => {
    // Every open PDF's cover sheet would have been numbered the page before the article's first.
    for (const m of text.matchAll(/\[(\d+), с\.\u00A0(\d+)\]/g)) {
      const entry = result.bibliography.find((e) => e.number === Number(m[1]))!;
      const range = /С\.\u00A0(\d+)–(\d+)/.exec(entry.text);
      if (range) expect(Number(m[2])).toBeGreaterThanOrEqual(Number(range[1]));
    }
    const { removed, citationsRemoved, repaired } = result.citations.claims;
    expect(removed + citationsRemoved + repaired).toBeGreaterThan(0);
  });

  it('keeps the paragraph it repeated in the introduction and 1.2 once, and cites every listed work', () => {
    expect(text.split(INVENTED.paragraph.slice(0, 80)).length - 1).toBe(1);
    expect(result.citations.grounding.repeatedParagraphs).toBeGreaterThanOrEqual(1);
    for (const e of result.bibliography) expect(text).toMatch(new RegExp(`\\[(?:[^\\]]*;\\s*)?${e.number}(?:,|\\]|;)`));
  });

  it('passes its normocontrol, uncited entries included', async () => {
    const report = await checkDocx(result.docx);
    expect(report.issues).toEqual([]);
    expect(report.checked).toContain('bibliography.uncited');
  });
});
