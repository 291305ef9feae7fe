/** The paper engine's parts for this worker process, built from the configuration. */
import {
  createCrossrefSearch,
  createInventedSearch,
  createOfflineWriter,
  createOpenAlexSearch,
  createPdfConverterPool,
  createTextRuCheck,
  createTariffWriter,
  type BibliographicSearch,
  type OriginalityCheck,
  type PdfConverter,
  type Writer,
} from '@app/paper';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';

export interface EngineParts {
  writer: Writer;
  /** Our own library, asked first. */
  library: BibliographicSearch;
  /** The outside bibliographic databases (empty: no search, development). */
  search: BibliographicSearch[];
  pdf: PdfConverter;
  /** Text.ru, when its key is configured. */
  originality: OriginalityCheck | null;
}

/** OpenAlex and Crossref as the configuration names them, or the stand-in that invents works for
 * any topic when invented sources are allowed; `timeoutMs` overrides their time limits (the
 * estimate's is shorter). */
export function createSearchProviders(sources: Config['sources'], log: FastifyBaseLogger, timeoutMs?: number): BibliographicSearch[] {
  if (sources.invented) return [createInventedSearch()];
  const mailto = sources.mailto ?? undefined;
  return sources.providers.map((name) => {
    if (name === 'openalex') {
      if (!sources.openalex.apiKey) log.warn('OPENALEX_API_KEY is not set: OpenAlex allows only a tiny daily budget without a key');
      const o = sources.openalex;
      return createOpenAlexSearch({
        baseUrl: o.baseUrl,
        apiKey: o.apiKey ?? undefined,
        mailto,
        timeoutMs: timeoutMs ?? o.timeoutMs,
        maxRequestsPerSecond: o.maxRequestsPerSecond,
        maxRetries: sources.maxRetries,
      });
    }
    const c = sources.crossref;
    return createCrossrefSearch({
      baseUrl: c.baseUrl,
      mailto,
      timeoutMs: timeoutMs ?? c.timeoutMs,
      maxRequestsPerSecond: c.maxRequestsPerSecond,
      maxRetries: sources.maxRetries,
    });
  });
}

export function createEngineParts(config: Config, library: BibliographicSearch, log: FastifyBaseLogger): EngineParts {
  let writer: Writer;
  if (config.llm) {
    const { tariffs, timeoutMs } = config.llm;
    for (const [tariff, t] of Object.entries(tariffs)) {
      log.info({ tariff, provider: t.provider.kind, model: t.model, price: t.price }, 'LLM for the tariff');
      if (!t.price) log.warn({ tariff, model: t.model }, 'LLM_PRICES has no price for this model: the cost of its orders is not known');
    }
    writer = createTariffWriter(tariffs, { timeoutMs });
  } else {
    log.warn('No LLM provider is configured: papers are written by the OFFLINE writer (development only, not AI text)');
    writer = createOfflineWriter();
  }
  const search = createSearchProviders(config.sources, log);
  if (config.sources.invented)
    log.warn('No bibliographic database is configured: papers cite INVENTED works, marked as such in every paper (development only)');
  else if (!search.length) log.warn('SOURCES_SEARCH is none: papers cite the attached files and our own library only');
  const originality = config.textRu ? createTextRuCheck(config.textRu) : null;
  if (!originality) log.info('TEXTRU_USER_KEY is not set: originality is checked by the engine alone');
  return {
    writer,
    library,
    search,
    pdf: createPdfConverterPool({ size: config.worker.pdfPoolSize, tmpDir: config.worker.pdfTmpDir }),
    originality,
  };
}
