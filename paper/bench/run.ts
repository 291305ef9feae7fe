/**
 * Benchmark (prints figures, asserts nothing):
 *  1. typesetting a 120-page paper: .docx build time, one PDF conversion, the full layout with
 *     contents verified against the PDF;
 *  2. a full 80-page paper, and 3. a demo, written by the well-behaved simulated model through a
 *     local OpenAI-compatible server answering at 60 tokens/s per stream after 1 s to the first
 *     token, 10 streams at once: wall time beside the critical-path bound of that same simulation
 *     (the longest chain of dependent calls, bench/critical-path.ts, plus the PDF conversions).
 */
import { performance } from 'node:perf_hooks';
import { startFakeLlm } from '../dev/fake-llm.ts';
import { ATTACHED, CATALOGUE, TOPIC } from '../dev/fixtures.ts';
import { wellBehavedModel } from '../dev/misbehaving-llm.ts';
import {
  createLlmWriter,
  createLocalSearch,
  createMemoryCheckpoints,
  createMemoryFullTexts,
  createOfflineWriter,
  createPdfConverterPool,
  generatePaper,
} from '../src/index.ts';
import { FULL_TEXT_LIMITS } from '../src/passages/full-texts.ts';
import { startCorpusStandIns } from '../test/support/corpus-stand-ins.ts';
import { benchPaperInput, ECONOMICS, topicCorpus } from '../test/support/topic-corpus.ts';
import { criticalPath } from './critical-path.ts';
import type { PdfConverter } from '../src/index.ts';
import { STAGES as STAGE_NAMES } from '../src/progress.ts';
import { buildDocx } from '../src/typeset/docx.ts';
import { layoutPaper } from '../src/layout/index.ts';
import { readPdf } from '../src/pdf/bookmarks.ts';
import type { DocModel, Para } from '../src/typeset/types.ts';

const s = (ms: number) => `${(ms / 1000).toFixed(1)} с`;
const RATE = 60;
const FIRST_MS = 1000;
const CHARS_PER_TOKEN = 4;

/** A converter that also records how long each conversion took. */
function timed(pool: PdfConverter): PdfConverter & { times: number[] } {
  const times: number[] = [];
  return {
    times,
    stats: pool.stats,
    close: () => pool.close(),
    async convert(docx, o) {
      const t = performance.now();
      try {
        return await pool.convert(docx, o);
      } finally {
        times.push(performance.now() - t);
      }
    },
  };
}

async function model120(): Promise<DocModel> {
  // The text of a 120-page paper from the offline writer, with footnotes, as the engine would lay it out.
  const pool = createPdfConverterPool({ size: 1 });
  try {
    const r = await generatePaper(
      {
        topic: TOPIC,
        type: 'full',
        tariff: 'basic',
        useFootnotes: true,
        separateBibliography: true,
        minPublicationYear: 2015,
        requiredVolume: 120,
        userStructure: null,
        attachedSources: ATTACHED,
      },
      {
        writer: createOfflineWriter(),
        search: createLocalSearch(CATALOGUE),
        checkpoints: createMemoryCheckpoints(),
        pdf: pool,
        onProgress: () => {},
        now: new Date('2025-03-01'),
      },
    );
    const para = (text: string): Para[] =>
      text.split('\n\n').map((p) => {
        const out: Para = [];
        for (const piece of p.split(/ \(сноска: (.*?)\)/))
          out.push(out.length % 2 === 0 ? { kind: 'text', text: piece } : { kind: 'footnote', text: piece });
        return out;
      });
    const byKey = new Map(r.sections.map((x) => [x.key, x.text]));
    return {
      kind: 'full',
      writer: 'offline',
      title: r.title,
      annotation: r.annotation,
      keywords: r.keywords,
      year: 2025,
      introduction: para(byKey.get('introduction')!),
      chapters: r.outline.chapters.map((c, ci) => ({
        number: ci + 1,
        title: c.title,
        written: true,
        subsections: c.subsections.map((t, si) => ({
          number: `${ci + 1}.${si + 1}`,
          title: t,
          paragraphs: para(byKey.get(`${ci + 1}.${si + 1}`)!),
        })),
      })),
      conclusion: para(byKey.get('conclusion')!),
      bibliography: {
        entries: r.bibliography.map((e) => ({ number: e.number, text: e.text })),
        groups: null,
      },
    };
  } finally {
    await pool.close();
  }
}

async function typesetBench(): Promise<void> {
  console.log('1. Вёрстка работы на 120 страниц');
  const model = await model120();
  const pool = timed(createPdfConverterPool({ size: 1 }));
  try {
    await pool.convert(await buildDocx(model, { pages: new Map() })); // warm-up: LibreOffice profile
    let t = performance.now();
    const docx = await buildDocx(model, { pages: new Map() });
    const docxMs = performance.now() - t;
    t = performance.now();
    const pdf = await pool.convert(docx);
    const pdfMs = performance.now() - t;
    const pages = (await readPdf(pdf)).pageCount;
    t = performance.now();
    const laid = await layoutPaper(model, pool);
    const layoutMs = performance.now() - t;
    console.log(`   страниц: ${pages}, .docx ${(docx.length / 1024).toFixed(0)} КБ`);
    console.log(`   .docx (docx): ${s(docxMs)}`);
    console.log(`   .docx -> PDF (LibreOffice, один проход): ${s(pdfMs)}`);
    console.log(`   вёрстка с проверкой содержания по PDF: ${s(layoutMs)} (${laid.conversions} прохода LibreOffice)`);
  } finally {
    await pool.close();
  }
}

/** The model's streams at once: the tariff's quota of a production installation. */
const STREAMS = 10;
/** The targets: the full paper's wall time and its ratio to the critical path, the demo's (issue 27); the evidence report's time (issue 28). */
const TARGETS = { fullSeconds: 120, pathRatio: 1.3, demoSeconds: 30, evidenceSeconds: 2 };

/**
 * A paper written through a local OpenAI-compatible server by the well-behaved simulated model
 * (dev/misbehaving-llm.ts: it retells its passages, cites them, translates the foreign ones) at
 * RATE tokens/s per stream after FIRST_MS, STREAMS at once, against stand-ins of OpenAlex,
 * Crossref and a repository of open PDFs (the economics corpus of test/support/topic-corpus.ts).
 */
async function llmBench(type: 'demo' | 'full'): Promise<void> {
  const stand = await startCorpusStandIns(topicCorpus(ECONOMICS));
  const model = wellBehavedModel();
  const server = await startFakeLlm({
    tokensPerSecond: RATE,
    firstTokenMs: FIRST_MS,
    charsPerToken: CHARS_PER_TOKEN,
    answer: (req) => model(req),
  });
  const pool = timed(createPdfConverterPool({ size: 1 }));
  await pool.convert(
    await buildDocx(
      {
        kind: 'demo',
        writer: 'llm',
        title: 'разогрев',
        annotation: '',
        keywords: [],
        year: 2025,
        introduction: [],
        chapters: [],
        conclusion: null,
        bibliography: null,
      },
      { pages: new Map() },
    ),
  );
  pool.times.length = 0;
  try {
    const writer = createLlmWriter({
      baseURL: server.url,
      apiKey: 'k',
      models: { basic: 'sim', professional: 'sim' },
      concurrency: STREAMS,
      timeoutMs: 600_000,
    });
    const stages = new Map<string, number>();
    const t = performance.now();
    const r = await generatePaper(
      { ...benchPaperInput(ECONOMICS.topic), type },
      {
        writer,
        search: stand.search(),
        checkpoints: createMemoryCheckpoints(),
        pdf: pool,
        // When each stage began: what the evidence report adds is its stage's time.
        onProgress: (p) => void (stages.has(p.stage) || stages.set(p.stage, performance.now())),
        now: new Date('2025-03-01T12:00:00Z'),
        fullTexts: createMemoryFullTexts(),
        fullTextDownloads: { ...FULL_TEXT_LIMITS, loopback: true },
        streams: STREAMS,
      },
    );
    const wall = performance.now() - t;
    const evidenceMs = (stages.get(STAGE_NAMES.done) ?? 0) - (stages.get(STAGE_NAMES.evidence) ?? 0);
    const path = criticalPath(server.log, { tokensPerSecond: RATE, firstTokenMs: FIRST_MS });
    const pdf = pool.times.reduce((a, b) => a + b, 0);
    const bound = path.ms + pdf;
    const tokens = server.log.filter((e) => e.completed).reduce((n, e) => n + e.completionTokens, 0);
    // The streams' own limit: every token at RATE on STREAMS streams.
    const decode = (tokens / (RATE * STREAMS)) * 1000;
    const ratio = wall / bound;
    const target = type === 'full' ? TARGETS.fullSeconds : TARGETS.demoSeconds;
    console.log(
      `   страниц: ${r.pageCount}${type === 'full' ? ' (требовалось 80)' : ''}, источников в списке: ${r.sources.length}, нормоконтроль: ${r.normocontrol.ok ? 'без нарушений' : `${r.normocontrol.issues.length} нарушений`}`,
    );
    console.log(
      `   вызовов модели: ${server.log.length}, выходных токенов: ${tokens} (одновременно не более ${STREAMS}, наибольшее: ${server.maxInFlight})`,
    );
    console.log(
      `   критический путь (самая длинная цепочка зависимых вызовов): ${path.chain.map((c) => `${c.key} ${s(c.ms)}`).join(' → ')}`,
    );
    console.log(
      `   нижняя граница: ${s(bound)} (модель ${s(path.ms)} + PDF ${s(pdf)}, ${pool.times.length} преобразований); предел декодирования ${STREAMS} потоков: ${s(decode)}`,
    );
    const kb = (n: number) => `${(n / 1024).toFixed(0)} КБ`;
    const began = [...stages];
    console.log(`   этапы: ${began.map(([name, at], i) => `${name} ${s((began[i + 1]?.[1] ?? t + wall) - at)}`).join(', ')}`);
    console.log(
      `   отчёт об источниках: ${s(evidenceMs)} (цель ≤ ${TARGETS.evidenceSeconds} с)${evidenceMs / 1000 > TARGETS.evidenceSeconds ? ' ✗' : ''}, ` +
        `ссылок ${r.evidence.report.entries.length}, JSON ${kb(JSON.stringify(r.evidence.report).length)}, .docx ${kb(r.evidence.docx.length)}, PDF ${kb(r.evidence.pdf.length)}`,
    );
    console.log(
      `   фактическое время: ${s(wall)} (цель ≤ ${target} с${type === 'full' ? `, ≤ ${TARGETS.pathRatio} × границы` : ''}): ${ratio.toFixed(2)} × границы${wall / 1000 > target || (type === 'full' && ratio > TARGETS.pathRatio) ? ' ✗' : ''}`,
    );
  } finally {
    await pool.close();
    await server.close();
    await stand.close();
  }
}

await typesetBench();
console.log(
  `2. Полная работа на 80 страниц: модель отвечает ${RATE} токенов/с на поток, ${STREAMS} потоков, первый токен через ${FIRST_MS / 1000} с (токен = ${CHARS_PER_TOKEN} символа)`,
);
await llmBench('full');
console.log('3. Демо-версия в тех же условиях');
await llmBench('demo');
