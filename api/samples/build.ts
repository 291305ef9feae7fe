/**
 * `npm run samples -w api`: writes the landing page's four sample works with the engine, each as
 * its order would be written: the order's input (paperInputOf), generatePaper, and the writer and
 * bibliographic search that the api builds from its configuration (loadConfig, createEngineParts).
 * The cards' figures (pages, sources, the volume of the work) are the generated papers'.
 *
 * - With an LLM provider and the bibliographic databases configured (LLM_* and SOURCES_SEARCH with
 *   their keys, as in production), the samples are written by that model from the works found.
 * - With neither (as in CI and development), the same configuration is pointed at local stand-ins:
 *   the simulated well-behaved model (paper/dev/misbehaving-llm.ts, served by paper/dev/fake-llm.ts)
 *   and the OpenAlex, Crossref and open-access repository stand-ins of paper/test/support (their
 *   corpus is on small business, so the samples' topics are too).
 * Either way each card (`writtenBy`, shown on the landing page) and each document's properties
 * (PaperProducedBy) say in plain Russian what wrote it, and the output names the configuration.
 * The api's own library (in an installation's database) is not asked.
 * Writes SAMPLES_DIR (paper/samples): <slug>.docx and manifest.json; the files are committed.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PRICES, SAMPLE_TARIFF_LABELS } from '@app/contract';
import { createMemoryCheckpoints, createMemoryFullTexts, generatePaper, type Outline, type PaperResult } from '@app/paper';
import { FULL_TEXT_LIMITS } from '@app/paper/passages/full-texts';
import { pino } from 'pino';
import { startFakeLlm } from '../../paper/dev/fake-llm.ts';
import { wellBehavedModel, type Model } from '../../paper/dev/misbehaving-llm.ts';
import { startCrossrefStandIn } from '../../paper/test/support/crossref-stand-in.ts';
import { startOpenAlexStandIn } from '../../paper/test/support/openalex-stand-in.ts';
import { makePdf, startPdfServer } from '../../paper/test/support/pdf-server.ts';
import { ECONOMICS, topicCorpus } from '../../paper/test/support/topic-corpus.ts';
import { loadConfig, type Config, type Env } from '../src/config.ts';
import { createEngineParts } from '../src/modules/generation/engine.ts';
import { paperInputOf } from '../src/modules/generation/order-input.ts';
import type { OrderOptions } from '../src/modules/orders/entities.ts';

interface SampleOrder {
  slug: string;
  topic: string;
  type: 'demo' | 'full';
  tariff: 'basic' | 'professional';
  footnotes: boolean;
  separateBibliography: boolean;
  /** The full version of this sample's demo, as a customer who bought the demo orders it. */
  fromDemo?: string;
}

/** Demo and full, basic and professional, footnotes and a split list on and off. */
const SAMPLES: SampleOrder[] = [
  { slug: 'sme-regions-demo', topic: ECONOMICS.topic, type: 'demo', tariff: 'professional', footnotes: true, separateBibliography: false },
  {
    slug: 'sme-regions-full',
    topic: ECONOMICS.topic,
    type: 'full',
    tariff: 'professional',
    footnotes: true,
    separateBibliography: true,
    fromDemo: 'sme-regions-demo',
  },
  {
    slug: 'sme-edo-full',
    topic: 'Электронный документооборот в управлении малым бизнесом',
    type: 'full',
    tariff: 'basic',
    footnotes: false,
    separateBibliography: false,
  },
  {
    slug: 'sme-support-demo',
    topic: 'Государственная поддержка цифровизации малого бизнеса в России',
    type: 'demo',
    tariff: 'basic',
    footnotes: false,
    separateBibliography: false,
  },
];
/** A full sample's volume: the least a full order may ask for. */
const FULL_VOLUME = 80;
/** The samples' clock: the access dates of the list and the year on the title page. */
const NOW = new Date();

const log = pino({ level: process.env.LOG_LEVEL ?? 'warn' });

function optionsOf(s: SampleOrder): OrderOptions {
  return {
    use_footnotes: s.footnotes,
    separate_bibliography: s.separateBibliography,
    min_publication_year: NOW.getFullYear() - 15,
    required_volume: FULL_VOLUME,
    gost_citations: [],
    user_structure: null,
    title_page: null,
    // As the order form's default.
    ai_appendix: true,
  };
}

/** The landing page's card of a sample: the specification's fields and the generated paper's figures. */
function cardOf(s: SampleOrder, result: PaperResult, writtenBy: string) {
  return {
    title: result.title,
    type: s.type === 'demo' ? 'Демо' : 'Полный',
    tariff: SAMPLE_TARIFF_LABELS[s.tariff],
    price: PRICES[s.type][s.tariff],
    annotation: result.annotation,
    downloadUrl: `/samples/${s.slug}.docx`,
    hasBibliography: s.separateBibliography,
    hasFootnotes: s.footnotes,
    keywords: result.keywords,
    pages: result.pageCount,
    /** A full sample is the whole work: the volume ordered (its pages are within ±5 % of it). */
    volume: s.type === 'full' ? result.volume.requested : null,
    sources: result.bibliography.length,
    writtenBy,
  };
}

/** The bibliographic databases by the names their users know. */
const DATABASE_NAMES: Record<string, string> = { openalex: 'OpenAlex', crossref: 'Crossref' };

/** What the landing page tells a visitor about who wrote a sample of `tariff`. */
type WrittenBy = (tariff: SampleOrder['tariff']) => string;

/** The configuration to write with: the environment's, or one pointed at the local stand-ins. */
async function configuration(): Promise<{ config: Config; writtenBy: WrittenBy; simulated: boolean; close: () => Promise<void> }> {
  const own = loadConfig(process.env as Env);
  const hasLlm = own.llm !== null;
  const hasSearch = own.sources.providers.length > 0;
  if (hasLlm && hasSearch) {
    const databases = own.sources.providers.map((p) => DATABASE_NAMES[p] ?? p).join(', ');
    // A Yandex model's name holds the cloud folder: the product's name is enough.
    const modelOf = (tariff: SampleOrder['tariff']) => {
      const { provider, model } = own.llm!.tariffs[tariff];
      return provider.kind === 'yandex' ? 'YandexGPT' : model;
    };
    return {
      config: own,
      writtenBy: (tariff) => `Написан языковой моделью ${modelOf(tariff)} по источникам из баз ${databases}`,
      simulated: false,
      close: async () => undefined,
    };
  }
  if (hasLlm || hasSearch)
    throw new Error(
      'Настроено одно без другого: для настоящих образцов нужны и языковая модель (LLM_*), и базы источников (SOURCES_SEARCH); без обоих образцы пишутся на локальных имитациях',
    );
  const corpus = topicCorpus(ECONOMICS);
  const files: Record<string, Uint8Array> = {};
  for (const [path, spec] of Object.entries(corpus.pdfs)) files[path] = await makePdf(spec);
  const repository = await startPdfServer(files);
  const records = corpus.records(repository.url);
  const openalex = await startOpenAlexStandIn({ works: records.openalex });
  const crossref = await startCrossrefStandIn({ works: records.crossref, lookupOnly: records.crossrefLookupOnly });
  const llm = await startFakeLlm({ apiKey: 'sk-samples', tokensPerSecond: 600, charsPerToken: 4, answer: (req) => model(req) });
  const config = loadConfig({
    ...process.env,
    LLM_PROVIDER_BASIC: 'openai',
    LLM_PROVIDER_PROFESSIONAL: 'openai',
    LLM_BASE_URL: llm.url,
    LLM_API_KEY: 'sk-samples',
    LLM_MODEL_BASIC: 'simulated-well-behaved',
    LLM_MODEL_PROFESSIONAL: 'simulated-well-behaved',
    LLM_CONCURRENCY: '16',
    SOURCES_SEARCH: 'openalex,crossref',
    SOURCES_MAILTO: 'samples@example.org',
    OPENALEX_BASE_URL: openalex.url,
    CROSSREF_BASE_URL: crossref.url,
  } as Env);
  return {
    config,
    // Honest, in the visitor's words: no real model and no real database took part.
    writtenBy: () => 'Демонстрационный образец: написан без настоящей языковой модели, её имитацией, по вымышленным источникам',
    simulated: true,
    close: async () => {
      await llm.close();
      await openalex.close();
      await crossref.close();
      await repository.close();
    },
  };
}

/** The simulated model of the paper being written (its state is one paper's). */
let model: Model = wellBehavedModel();

const { config, writtenBy, simulated, close } = await configuration();
console.log(
  simulated
    ? 'samples: the simulated model and the OpenAlex, Crossref and repository stand-ins (no LLM_* or SOURCES_SEARCH configured)'
    : `samples: ${SAMPLES.map((s) => writtenBy(s.tariff)).join('; ')}`,
);
const library = { name: 'library', search: async () => [] };
const engine = createEngineParts(config, library, log);
const fullTexts = createMemoryFullTexts();
try {
  const outlines = new Map<string, Outline>();
  const cards = [];
  for (const s of SAMPLES) {
    model = wellBehavedModel();
    const fromDemo = s.fromDemo ? outlines.get(s.fromDemo)! : null;
    const input = paperInputOf({ id: s.slug, options: optionsOf(s), topic: s.topic, paperType: s.type, tariff: s.tariff }, [], fromDemo);
    const started = Date.now();
    const result = await generatePaper(input, {
      writer: engine.writer,
      library: engine.library,
      search: engine.search,
      pdf: engine.pdf,
      checkpoints: createMemoryCheckpoints(),
      fullTexts,
      // The stand-ins listen on loopback, which real downloads refuse.
      ...(simulated ? { fullTextDownloads: { ...FULL_TEXT_LIMITS, loopback: true } } : {}),
      originality: engine.originality,
      now: NOW,
      producedBy: writtenBy(s.tariff),
      onProgress: () => undefined,
    });
    if (!result.normocontrol.ok)
      throw new Error(`${s.slug}: нормоконтроль: ${result.normocontrol.issues.map((i) => i.message).join('; ')}`);
    outlines.set(s.slug, result.outline);
    await writeFile(join(config.samplesDir, `${s.slug}.docx`), result.docx);
    cards.push(cardOf(s, result, writtenBy(s.tariff)));
    console.log(
      `${s.slug}.docx: ${s.type === 'demo' ? 'демо' : `полная работа на ${FULL_VOLUME} с.`}, ${result.pageCount} с., ` +
        `${result.bibliography.length} источников, нормоконтроль без нарушений, ${((Date.now() - started) / 1000).toFixed(0)} с`,
    );
  }
  await writeFile(join(config.samplesDir, 'manifest.json'), `${JSON.stringify(cards, null, 2)}\n`);
  console.log(`manifest.json: ${cards.length} образца`);
} finally {
  await engine.pdf.close();
  await close();
}
