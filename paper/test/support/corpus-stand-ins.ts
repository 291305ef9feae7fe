/**
 * A corpus served as the engine meets it (topic-corpus.ts, coverage-corpus.ts): its open PDFs by a
 * repository, its records by the OpenAlex and Crossref stand-ins, and the engine's providers for
 * them. One start for the tests and benches that write papers against a corpus.
 */
import { createCrossrefSearch, createOpenAlexSearch, type BibliographicSearch } from '../../src/index.ts';
import { startCrossrefStandIn } from './crossref-stand-in.ts';
import { startOpenAlexStandIn } from './openalex-stand-in.ts';
import { makePdf, startPdfServer, type TestPdf } from './pdf-server.ts';
import type { TopicCorpus } from './topic-corpus.ts';

export async function startCorpusStandIns(corpus: { pdfs: Record<string, TestPdf>; records: TopicCorpus['records'] }) {
  const files: Record<string, Uint8Array> = {};
  for (const [path, spec] of Object.entries(corpus.pdfs)) files[path] = await makePdf(spec);
  const repository = await startPdfServer(files);
  const records = corpus.records(repository.url);
  const openalex = await startOpenAlexStandIn({ works: records.openalex });
  const crossref = await startCrossrefStandIn({ works: records.crossref, lookupOnly: records.crossrefLookupOnly });
  return {
    repository,
    openalex,
    crossref,
    /** The engine's search over the stand-ins, as a run is given it. */
    search: (): BibliographicSearch[] => [
      createOpenAlexSearch({ baseUrl: openalex.url }),
      createCrossrefSearch({ baseUrl: crossref.url, mailto: 'test@example.org' }),
    ],
    close: async () => {
      await openalex.close();
      await crossref.close();
      await repository.close();
    },
  };
}
