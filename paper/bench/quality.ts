/**
 * Quality benchmark (prints figures; exits non-zero when a target is missed): a full paper on one
 * topic written through the LLM writer by simulated models (dev/misbehaving-llm.ts) served by the
 * local OpenAI-compatible server (dev/fake-llm.ts), one scenario at a time, against local stand-ins
 * of OpenAlex, Crossref and an open-access repository. Per scenario:
 *  - volume error: typeset pages against the requested volume;
 *  - distinct sentences: distinct normalised sentences / all sentences of the body text;
 *  - 5-gram overlap: word 5-grams of the subsections that also occur in another subsection;
 *  - unsupported citations: "[N, с. X]" whose cited passages (the source's passages on that page)
 *    hold less than MIN_SHARED_TERMS of the sentence's key terms;
 *  - invented references: list entries that are neither a found work nor an attached file;
 *  - invented numbers: numbers, percentages, years of the body text in no passage the writer was
 *    given and not in the topic or the outline (subsection numbers, list numbers, cited pages left out);
 *  - tables: tables in the paper / failures — a table the text does not refer to («в таблице 2»), a
 *    caption not «Таблица N – Название» numbered in order, a row with a number its cited passages do not hold;
 *  - sources listed, normocontrol violations, model calls (requests at the server / calls the
 *    paper counts) and tokens (prompt / completion, as the paper counts them).
 * Scenario names given as arguments run only those: `node bench/quality.ts well-behaved short`;
 * QUALITY_DUMP=<dir> writes each paper's texts there (<scenario>.txt); QUALITY_VOLUME=120 orders 120 pages.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startFakeLlm } from '../dev/fake-llm.ts';
import { MALFORMED } from '../dev/fake-llm.ts';
import { promptPassages, SCENARIOS, wellBehavedModel, wordsOf, fiveGrams, type Scenario } from '../dev/misbehaving-llm.ts';
import { runCoverage } from './coverage.ts';
import { latinWords, measureGrounding, type GroundingFigures } from './grounding-measure.ts';
import {
  createCrossrefSearch,
  createLlmWriter,
  createMemoryCheckpoints,
  createMemoryFullTexts,
  createOpenAlexSearch,
  createPdfConverterPool,
  generatePaper,
} from '../src/index.ts';
import type { FoundWork, PaperInput, PaperResult, PdfConverter } from '../src/index.ts';
import { FULL_TEXT_LIMITS } from '../src/passages/full-texts.ts';
import type { Passage } from '../src/passages/types.ts';
import type { GlossaryEntry } from '../src/writer/types.ts';
import { MIN_SHARED_TERMS, sharedTerms } from '../src/grounding/support.ts';
import { startCrossrefStandIn } from '../test/support/crossref-stand-in.ts';
import { startOpenAlexStandIn } from '../test/support/openalex-stand-in.ts';
import { makePdf, startPdfServer } from '../test/support/pdf-server.ts';
import { benchPaperInput, ECONOMICS, topicCorpus } from '../test/support/topic-corpus.ts';

const NOW = new Date('2025-03-01T12:00:00Z');
/** The volume ordered: 80 pages, or QUALITY_VOLUME. */
const VOLUME = Number(process.env.QUALITY_VOLUME ?? 80);
/** Ten times run.ts's model: 600 tokens/s per stream, no wait for the first token. */
const RATE = 600;
const CHARS_PER_TOKEN = 4;
const WRITER = { concurrency: 16, timeoutMs: 20_000, retryBaseMs: 500, retryMaxMs: 5_000 };

const TARGETS = {
  volumePct: 5,
  inventedReferences: 0,
  unsupportedCitations: 0,
  inventedNumbers: 0,
  overlapPct: 2,
  violations: 0,
  tableFailures: 0,
  inventedNames: 0,
  pagesOutside: 0,
  figuresHeldPct: 100,
  supportPct: 95,
  repeatedParagraphs: 0,
  uncited: 0,
  latinInErrors: 0,
};

interface Figures {
  pages: number;
  volumeErrorPct: number;
  distinctRatio: number;
  overlapPct: number;
  /** The 5-grams found in the most subsections. */
  sharedGrams: string[];
  unsupported: { total: number; examples: string[]; cited: number };
  inventedReferences: { count: number; examples: string[] };
  inventedNumbers: { count: number; examples: string[] };
  sources: number;
  tables: { count: number; failures: number; examples: string[] };
  violations: { count: number; rules: string[] };
  latinPct: number;
  /** Paragraphs with a refusal or Markdown left in them (no target: what no target catches). */
  leftovers: { count: number; examples: string[] };
  /** Measured on the delivered .docx (bench/grounding-measure.ts). */
  grounding: GroundingFigures;
  /** The engine's corrections, by kind (its own report). */
  corrections: PaperResult['citations'];
}

interface Row {
  scenario: Scenario;
  seconds: number;
  calls: number;
  counted?: number;
  tokens?: { prompt: number; completion: number };
  figures?: Figures;
  error?: string;
  /** User-facing messages (the error, the warnings, the writer's errors on garbage answers) and their Latin words. */
  latin: { count: number; examples: string[] };
}

/** Sentence ends: a stop before a capital or a digit (as the engine splits claims). */
const SENTENCE_END = /(?<=[.!?…])\s+(?=[«"(\p{Lu}\d])/gu;
const CITATION = /\[(\d[^\]]*)\]/g;
const plain = (text: string) => text.replace(/\s*\[\d[^\]]*\]/g, '').replace(/ \(сноска: [^)]*\)/g, '');

function numbersOf(text: string): string[] {
  return [...text.matchAll(/\d+(?:[.,]\d+)?/g)].map((m) => m[0].replace(',', '.').replace(/^0+(?=\d)/, ''));
}

/** A table in the paper's texts (typeset/tables.ts, tableText): its caption line, then its rows. */
const isTableBlock = (paragraph: string) => /^Таблица \d+ /.test(paragraph) && paragraph.includes('\n');

function clip(s: string, n = 110): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

async function measure(
  input: PaperInput,
  result: PaperResult,
  found: FoundWork[],
  passages: Passage[],
  given: Set<string>,
  glossary: GlossaryEntry[],
): Promise<Figures> {
  const body = result.sections;
  const subsections = body.filter((s) => /^\d+\.\d+$/.test(s.key));

  // Distinct sentences of the body text.
  const sentences = body
    .flatMap((s) =>
      plain(s.text)
        .replace(/^\s*\d+[.)]\s/gm, '')
        .split(/\n\n|(?<=[.!?…])\s+(?=[«"(\p{Lu}\d])/u),
    )
    .map((s) => wordsOf(s).join(' '))
    .filter(Boolean);
  const distinctRatio = sentences.length ? new Set(sentences).size / sentences.length : 1;

  // 5-grams of each subsection found in another one.
  const grams = subsections.map((s) => new Set(fiveGrams(wordsOf(plain(s.text)))));
  let shared = 0;
  let all = 0;
  const spread = new Map<string, number>();
  for (const own of grams) for (const g of own) spread.set(g, (spread.get(g) ?? 0) + 1);
  for (const own of grams) {
    all += own.size;
    for (const g of own) if (spread.get(g)! > 1) shared++;
  }
  const sharedGrams = [...spread]
    .filter(([, n]) => n > 1)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([g, n]) => `«${g}» in ${n}`);

  // Citations: the sentence before each "[N, с. X]" against the source's passages on that page.
  const ids = new Map<string, string>();
  found.forEach((w, i) => {
    for (const url of [w.doi ? `https://doi.org/${w.doi}` : undefined, w.url, w.oaUrl]) if (url) ids.set(url, `S${i + 1}`);
  });
  const sourceOf = new Map(result.sources.map((s) => [s.number, s.url ? ids.get(s.url) : undefined]));
  /** The texts of the passages a citation's inner part ("3, с. 47; 5") names; null when one is unknown. */
  const citedTexts = (inner: string): string[] | null => {
    const texts: string[] = [];
    let known = true;
    for (const part of inner.split(';')) {
      const cite = /^\s*(\d+)(?:,\s*с\.\s*(\d+)(?:\s*[-–]\s*(\d+))?)?\s*$/.exec(part);
      const id = cite ? sourceOf.get(Number(cite[1])) : undefined;
      if (!cite || !id) {
        known = false;
        continue;
      }
      const [, , from, to] = cite;
      const pages = from ? Array.from({ length: Number(to ?? from) - Number(from) + 1 }, (_, k) => String(Number(from) + k)) : null;
      const cited = passages.filter((p) => p.sourceId === id && (!pages || (p.page !== null && pages.includes(p.page))));
      if (!cited.length) known = false;
      texts.push(...cited.map((p) => p.text));
    }
    return known ? texts : null;
  };
  const unsupported = { total: 0, examples: [] as string[], cited: 0 };
  for (const s of body) {
    for (const paragraph of s.text.split('\n\n')) {
      // A table's rows are data, checked below number by number.
      if (isTableBlock(paragraph)) continue;
      for (const m of paragraph.matchAll(CITATION)) {
        const before = paragraph.slice(0, m.index);
        const starts = [...before.matchAll(SENTENCE_END)];
        const claim = plain(before.slice(starts.length ? starts[starts.length - 1].index! : 0)).trim();
        const texts = citedTexts(m[1]);
        unsupported.cited++;
        if (!texts || sharedTerms(claim, texts, glossary) < MIN_SHARED_TERMS) {
          unsupported.total++;
          if (unsupported.examples.length < 2) unsupported.examples.push(`${s.key}: «${clip(claim)}» ${m[0]}`);
        }
      }
    }
  }

  // Tables: numbered in order, captioned, referred to, every row's numbers in the passages it cites.
  const tables = { count: 0, failures: 0, examples: [] as string[] };
  const fail = (example: string) => {
    tables.failures++;
    if (tables.examples.length < 3) tables.examples.push(example);
  };
  const prose = body
    .flatMap((s) => s.text.split('\n\n'))
    .filter((p) => !isTableBlock(p))
    .join('\n')
    .replace(/\u00A0/g, ' ');
  for (const s of body)
    for (const block of s.text.split('\n\n').filter(isTableBlock)) {
      tables.count++;
      const [caption, header, ...rows] = block.split('\n');
      const m = /^Таблица (\d+) – \S/.exec(caption.replace(/\u00A0/g, ' '));
      if (!m || Number(m[1]) !== tables.count) fail(`${s.key}: caption «${clip(caption, 60)}»`);
      else if (!new RegExp(`(?<!\\p{L})(таблиц[аеуы]|табл\\.)\\s+${m[1]}(?!\\d)`, 'iu').test(prose))
        fail(`${s.key}: no reference to table ${m[1]}`);
      if (!header || !rows.length) fail(`${s.key}: table without rows`);
      const wide = [...caption.matchAll(CITATION)].flatMap((c) => citedTexts(c[1]) ?? []);
      for (const row of rows) {
        const grounded = new Set(numbersOf([...wide, ...[...row.matchAll(CITATION)].flatMap((c) => citedTexts(c[1]) ?? [])].join(' ')));
        const own = numbersOf(row.replace(/\[\d[^\]]*\]/g, ' ')).filter((n) => !grounded.has(n));
        if (own.length) fail(`${s.key}: row «${clip(row, 60)}» has ${own.join(', ')}`);
      }
    }

  // The list: found works and attached files only.
  const inventedReferences = { count: 0, examples: [] as string[] };
  for (const s of result.sources) {
    const real =
      s.verifiedBy === 'user_file'
        ? s.attachedIndex !== undefined && s.attachedIndex < input.attachedSources.length
        : s.url !== null && ids.has(s.url);
    if (!real) {
      inventedReferences.count++;
      if (inventedReferences.examples.length < 2) inventedReferences.examples.push(clip(s.text));
    }
  }

  // Numbers of the body text the writer was not given.
  const allowed = new Set([
    ...given,
    ...numbersOf(input.topic),
    ...numbersOf(JSON.stringify({ ...result.outline, version: undefined, introduction: '' })),
  ]);
  const numbering = new Set(subsections.map((s) => s.key));
  const inventedNumbers = { count: 0, examples: [] as string[] };
  for (const s of body) {
    const text = s.text
      .replace(/(?<!\p{L})(Таблица|таблиц[аеуы]|табл\.)[\s\u00A0]+\d+/gu, '$1')
      .replace(/\[\d[^\]]*\]/g, ' ')
      .replace(/(?:^|\s)(?:с|стр|c)\.\s*\d+(?:\s*[-–]\s*\d+)?/gi, ' ')
      .replace(/^\s*\d+[.)]\s/gm, ' ');
    for (const m of text.matchAll(/\d+(?:[.,]\d+)?/g)) {
      const n = m[0].replace(',', '.').replace(/^0+(?=\d)/, '');
      if (allowed.has(n) || (numbering.has(m[0]) && !/^\s*%/.test(text.slice(m.index! + m[0].length)))) continue;
      inventedNumbers.count++;
      if (inventedNumbers.examples.length < 4)
        inventedNumbers.examples.push(
          `${s.key}: …${text.slice(Math.max(0, m.index! - 30), m.index! + m[0].length + 10).replace(/\s+/g, ' ')}…`,
        );
    }
  }

  const words = body.flatMap((s) =>
    plain(s.text)
      .split(/[^\p{L}]+/u)
      .filter(Boolean),
  );
  const latin = words.filter((w) => /[A-Za-z]/.test(w)).length;
  const leftovers = { count: 0, examples: [] as string[] };
  for (const s of body)
    for (const p of s.text.split('\n\n'))
      if (/извините|не могу помочь|I cannot|as an AI/i.test(p) || /\*\*|^#|^---|```|^\d+\.\s/.test(p)) {
        leftovers.count++;
        if (leftovers.examples.length < 2) leftovers.examples.push(`${s.key}: ${clip(p, 80)}`);
      }
  const grounding = await measureGrounding({
    docx: result.docx,
    sourceOf,
    rangeOf: new Map(found.map((w, i) => [`S${i + 1}`, w.pages])),
    passages: passages.map((p) => ({ source: p.sourceId, page: p.page, text: p.text })),
    allowed: new Set([
      ...numbersOf(input.topic),
      ...numbersOf(JSON.stringify({ ...result.outline, version: undefined, introduction: '' })),
    ]),
    glossary,
  });
  return {
    grounding,
    corrections: result.citations,
    pages: result.pageCount,
    volumeErrorPct: (100 * (result.pageCount - VOLUME)) / VOLUME,
    distinctRatio,
    overlapPct: all ? (100 * shared) / all : 0,
    sharedGrams,
    unsupported,
    inventedReferences,
    inventedNumbers,
    sources: result.sources.length,
    tables,
    violations: { count: result.normocontrol.issues.length, rules: [...new Set(result.normocontrol.issues.map((i) => i.rule))] },
    latinPct: words.length ? (100 * latin) / words.length : 0,
    leftovers,
  };
}

/** The figures that miss their targets. */
function missed(r: Row): Set<string> {
  const f = r.figures;
  const out = new Set<string>(r.latin.count > TARGETS.latinInErrors ? ['latin'] : []);
  if (!f) return out.add('paper');
  if (Math.abs(f.volumeErrorPct) > TARGETS.volumePct) out.add('volume');
  if (f.inventedReferences.count > TARGETS.inventedReferences) out.add('refs');
  if (f.unsupported.total > TARGETS.unsupportedCitations) out.add('unsupported');
  if (f.inventedNumbers.count > TARGETS.inventedNumbers) out.add('numbers');
  if (f.overlapPct >= TARGETS.overlapPct) out.add('overlap');
  if (f.violations.count > TARGETS.violations) out.add('violations');
  if (f.tables.failures > TARGETS.tableFailures) out.add('tables');
  const g = f.grounding;
  if (g.inventedNames.count > TARGETS.inventedNames) out.add('names');
  if (g.pagesOutside.count > TARGETS.pagesOutside) out.add('pages');
  if (pct(g.figures.held, g.figures.total) < TARGETS.figuresHeldPct) out.add('figures');
  if (pct(g.support.passed, g.support.total) < TARGETS.supportPct) out.add('support');
  if (g.repeatedParagraphs.count > TARGETS.repeatedParagraphs) out.add('repeated');
  if (g.uncited.count > TARGETS.uncited) out.add('uncited');
  return out;
}

const pct = (n: number, total: number) => (total ? (100 * n) / total : 100);

async function runScenario(
  scenario: Scenario,
  records: ReturnType<ReturnType<typeof topicCorpus>['records']>,
  pdf: PdfConverter,
  fullTexts: ReturnType<typeof createMemoryFullTexts>,
): Promise<Row> {
  const openalex = await startOpenAlexStandIn({ works: records.openalex });
  const crossref = await startCrossrefStandIn({ works: records.crossref, lookupOnly: records.crossrefLookupOnly });
  const model = wellBehavedModel();
  const behaviour = scenario.make();
  // The numbers of every passage the writer was shown.
  const given = new Set<string>();
  const llm = await startFakeLlm({
    apiKey: 'k',
    tokensPerSecond: RATE,
    charsPerToken: CHARS_PER_TOKEN,
    behave: behaviour.behave,
    answer: (req) => {
      for (const p of promptPassages(req.prompt)) for (const n of numbersOf(p.text)) given.add(n);
      const text = model(req);
      return behaviour.answer ? behaviour.answer(req, text) : text;
    },
  });
  const checkpoints = createMemoryCheckpoints();
  const input = benchPaperInput(ECONOMICS.topic, VOLUME);
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const writer = createLlmWriter({ baseURL: llm.url, apiKey: 'k', models: { basic: 'sim', professional: 'sim' }, ...WRITER });
  /** The user-facing messages of the run: its error or warnings, and the writer's own on garbage answers. */
  const messages: string[] = [];
  const latin = () => {
    const words = messages.flatMap(latinWords);
    return { count: words.length, examples: [...new Set(words)].slice(0, 5) };
  };
  try {
    const result = await generatePaper(input, {
      writer,
      search: [
        createOpenAlexSearch({ baseUrl: openalex.url }),
        createCrossrefSearch({ baseUrl: crossref.url, mailto: 'bench@example.org' }),
      ],
      checkpoints,
      pdf,
      onProgress: () => {},
      now: NOW,
      fullTexts,
      // The repository stand-in listens on loopback, which real downloads refuse.
      fullTextDownloads: { ...FULL_TEXT_LIMITS, loopback: true },
      streams: WRITER.concurrency,
    });
    const elapsed = seconds();
    messages.push(...result.warnings);
    // A model that answers garbage on every attempt: what the user would read, for each shape of it.
    if (scenario.coverSheets)
      for (const shape of MALFORMED)
        await createLlmWriter({ baseURL: llm.url, apiKey: 'k', models: { basic: 'sim', professional: 'sim' }, ...WRITER, maxRetries: 1 })
          .complete({
            key: `probe:${shape}`,
            tariff: 'basic',
            task: { kind: 'verify', claims: [] },
            messages: [{ role: 'user', content: 'Проверка.' }],
            maxTokens: 50,
          })
          .catch((e: Error) => messages.push(e.message));
    const found = (await checkpoints.get('sources:found')) as FoundWork[];
    const { list } = (await checkpoints.get('sources:passages')) as { list: Passage[] };
    const dump = process.env.QUALITY_DUMP;
    if (dump) {
      await mkdir(dump, { recursive: true });
      const text = result.sections.map((s) => `## ${s.heading}\n\n${s.text}`).join('\n\n');
      const list = result.bibliography.map((e) => `${e.number}. ${e.text}`).join('\n');
      await writeFile(path.join(dump, `${scenario.name.replace(/\W+/g, '-')}.txt`), `${text}\n\n## Список\n\n${list}\n`);
    }
    return {
      scenario,
      seconds: elapsed,
      calls: llm.log.length,
      counted: result.usage.calls,
      tokens: { prompt: result.usage.promptTokens, completion: result.usage.completionTokens },
      figures: await measure(input, result, found, list, given, result.citations.glossary),
      latin: latin(),
    };
  } catch (error) {
    const e = error as { code?: string; message?: string };
    messages.push(e.message ?? String(error));
    return {
      scenario,
      seconds: seconds(),
      calls: llm.log.length,
      error: `${e.code ?? 'error'}: ${e.message ?? String(error)}`,
      latin: latin(),
    };
  } finally {
    await llm.close();
    await openalex.close();
    await crossref.close();
  }
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')).join('\n');
}

/** The repository stand-in: its PDFs as the record's pages, or each after a cover sheet. */
async function repository(coverSheets: boolean) {
  const corpus = topicCorpus(ECONOMICS, { coverSheets });
  const files: Record<string, Uint8Array> = {};
  for (const [path, spec] of Object.entries(corpus.pdfs)) files[path] = await makePdf(spec);
  const server = await startPdfServer(files);
  return { server, records: corpus.records(server.url) };
}
const plainRepository = await repository(false);
const coverRepository = await repository(true);
const pool = createPdfConverterPool({ size: 1 });
const fullTexts = createMemoryFullTexts();
const rows: Row[] = [];
const total = performance.now();
// Scenario names given as arguments run only those (while working on one); `coverage` the coverage set.
const only = process.argv.slice(2);
let coverageMet = true;
try {
  for (const scenario of SCENARIOS.filter((x) => x.name !== 'pinning' && (!only.length || only.includes(x.name)))) {
    const row = await runScenario(scenario, (scenario.coverSheets ? coverRepository : plainRepository).records, pool, fullTexts);
    rows.push(row);
    process.stderr.write(`${scenario.name}: ${row.error ?? 'done'} (${row.seconds.toFixed(0)} s)\n`);
  }
  if (!only.length || only.includes('coverage')) coverageMet = await runCoverage(pool);
} finally {
  await pool.close();
  await plainRepository.server.close();
  await coverRepository.server.close();
}

const X = ' ✗';
const mark = (text: string, miss: boolean) => (miss ? `${text}${X}` : text);
console.log(
  `Quality of a full paper (${VOLUME} pages, «${ECONOMICS.topic}») written by simulated models through the LLM writer, ` +
    `${RATE} tokens/s per stream, OpenAlex/Crossref/repository stand-ins, run on ${NOW.toISOString().slice(0, 10)}`,
);
console.log(
  `Targets: volume within ±${TARGETS.volumePct} %, ${TARGETS.inventedReferences} invented references, ${TARGETS.unsupportedCitations} unsupported citations, ` +
    `${TARGETS.inventedNumbers} invented numbers, 5-gram overlap under ${TARGETS.overlapPct} %, ${TARGETS.violations} normocontrol violations, ` +
    `${TARGETS.tableFailures} tables without a reference, a GOST caption or grounded rows (✗: missed)\n`,
);
const dash = '–';
console.log(
  table([
    [
      'scenario',
      'pages',
      'volume',
      'distinct',
      'overlap',
      'unsupp./cited',
      'inv.refs',
      'inv.numbers',
      'sources',
      'tables',
      'violations',
      'calls',
      'tokens in/out',
      'latin',
      'leftovers',
      'time',
    ],
    ...rows.map((r) => {
      const f = r.figures;
      const m = missed(r);
      const time = `${r.seconds.toFixed(0)} s`;
      if (!f)
        return [
          `${r.scenario.name}${X}`,
          dash,
          dash,
          dash,
          dash,
          dash,
          dash,
          dash,
          dash,
          dash,
          dash,
          String(r.calls),
          dash,
          dash,
          dash,
          time,
        ];
      return [
        r.scenario.name,
        String(f.pages),
        mark(`${f.volumeErrorPct >= 0 ? '+' : ''}${f.volumeErrorPct.toFixed(1)} %`, m.has('volume')),
        f.distinctRatio.toFixed(3),
        mark(`${f.overlapPct.toFixed(1)} %`, m.has('overlap')),
        mark(`${f.unsupported.total}/${f.unsupported.cited}`, m.has('unsupported')),
        mark(String(f.inventedReferences.count), m.has('refs')),
        mark(String(f.inventedNumbers.count), m.has('numbers')),
        String(f.sources),
        mark(`${f.tables.count}/${f.tables.failures}`, m.has('tables')),
        mark(String(f.violations.count), m.has('violations')),
        `${r.calls}/${r.counted}`,
        `${(r.tokens!.prompt / 1000).toFixed(0)}k/${(r.tokens!.completion / 1000).toFixed(0)}k`,
        `${f.latinPct.toFixed(1)} %`,
        String(f.leftovers.count),
        time,
      ];
    }),
  ]),
);
console.log(
  '\ncalls: requests at the server / calls the paper counts; tokens: as the paper counts them; ' +
    'tables: tables in the paper / failing ones (no reference, a broken caption or number, an ungrounded row); without targets: ' +
    'latin: words of the body in Latin script; leftovers: paragraphs with a refusal or Markdown (**, #, ---, ```, "1. ")\n',
);
console.log(
  `Grounding, measured on the delivered .docx against the passages. Targets: ${TARGETS.inventedNames} invented names or works, ` +
    `${TARGETS.pagesOutside} cited pages outside a work's printed range, ${TARGETS.figuresHeldPct} % of figure-bearing citations holding ` +
    `their figures on the cited page, ≥ ${TARGETS.supportPct} % of page citations passing the support check, ${TARGETS.repeatedParagraphs} ` +
    `repeated paragraphs, ${TARGETS.uncited} listed works never cited, ${TARGETS.latinInErrors} Latin words in user-facing messages. ` +
    'Beside them, the corrections the engine counted (its report): names, model lists, pages, figures, unsupported, repeated paragraphs, ' +
    're-cited works, statements rewritten/repaired from their passages/removed; claims checked/rewritten/repaired/removed by the claims check\n',
);
console.log(
  table([
    ['scenario', 'names', 'pages out', 'figures held', 'support', 'repeated', 'uncited', 'latin', 'corrections', 'claims'],
    ...rows.map((r) => {
      const m = missed(r);
      const g = r.figures?.grounding;
      const latin = mark(String(r.latin.count), m.has('latin'));
      if (!g) return [`${r.scenario.name}${X}`, dash, dash, dash, dash, dash, dash, latin, dash, dash];
      const c = r.figures!.corrections;
      const k = c.grounding;
      return [
        r.scenario.name,
        mark(String(g.inventedNames.count), m.has('names')),
        mark(String(g.pagesOutside.count), m.has('pages')),
        mark(`${g.figures.held}/${g.figures.total} (${pct(g.figures.held, g.figures.total).toFixed(0)} %)`, m.has('figures')),
        mark(`${g.support.passed}/${g.support.total} (${pct(g.support.passed, g.support.total).toFixed(1)} %)`, m.has('support')),
        mark(String(g.repeatedParagraphs.count), m.has('repeated')),
        mark(String(g.uncited.count), m.has('uncited')),
        latin,
        `${k.names}/${k.referenceLists}/${k.pages}/${k.figures}/${k.unsupported}/${k.repeatedParagraphs}/${k.recited}/${k.rewritten}/${k.repaired}/${k.removed}`,
        `${c.claims.checked}/${c.claims.rewritten}/${c.claims.repaired}/${c.claims.removed}+${c.claims.citationsRemoved}`,
      ];
    }),
  ]),
);
console.log('');
for (const r of rows) {
  const f = r.figures;
  if (!f) {
    console.log(`${r.scenario.name} (${r.scenario.about}): no paper: ${r.error}`);
    continue;
  }
  const miss = missed(r);
  const notes = [
    ...(miss.size ? [`missed: ${[...miss].join(', ')}`] : []),
    ...(miss.has('overlap') ? [`shared 5-grams: ${f.sharedGrams.join(', ')} subsections`] : []),
    ...f.unsupported.examples.map((e) => `unsupported ${e}`),
    ...f.inventedNumbers.examples.map((e) => `number ${e}`),
    ...f.inventedReferences.examples.map((e) => `reference ${e}`),
    ...f.tables.examples.map((e) => `table ${e}`),
    ...f.leftovers.examples.map((e) => `leftover ${e}`),
    ...f.grounding.inventedNames.examples.map((e) => `name ${e}`),
    ...f.grounding.pagesOutside.examples.map((e) => `page ${e}`),
    ...f.grounding.figures.examples.map((e) => `figure ${e}`),
    ...(miss.has('support') ? f.grounding.support.examples.map((e) => `support ${e}`) : []),
    ...f.grounding.repeatedParagraphs.examples.map((e) => `repeated ${e}`),
    ...f.grounding.uncited.examples.map((e) => `uncited ${e}`),
    ...(r.latin.count ? [`latin in messages: ${r.latin.examples.join(', ')}`] : []),
    ...(f.violations.count ? [`normocontrol: ${f.violations.rules.join(', ')}`] : []),
  ];
  console.log(`${r.scenario.name} (${r.scenario.about})${notes.length ? `:\n    ${notes.join('\n    ')}` : ': every target met'}`);
}
const failed = rows.filter((r) => missed(r).size > 0);
console.log(
  `\n${failed.length} of ${rows.length} scenarios miss a target${coverageMet ? '' : '; the coverage set misses a target'}; total ${((performance.now() - total) / 1000).toFixed(0)} s`,
);
process.exitCode = failed.length || !coverageMet ? 1 : 0;
