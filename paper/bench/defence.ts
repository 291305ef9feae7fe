/**
 * The defence kit benchmark (prints figures beside their targets; exits 1 when one is missed). The
 * kits of four papers — the two committed full samples and two full papers written as the quality
 * bench writes them (the well-behaved model, and the one that invents figures) — each made by the
 * well-behaved and by the misbehaving simulated model (dev/defence-llm.ts: invented figures,
 * overlong bullets, wrong pages, a speech three times too long) over a local OpenAI-compatible
 * server at 60 tokens/s per stream after 1 s to the first token. Per kit, measured on what it
 * delivers (test/support/kit-figures.ts):
 *  - slide normocontrol violations of the delivered deck, re-checked on its rendered PDF;
 *  - the figures on the slides and in the answers found in the paper's own text;
 *  - the speech's words; the answers whose page holds their statement; slides and questions;
 *  - the model's statements replaced as ungrounded (no target: what the checks caught);
 *  - the time per kit beside its critical path: the slides' call, then the speech's (the questions'
 *    call runs beside them), each as long as it would take at that rate, plus the LibreOffice
 *    renders of the slides, which lie on the path.
 */
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { misbehavingDefence } from '../dev/defence-llm.ts';
import { startFakeLlm } from '../dev/fake-llm.ts';
import { SCENARIOS, wellBehavedModel } from '../dev/misbehaving-llm.ts';
import {
  createCrossrefSearch,
  createLlmWriter,
  createMemoryCheckpoints,
  createMemoryFullTexts,
  createOpenAlexSearch,
  createPdfConverterPool,
  generatePaper,
  makeDefenceKit,
} from '../src/index.ts';
import type { PdfConverter } from '../src/index.ts';
import { FULL_TEXT_LIMITS } from '../src/passages/full-texts.ts';
import { startCrossrefStandIn } from '../test/support/crossref-stand-in.ts';
import { KIT_TARGETS, kitFigures, type KitFigures } from '../test/support/kit-figures.ts';
import { startOpenAlexStandIn } from '../test/support/openalex-stand-in.ts';
import { makePdf, startPdfServer } from '../test/support/pdf-server.ts';
import { benchPaperInput, ECONOMICS, topicCorpus } from '../test/support/topic-corpus.ts';

const RATE = 60;
const FIRST_MS = 1000;
const CHARS_PER_TOKEN = 4;
/** Time per kit against its critical path. */
const TIME_TARGET = 1.3;
const WRITER = { concurrency: 8, timeoutMs: 600_000, retryBaseMs: 500, retryMaxMs: 5_000 };

interface Paper {
  name: string;
  docx: Uint8Array;
  pdf: Uint8Array;
}

/** A converter that also records how long each conversion took. */
function timed(pool: PdfConverter): PdfConverter & { ms: number } {
  const t = {
    ms: 0,
    stats: pool.stats,
    close: () => pool.close(),
    async convert(file: Uint8Array, o?: Parameters<PdfConverter['convert']>[1]) {
      const started = performance.now();
      try {
        return await pool.convert(file, o);
      } finally {
        t.ms += performance.now() - started;
      }
    },
  };
  return t;
}

/** Two full papers as the quality bench writes them (its topic, stand-ins and simulated models, at its rate). */
async function qualityPapers(pool: PdfConverter): Promise<Paper[]> {
  const corpus = topicCorpus(ECONOMICS);
  const files: Record<string, Uint8Array> = {};
  for (const [path, spec] of Object.entries(corpus.pdfs)) files[path] = await makePdf(spec);
  const server = await startPdfServer(files);
  const records = corpus.records(server.url);
  const fullTexts = createMemoryFullTexts();
  const papers: Paper[] = [];
  try {
    for (const scenario of SCENARIOS.filter((s) => s.name === 'well-behaved' || s.name === 'invents')) {
      const openalex = await startOpenAlexStandIn({ works: records.openalex });
      const crossref = await startCrossrefStandIn({ works: records.crossref, lookupOnly: records.crossrefLookupOnly });
      const model = wellBehavedModel();
      const behaviour = scenario.make();
      const llm = await startFakeLlm({
        apiKey: 'k',
        tokensPerSecond: 600,
        charsPerToken: CHARS_PER_TOKEN,
        answer: (req) => (behaviour.answer ? behaviour.answer(req, model(req)) : model(req)),
      });
      try {
        const result = await generatePaper(benchPaperInput(ECONOMICS.topic), {
          writer: createLlmWriter({ baseURL: llm.url, apiKey: 'k', models: { basic: 'sim', professional: 'sim' }, ...WRITER }),
          search: [
            createOpenAlexSearch({ baseUrl: openalex.url }),
            createCrossrefSearch({ baseUrl: crossref.url, mailto: 'bench@example.org' }),
          ],
          checkpoints: createMemoryCheckpoints(),
          pdf: pool,
          onProgress: () => {},
          now: new Date('2025-03-01T12:00:00Z'),
          fullTexts,
          fullTextDownloads: { ...FULL_TEXT_LIMITS, loopback: true },
        });
        papers.push({ name: `quality: ${scenario.name}`, docx: result.docx, pdf: result.pdf });
        process.stderr.write(`paper of the quality bench (${scenario.name}): ${result.pageCount} pages\n`);
      } finally {
        await llm.close();
        await openalex.close();
        await crossref.close();
      }
    }
  } finally {
    await server.close();
  }
  return papers;
}

interface Row {
  paper: string;
  model: string;
  figures?: KitFigures;
  replaced?: number;
  seconds?: number;
  path?: number;
  error?: string;
}

async function kitRow(paper: Paper, misbehaves: boolean, pool: PdfConverter): Promise<Row> {
  const model = wellBehavedModel();
  const llm = await startFakeLlm({
    apiKey: 'k',
    tokensPerSecond: RATE,
    firstTokenMs: FIRST_MS,
    charsPerToken: CHARS_PER_TOKEN,
    answer: (req) => (misbehaves ? misbehavingDefence(req, model(req)) : model(req)),
  });
  const renders = timed(pool);
  const name = misbehaves ? 'misbehaving' : 'well-behaved';
  const started = performance.now();
  try {
    const kit = await makeDefenceKit(
      { docx: paper.docx, pdf: paper.pdf },
      {
        writer: createLlmWriter({ baseURL: llm.url, apiKey: 'k', models: { basic: 'sim', professional: 'sim' }, ...WRITER }),
        checkpoints: createMemoryCheckpoints(),
        pdf: renders,
        tariff: 'basic',
      },
    );
    const seconds = (performance.now() - started) / 1000;
    // Each call as long as it takes at the rate; the questions' call runs beside the slides and the speech.
    const ideal = (prefix: string) =>
      llm.log.filter((e) => e.key.startsWith(prefix)).reduce((sum, e) => sum + FIRST_MS + (e.completionTokens / RATE) * 1000, 0);
    const modelPath = Math.max(ideal('defence:questions'), ideal('defence:slides') + ideal('defence:speech'));
    const g = kit.grounding;
    return {
      paper: paper.name,
      model: name,
      figures: await kitFigures(kit, paper),
      replaced: g.bullets.replaced + g.speech.dropped + g.questions.dropped,
      seconds,
      path: (modelPath + renders.ms) / 1000,
    };
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return { paper: paper.name, model: name, error: `${e.code ?? 'error'}: ${e.message ?? String(error)}` };
  } finally {
    await llm.close();
  }
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')).join('\n');
}

const pool = createPdfConverterPool({ size: 1 });
const rows: Row[] = [];
try {
  const samples: Paper[] = [];
  for (const file of ['sme-regions-full.docx', 'sme-edo-full.docx']) {
    const docx = await readFile(new URL(`../samples/${file}`, import.meta.url));
    samples.push({ name: `sample: ${file}`, docx, pdf: await pool.convert(docx) });
  }
  const papers = [...samples, ...(await qualityPapers(pool))];
  for (const paper of papers)
    for (const misbehaves of [false, true]) {
      const row = await kitRow(paper, misbehaves, pool);
      rows.push(row);
      process.stderr.write(`${paper.name}, ${row.model}: ${row.error ?? `${row.seconds!.toFixed(1)} s`}\n`);
    }
} finally {
  await pool.close();
}

const X = ' ✗';
const mark = (text: string, miss: boolean) => (miss ? `${text}${X}` : text);
const pct = (n: number, of: number) => (of ? (100 * n) / of : 100);
let missed = 0;
const cells = rows.map((r) => {
  if (!r.figures) {
    missed++;
    return [r.paper, r.model, `${r.error}${X}`, '', '', '', '', '', '', ''];
  }
  const f = r.figures;
  const found = pct(f.figures - f.unfound.length, f.figures);
  const paged = pct(f.paged, f.questions);
  const ratio = r.seconds! / r.path!;
  const misses = [
    f.violations.length > KIT_TARGETS.violations,
    f.slides < KIT_TARGETS.slides[0] || f.slides > KIT_TARGETS.slides[1],
    found < KIT_TARGETS.foundPct,
    f.words < KIT_TARGETS.words[0] || f.words > KIT_TARGETS.words[1],
    paged < KIT_TARGETS.pagedPct,
    f.questions < KIT_TARGETS.questions[0] || f.questions > KIT_TARGETS.questions[1],
    ratio > TIME_TARGET,
  ];
  missed += misses.filter(Boolean).length;
  return [
    r.paper,
    r.model,
    mark(String(f.violations.length), misses[0]),
    mark(String(f.slides), misses[1]),
    mark(`${found.toFixed(0)} % of ${f.figures}`, misses[2]),
    mark(String(f.words), misses[3]),
    mark(`${paged.toFixed(0)} % of ${f.questions}`, misses[4]),
    mark(String(f.questions), misses[5]),
    String(r.replaced),
    mark(`${r.seconds!.toFixed(1)} s / ${r.path!.toFixed(1)} s = ${ratio.toFixed(2)}`, misses[6]),
  ];
});
console.log(
  `Defence kits made by simulated models through the LLM writer at ${RATE} tokens/s per stream (${FIRST_MS / 1000} s to the first token), ` +
    'measured on what they deliver',
);
console.log(
  `Targets: ${KIT_TARGETS.violations} slide normocontrol violations, ${KIT_TARGETS.slides.join('–')} slides, ${KIT_TARGETS.foundPct} % of the figures ` +
    `on slides and in answers found in the paper, a speech of ${KIT_TARGETS.words.join('–')} words, ${KIT_TARGETS.pagedPct} % of the answers with a page ` +
    `that holds their statement, ${KIT_TARGETS.questions.join('–')} questions, time per kit ≤ ${TIME_TARGET}× its critical path ` +
    "(the model's dependent calls at the rate + the slides' LibreOffice renders) (✗: missed)\n",
);
console.log(
  table([
    ['paper', 'model', 'violations', 'slides', 'figures found', 'words', 'answers paged', 'questions', 'replaced', 'time / critical path'],
    ...cells,
  ]),
);
for (const r of rows) {
  const f = r.figures;
  if (!f) continue;
  for (const line of [...f.violations, ...f.unfound.map((n) => `figure ${n} not in the paper`), ...f.misplaced].slice(0, 5))
    console.log(`  ${r.paper}, ${r.model}: ${line}`);
}
process.exitCode = missed ? 1 : 0;
