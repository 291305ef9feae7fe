/** The paper engine's parts for this worker process, built from the configuration. */
import {
  createCrossrefSearch,
  createLlmWriter,
  createOfflineWriter,
  createOpenAlexSearch,
  createPdfConverterPool,
  createTextRuCheck,
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

/** OpenAlex and Crossref as the configuration names them; `timeoutMs` overrides their time limits (the estimate's is shorter). */
export function createSearchProviders(sources: Config['sources'], log: FastifyBaseLogger, timeoutMs?: number): BibliographicSearch[] {
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
    writer = createLlmWriter({
      baseURL: config.llm.baseUrl,
      apiKey: config.llm.apiKey,
      models: config.llm.models,
      concurrency: config.llm.concurrency,
      timeoutMs: config.llm.timeoutMs,
    });
  } else {
    log.warn('LLM_BASE_URL is not set: papers are written by the OFFLINE writer (development only, not AI text)');
    writer = createOfflineWriter();
  }
  const search = createSearchProviders(config.sources, log);
  if (!search.length) log.warn('SOURCES_SEARCH is none: papers cite the attached files and our own library only (development only)');
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
