/**
 * Benchmark (prints figures, asserts nothing): the sources of a full paper on three topics, each
 * generated against local stand-ins of OpenAlex, Crossref and an open-access repository (real
 * HTTP on 127.0.0.1, no other network) with the offline writer, which here also misbehaves as a
 * model does: every third subsection gets an invented claim cited to one of its passages:
 *  - the reference list: its size, Russian and foreign works, the share of the last ten years;
 *  - how the sources were read: full texts downloaded, passages, claims checked / rewritten / repaired from their passages / removed
 *    (and how many were invented);
 *  - every page cited in the text ("[N, с. X]") looked up among the pages of that source's passages;
 *  - the minimum number of sources met or not.
 */
import { performance } from 'node:perf_hooks';
import {
  createCrossrefSearch,
  createMemoryCheckpoints,
  createMemoryFullTexts,
  createOfflineWriter,
  createOpenAlexSearch,
  createPdfConverterPool,
  firstRecentYear,
  generatePaper,
  minimumSources,
  PaperError,
  workLanguage,
} from '../src/index.ts';
import type { FoundWork, PaperResult, Writer } from '../src/index.ts';
import { FULL_TEXT_LIMITS } from '../src/passages/full-texts.ts';
import type { Passage } from '../src/passages/types.ts';
import { startCrossrefStandIn } from '../test/support/crossref-stand-in.ts';
import { startOpenAlexStandIn } from '../test/support/openalex-stand-in.ts';
import { makePdf, startPdfServer } from '../test/support/pdf-server.ts';
import { BENCH_MIN_YEAR, benchPaperInput, ECONOMICS, LAW, PEDAGOGY, topicCorpus, type TopicCorpus } from '../test/support/topic-corpus.ts';

const NOW = new Date('2025-03-01T12:00:00Z');
const VOLUME = 80;
const RECENT_FROM = firstRecentYear(NOW);
const MINIMUM = minimumSources('full', VOLUME);
/** Supported by no passage of any of the topics. */
const INVENTED = 'По данным источника, инфляция в Антарктиде достигла рекордных значений вследствие таяния ледников';

/** The offline writer with a model's worst habit: a claim the cited passage does not contain. */
function misbehavingWriter(): { writer: Writer; invented: () => number } {
  const offline = createOfflineWriter();
  let subsections = 0;
  let invented = 0;
  const writer: Writer = {
    kind: 'offline',
    async complete(call) {
      const reply = await offline.complete(call);
      if (call.task.kind !== 'section' || !call.task.sources.length || subsections++ % 3 !== 0) return reply;
      invented++;
      return { ...reply, text: `${reply.text}\n\n${INVENTED} [[${call.task.sources[0].id}]].` };
    },
  };
  return { writer, invented: () => invented };
}

interface Row {
  topic: string;
  seconds: number;
  error?: string;
  found?: { ru: number; en: number };
  list?: number;
  ru?: number;
  en?: number;
  recent?: number;
  offTopic?: number;
  fullTexts?: number;
  pdfLinks?: number;
  passages?: number;
  claims?: PaperResult['citations']['claims'];
  invented?: number;
  inventedLeft?: number;
  pages?: { found: number; cited: number; withoutPage: number; missing: string[] };
  paperPages?: number;
}

/** "[3, с. 47]", "[3; 5, с. 12–13]" in the texts: the source's number and its cited pages, if any. */
function citations(result: PaperResult): { number: number; pages: string[] }[] {
  const out: { number: number; pages: string[] }[] = [];
  for (const s of result.sections) {
    for (const m of s.text.matchAll(/\[(\d[^\]]*)\]/g)) {
      for (const part of m[1].split(';')) {
        const cite = /^\s*(\d+)(?:,\s*с\.\s*(\d+)(?:\s*[-–]\s*(\d+))?)?\s*$/.exec(part);
        if (!cite) continue;
        const [, n, from, to] = cite;
        const pages: string[] = [];
        if (from) for (let p = Number(from); p <= Number(to ?? from); p++) pages.push(String(p));
        out.push({ number: Number(n), pages });
      }
    }
  }
  return out;
}

async function runTopic(
  corpus: TopicCorpus,
  pdfUrl: (path: string) => string,
  pdf: ReturnType<typeof createPdfConverterPool>,
): Promise<Row> {
  const { spec } = corpus;
  const records = corpus.records(pdfUrl);
  const openalex = await startOpenAlexStandIn({ works: records.openalex });
  const crossref = await startCrossrefStandIn({ works: records.crossref, lookupOnly: records.crossrefLookupOnly });
  const checkpoints = createMemoryCheckpoints();
  const input = benchPaperInput(spec.topic, VOLUME);
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const { writer, invented } = misbehavingWriter();
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
      fullTexts: createMemoryFullTexts(),
      // The repository stand-in listens on loopback, which real downloads refuse.
      fullTextDownloads: { ...FULL_TEXT_LIMITS, loopback: true },
    });
    const elapsed = seconds();
    // The found works (source S1, S2, … in this order: nothing is attached) and the passages they were read as.
    const found = (await checkpoints.get('sources:found')) as FoundWork[];
    const { list } = (await checkpoints.get('sources:passages')) as { list: Passage[] };
    const idOf = new Map(found.map((w, i) => [`https://doi.org/${w.doi}`, `S${i + 1}`]));
    const workOf = new Map(found.map((w, i) => [`S${i + 1}`, w]));
    const pagesOf = new Map<string, Set<string>>();
    for (const p of list) if (p.page) pagesOf.set(p.sourceId, (pagesOf.get(p.sourceId) ?? new Set()).add(p.page));
    const sourceOf = new Map(result.sources.map((s) => [s.number, s.url ? idOf.get(s.url) : undefined]));
    const listed = result.sources.map((s) => (s.url ? workOf.get(idOf.get(s.url) ?? '') : undefined));
    const language = (w: FoundWork | undefined, text: string) => (w ? workLanguage(w) : /^[А-Яа-яЁё]/.test(text) ? 'ru' : 'en');
    const languages = result.sources.map((s, i) => language(listed[i], s.text));

    const pages = { found: 0, cited: 0, withoutPage: 0, missing: [] as string[] };
    for (const c of citations(result)) {
      if (!c.pages.length) pages.withoutPage++;
      const id = sourceOf.get(c.number);
      for (const page of c.pages) {
        pages.cited++;
        if (id && pagesOf.get(id)?.has(page)) pages.found++;
        else pages.missing.push(`[${c.number}, с. ${page}]`);
      }
    }
    return {
      topic: spec.key,
      seconds: elapsed,
      found: { ru: found.filter((w) => workLanguage(w) === 'ru').length, en: found.filter((w) => workLanguage(w) === 'en').length },
      list: result.sources.length,
      ru: languages.filter((l) => l === 'ru').length,
      en: languages.filter((l) => l === 'en').length,
      recent: listed.filter((w) => w && w.year >= RECENT_FROM).length,
      offTopic: listed.filter((w) => w?.doi && corpus.offTopicDois.includes(w.doi)).length,
      fullTexts: result.citations.fullTexts,
      pdfLinks: found.filter((w) => w.pdfUrl || w.oaUrl).length,
      passages: result.citations.passages,
      claims: result.citations.claims,
      invented: invented(),
      inventedLeft: result.sections.filter((s) => s.text.includes('Антарктид')).length,
      pages,
      paperPages: result.pageCount,
    };
  } catch (error) {
    if (!(error instanceof PaperError)) throw error;
    return { topic: spec.key, seconds: seconds(), error: `${error.code}: ${error.message}` };
  } finally {
    await openalex.close();
    await crossref.close();
  }
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')).join('\n');
}

const corpora = [ECONOMICS, LAW, PEDAGOGY].map((spec) => topicCorpus(spec));
const files: Record<string, Uint8Array> = {};
for (const corpus of corpora) for (const [path, spec] of Object.entries(corpus.pdfs)) files[path] = await makePdf(spec);
const server = await startPdfServer(files);
const pool = createPdfConverterPool({ size: 1 });
const rows: Row[] = [];
const total = performance.now();
try {
  for (const corpus of corpora) rows.push(await runTopic(corpus, server.url, pool));
} finally {
  await pool.close();
  await server.close();
}

console.log(
  `Sources of a full paper (${VOLUME} pages, from ${BENCH_MIN_YEAR}, offline writer inventing a claim in every third subsection), OpenAlex and Crossref stand-ins, run on ${NOW.toISOString().slice(0, 10)}`,
);
for (const c of corpora) {
  const n = c.counts;
  console.log(
    `  ${c.spec.key}: «${c.spec.topic}» — databases hold ${n.russian} Russian, ${n.english} English, ${n.offTopic} off-topic works, ${n.openPdfs} open PDFs`,
  );
}
const dash = '–';
console.log(
  `\n${table([
    [
      'topic',
      'found ru/en',
      'list',
      'ru',
      'en',
      `since ${RECENT_FROM}`,
      'off-topic',
      'full texts/links',
      'passages',
      'claims chk/rewr/rep/rem',
      'invented/left',
      'pages',
      'time',
    ],
    ...rows.map((r) =>
      r.error
        ? [r.topic, dash, dash, dash, dash, dash, dash, dash, dash, dash, dash, dash, `${r.seconds.toFixed(1)} s`]
        : [
            r.topic,
            `${r.found!.ru}/${r.found!.en}`,
            String(r.list),
            String(r.ru),
            String(r.en),
            `${Math.round((100 * r.recent!) / Math.max(1, r.list!))} %`,
            String(r.offTopic),
            `${r.fullTexts} of ${r.pdfLinks}`,
            String(r.passages),
            `${r.claims!.checked}/${r.claims!.rewritten}/${r.claims!.repaired}/${r.claims!.removed}`,
            `${r.invented}/${r.inventedLeft}`,
            String(r.paperPages),
            `${r.seconds.toFixed(1)} s`,
          ],
    ),
  ])}\n`,
);
for (const r of rows) {
  if (r.error) {
    console.log(`${r.topic}: failed: ${r.error}`);
    continue;
  }
  const p = r.pages!;
  console.log(
    `${r.topic}: cited pages: ${p.found} of ${p.cited} found in their sources` +
      `${p.missing.length ? ` (not found: ${p.missing.slice(0, 5).join(', ')})` : ''}; ${p.withoutPage} citations without a page; ` +
      `minimum of sources (${MINIMUM}): ${r.list! >= MINIMUM ? 'met' : `not met (${r.list})`}`,
  );
}
console.log(`\ntotal: ${((performance.now() - total) / 1000).toFixed(1)} s`);
