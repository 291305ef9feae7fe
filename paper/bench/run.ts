/**
 * Benchmark (prints figures, asserts nothing):
 *  1. typesetting a 120-page paper: .docx build time, one PDF conversion, the full layout with
 *     contents verified against the PDF;
 *  2. a full 80-page paper written through a local OpenAI-compatible server answering at 60 tokens/s
 *     per stream after 1 s to the first token: wall time beside the critical-path bound of that
 *     same simulation (longest call of each dependent step + the PDF conversions on the path).
 */
import { performance } from 'node:perf_hooks';
import { startFakeLlm } from '../dev/fake-llm.ts';
import { ATTACHED, CATALOGUE, TOPIC } from '../dev/fixtures.ts';
import {
  createLlmWriter,
  createLocalSearch,
  createMemoryCheckpoints,
  createOfflineWriter,
  createPdfConverterPool,
  generatePaper,
} from '../src/index.ts';
import type { PdfConverter } from '../src/index.ts';
import { buildDocx } from '../src/typeset/docx.ts';
import { layoutPaper } from '../src/layout/index.ts';
import { readPdf } from '../src/pdf/bookmarks.ts';
import type { DocModel, Para } from '../src/typeset/model.ts';

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

/** Steps that wait for each other, in order; calls inside a step run in parallel. */
function stepOf(key: string): string {
  if (key.startsWith('outline')) return key;
  if (key === 'introduction' || key.startsWith('section:')) return 'writing';
  if (key.startsWith('review:')) return 'review';
  if (key.startsWith('revise:')) return 'revise';
  if (key === 'conclusion') return 'conclusion';
  const round = /^extend:r(\d+):/.exec(key);
  return round ? `extend-${round[1]}` : key;
}

async function llmBench(type: 'demo' | 'full', concurrency: number): Promise<void> {
  const server = await startFakeLlm({ tokensPerSecond: RATE, firstTokenMs: FIRST_MS, charsPerToken: CHARS_PER_TOKEN });
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
      concurrency,
      timeoutMs: 600_000,
    });
    const t = performance.now();
    const r = await generatePaper(
      {
        topic: TOPIC,
        type,
        tariff: 'basic',
        useFootnotes: true,
        separateBibliography: false,
        minPublicationYear: 2015,
        requiredVolume: 80,
        userStructure: null,
        attachedSources: ATTACHED,
      },
      { writer, search: createLocalSearch(CATALOGUE), checkpoints: createMemoryCheckpoints(), pdf: pool, onProgress: () => {} },
    );
    const wall = performance.now() - t;
    // The bound: every step takes as long as its longest call would at 60 tokens/s after 1 s; the
    // PDF conversions (volume measurement and the contents passes) lie on the path as measured.
    const steps = new Map<string, number>();
    for (const e of server.log) {
      const ideal = FIRST_MS + (e.completionTokens / RATE) * 1000;
      steps.set(stepOf(e.key), Math.max(steps.get(stepOf(e.key)) ?? 0, ideal));
    }
    const llm = [...steps.values()].reduce((a, b) => a + b, 0);
    const pdf = pool.times.reduce((a, b) => a + b, 0);
    const tokens = server.log.reduce((n, e) => n + e.completionTokens, 0);
    console.log(
      `   страниц: ${r.pageCount}${type === 'full' ? ' (требовалось 80)' : ''}, нормоконтроль: ${r.normocontrol.ok ? 'без нарушений' : `${r.normocontrol.issues.length} нарушений`}`,
    );
    console.log(`   вызовов модели: ${server.log.length}, выходных токенов: ${tokens} (одновременно не более ${concurrency})`);
    console.log(`   шаги: ${[...steps].map(([k, v]) => `${k} ${s(v)}`).join(', ')}`);
    console.log(
      `   нижняя граница по критическому пути: ${s(llm + pdf)} (модель ${s(llm)} + PDF ${s(pdf)}, ${pool.times.length} преобразований)`,
    );
    console.log(`   фактическое время: ${s(wall)} (накладные расходы ${s(wall - llm - pdf)})`);
  } finally {
    await pool.close();
    await server.close();
  }
}

await typesetBench();
console.log(
  `2. Полная работа на 80 страниц: модель отвечает ${RATE} токенов/с на поток, первый токен через ${FIRST_MS / 1000} с (токен = ${CHARS_PER_TOKEN} символа)`,
);
await llmBench('full', 16);
console.log('3. Демо-версия в тех же условиях');
await llmBench('demo', 16);
