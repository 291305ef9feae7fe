/**
 * The coverage scenario set of the quality benchmark (run by bench/quality.ts; `node
 * bench/quality.ts coverage` runs only it): papers on stand-in corpora of different make-up
 * (test/support/coverage-corpus.ts: 8-60 relevant works, 0-70 % foreign, abstracts only or full
 * texts, exactly the minimum, off-topic works sharing the query's words, bare records), each
 * written by the well-behaved model, a misbehaving one (invents statistics, source ids, pages and
 * references) and the pinning adversary (made-up authors, figures pinned on the wrong work, an
 * approving judge). Per paper it prints whether it was delivered, the works listed against the
 * minimum, the foreign works listed against the engine's share, off-topic works listed, the
 * estimate before payment against the delivered list, the grounding measured on the delivered
 * .docx, and the statements repaired against those removed. Targets: a corpus with the minimum of
 * relevant works gives a paper every time, with at least the minimum listed and no grounding
 * failure; the foreign share met (more when the literature is mostly foreign); no off-topic work
 * listed; the estimate never says enough for a paper that is then refused, and never promises more
 * than is listed; ≥ 80 % of the pinning model's failed statements repaired; a corpus below the
 * minimum refused before payment and before writing.
 */
import { performance } from 'node:perf_hooks';
import { startFakeLlm } from '../dev/fake-llm.ts';
import { SCENARIOS, wellBehavedModel } from '../dev/misbehaving-llm.ts';
import {
  createLlmWriter,
  createMemoryCheckpoints,
  createMemoryFullTexts,
  generatePaper,
  outlookOf,
  queriesForTopic,
  SEARCH_PER_QUERY,
  searchWorks,
} from '../src/index.ts';
import type { BibliographicSearch, PaperResult, PdfConverter } from '../src/index.ts';
import { FULL_TEXT_LIMITS } from '../src/passages/full-texts.ts';
import type { Passage } from '../src/passages/types.ts';
import { FOREIGN_SHARE, firstRecentYear } from '../src/sources/minimums.ts';
import { COVERAGE, coverageCorpus, coverageMinimum, type CoverageSpec } from '../test/support/coverage-corpus.ts';
import { startCorpusStandIns } from '../test/support/corpus-stand-ins.ts';
import { BENCH_MIN_YEAR, benchPaperInput } from '../test/support/topic-corpus.ts';
import { measureGrounding, type GroundingFigures } from './grounding-measure.ts';

const NOW = new Date('2025-03-01T12:00:00Z');
const WRITER = { concurrency: 16, timeoutMs: 20_000, retryBaseMs: 500, retryMaxMs: 5_000 };
const RATE = 600;
const TARGETS = { supportPct: 95, repairedPct: 80 };

/** The models of the set: the scenario of dev/misbehaving-llm.ts each is. */
const MODELS = ['well-behaved', 'invents', 'pinning'] as const;

interface Row {
  spec: CoverageSpec;
  model: (typeof MODELS)[number];
  /** The estimate before payment (the api's: the topic's query, the plan's choice over what it found). */
  estimate: { planned: number; enough: boolean };
  result?: PaperResult;
  error?: string;
  listed: number;
  foreign: number;
  /** The foreign works the engine's share asks for of this paper: FOREIGN_SHARE of the list, more when Russian ones are short. */
  foreignDue: number;
  offTopic: number;
  grounding?: GroundingFigures;
  repaired: number;
  removed: number;
  seconds: number;
}

const pct = (n: number, total: number) => (total ? (100 * n) / total : 100);

function misses(r: Row): string[] {
  const out: string[] = [];
  const minimum = coverageMinimum(r.spec);
  if (r.spec.expect === 'refusal') {
    if (r.estimate.enough) out.push('estimate says enough');
    if (!r.error?.startsWith('not_enough_sources')) out.push('not refused');
    return out;
  }
  if (!r.result) return [...out, 'no paper'];
  if (r.listed < minimum) out.push('below minimum');
  if (r.foreign < r.foreignDue) out.push('foreign share');
  if (r.offTopic) out.push('off-topic');
  if (!r.estimate.enough) out.push('estimate refused');
  if (r.estimate.planned > r.listed) out.push('estimate promised more');
  const g = r.grounding!;
  if (
    g.inventedNames.count ||
    g.pagesOutside.count ||
    g.figures.held < g.figures.total ||
    pct(g.support.passed, g.support.total) < TARGETS.supportPct
  )
    out.push('grounding');
  if (r.model === 'pinning' && pct(r.repaired, r.repaired + r.removed) < TARGETS.repairedPct) out.push('repaired');
  return out;
}

async function paperOf(
  spec: CoverageSpec,
  model: (typeof MODELS)[number],
  search: BibliographicSearch[],
  pdf: PdfConverter,
  fullTexts: ReturnType<typeof createMemoryFullTexts>,
) {
  const scenario = SCENARIOS.find((x) => x.name === model)!;
  const behaviour = scenario.make();
  const honest = wellBehavedModel();
  const llm = await startFakeLlm({
    apiKey: 'k',
    tokensPerSecond: RATE,
    charsPerToken: 4,
    behave: behaviour.behave,
    answer: (req) => (behaviour.answer ? behaviour.answer(req, honest(req)) : honest(req)),
  });
  const checkpoints = createMemoryCheckpoints();
  try {
    const result = await generatePaper(
      { ...benchPaperInput(spec.topic), type: spec.type },
      {
        writer: createLlmWriter({ baseURL: llm.url, apiKey: 'k', models: { basic: 'sim', professional: 'sim' }, ...WRITER }),
        search,
        checkpoints,
        pdf,
        onProgress: () => {},
        now: NOW,
        fullTexts,
        fullTextDownloads: { ...FULL_TEXT_LIMITS, loopback: true },
        streams: WRITER.concurrency,
      },
    );
    const { list } = (await checkpoints.get('sources:passages')) as { list: Passage[] };
    return {
      result,
      passages: list,
      glossary: result.citations.glossary,
      found: (await checkpoints.get('sources:found')) as { doi?: string; pages?: string }[],
    };
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return { error: `${e.code ?? 'error'}: ${e.message ?? String(error)}` };
  } finally {
    await llm.close();
  }
}

export async function runCoverage(pdf: PdfConverter): Promise<boolean> {
  const rows: Row[] = [];
  const fullTexts = createMemoryFullTexts();
  for (const spec of COVERAGE) {
    const corpus = coverageCorpus(spec);
    const stand = await startCorpusStandIns(corpus);
    try {
      const providers = stand.search();
      const queries = queriesForTopic(spec.topic);
      const found = await searchWorks({
        providers,
        queries,
        topicText: { ru: spec.topic, en: queries.en.join(' ') },
        topic: spec.topic,
        minYear: BENCH_MIN_YEAR,
        maxYear: NOW.getFullYear(),
        want: 60,
        recentFrom: firstRecentYear(NOW),
        perQuery: SEARCH_PER_QUERY,
      });
      const outlook = outlookOf({
        works: found.candidates,
        attached: 0,
        type: spec.type,
        requiredVolume: 80,
        minYear: BENCH_MIN_YEAR,
        now: NOW,
        pdf: false,
      });
      const english = new Set(corpus.englishDois.map((d) => `https://doi.org/${d}`));
      const offTopic = new Set(corpus.offTopicDois.map((d) => `https://doi.org/${d}`));
      const russianRelevant = spec.russian;
      for (const model of MODELS) {
        const started = performance.now();
        const paper = await paperOf(spec, model, stand.search(), pdf, fullTexts);
        const r = paper.result;
        const listed = r?.sources.length ?? 0;
        const foreign = r?.sources.filter((s) => s.url && english.has(s.url)).length ?? 0;
        const foreignDue = Math.min(spec.english, Math.max(Math.round(listed * FOREIGN_SHARE), coverageMinimum(spec) - russianRelevant));
        const row: Row = {
          spec,
          model,
          estimate: { planned: outlook.planned, enough: outlook.shortfall === null },
          result: r,
          error: paper.error,
          listed,
          foreign,
          foreignDue,
          offTopic: r?.sources.filter((s) => s.url && offTopic.has(s.url)).length ?? 0,
          repaired: r ? r.citations.claims.repaired + r.citations.grounding.repaired : 0,
          removed: r ? r.citations.claims.removed + r.citations.grounding.removed : 0,
          seconds: (performance.now() - started) / 1000,
        };
        if (r && paper.passages) {
          const ids = new Map<string, string>();
          paper.found!.forEach((w, i) => w.doi && ids.set(`https://doi.org/${w.doi}`, `S${i + 1}`));
          row.grounding = await measureGrounding({
            docx: r.docx,
            sourceOf: new Map(r.sources.map((s) => [s.number, s.url ? ids.get(s.url) : undefined])),
            rangeOf: new Map(paper.found!.map((w, i) => [`S${i + 1}`, w.pages])),
            passages: paper.passages.map((p) => ({ source: p.sourceId, page: p.page, text: p.text })),
            allowed: new Set(),
            glossary: paper.glossary,
          });
        }
        rows.push(row);
        process.stderr.write(`coverage ${spec.name} / ${model}: ${row.error ?? `${listed} listed`} (${row.seconds.toFixed(0)} s)\n`);
      }
    } finally {
      await stand.close();
    }
  }
  printRows(rows);
  return rows.every((r) => !misses(r).length);
}

function printRows(rows: Row[]): void {
  const header = [
    'corpus',
    'model',
    'paper',
    'listed/min',
    'foreign/due',
    'off-topic',
    'estimate',
    'names',
    'pages out',
    'figures',
    'support',
    'repaired/removed',
    'time',
  ];
  const body = rows.map((r) => {
    const g = r.grounding;
    const m = misses(r);
    return [
      r.spec.name,
      r.model,
      r.result ? 'yes' : (r.error?.split(':')[0] ?? 'no'),
      `${r.listed}/${coverageMinimum(r.spec)}`,
      `${r.foreign}/${r.foreignDue}`,
      String(r.offTopic),
      `${r.estimate.enough ? '≥' : 'short'} ${r.estimate.planned}`,
      g ? String(g.inventedNames.count) : '–',
      g ? String(g.pagesOutside.count) : '–',
      g ? `${g.figures.held}/${g.figures.total}` : '–',
      g ? `${pct(g.support.passed, g.support.total).toFixed(0)} %` : '–',
      `${r.repaired}/${r.removed}${r.repaired + r.removed ? ` (${pct(r.repaired, r.repaired + r.removed).toFixed(0)} %)` : ''}`,
      `${r.seconds.toFixed(0)} s${m.length ? ` ✗ ${m.join(', ')}` : ''}`,
    ];
  });
  const all = [header, ...body];
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i].length)));
  console.log(
    '\nCoverage: papers on corpora of different make-up. Targets: a paper whenever the corpus holds the minimum, the list at least the minimum, ' +
      `foreign works at least the engine's share (${FOREIGN_SHARE * 100} % of the list, more when Russian ones are short), 0 off-topic works listed, ` +
      `the estimate before payment never saying enough for a refused paper nor promising more than is listed, 0 grounding failures ` +
      `(names, pages, figures, ≥ ${TARGETS.supportPct} % support), ≥ ${TARGETS.repairedPct} % of the pinning model's failed statements repaired; ` +
      'a corpus below the minimum refused (estimate and engine)\n',
  );
  for (const row of all) console.log(row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
  for (const r of rows.filter((x) => misses(x).length)) {
    const g = r.grounding;
    const notes = [
      ...(r.error ? [r.error] : []),
      ...(g ? [...g.inventedNames.examples, ...g.pagesOutside.examples, ...g.figures.examples, ...g.support.examples] : []),
    ];
    console.log(`${r.spec.name} / ${r.model}: ${misses(r).join(', ')}${notes.length ? `\n    ${notes.join('\n    ')}` : ''}`);
  }
}
