/** The paper engine's parts for this worker process, built from the configuration. */
import { createCrossrefSearch, createLlmWriter, createOfflineWriter, createOpenAlexSearch, createPdfConverterPool, type BibliographicSearch, type PdfConverter, type Writer } from '@app/paper';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';

export interface EngineParts {
  writer: Writer;
  search: BibliographicSearch | null;
  pdf: PdfConverter;
}

export function createEngineParts(config: Config, log: FastifyBaseLogger): EngineParts {
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
  const mailto = config.sources.mailto ?? undefined;
  const search =
    config.sources.search === 'openalex' ? createOpenAlexSearch({ mailto }) : config.sources.search === 'crossref' ? createCrossrefSearch({ mailto }) : null;
  return { writer, search, pdf: createPdfConverterPool({ size: config.worker.pdfPoolSize, tmpDir: config.worker.pdfTmpDir }) };
}
