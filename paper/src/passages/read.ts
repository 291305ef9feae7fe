/**
 * Sources read as passages of about a paragraph, each with the page printed on it: an open full
 * text (a found work's PDF, the user's file) gives passages with pages; a found work without one
 * gives its abstract, cited without a page. The reading stage reads a paper's sources so, and a
 * revision the works it adds.
 */
import { PaperError } from '../errors.ts';
import { extractSourceText } from '../sources/extract/index.ts';
import type { RunSource } from '../sources/types.ts';
import { inventedFullText } from '../sources/search/invented.ts';
import { fullTextPdf } from './full-texts.ts';
import { printedPages, citedRange } from './printed-pages.ts';
import { splitPassages } from './split.ts';
import type { ReadAs, DownloadLimits, FullTextStore, Passage } from './types.ts';

/** Downloads at the same time. */
const PARALLEL_DOWNLOADS = 3;
/** A full text beyond these is a whole issue or a book, not read (its abstract is). */
const FULL_TEXT_EXTRACT = { maxPages: 300, timeoutMs: 30_000 };

interface ReadSource {
  pages: { page: string | null; text: string }[];
  readAs: ReadAs;
}

/** The pages of the work with their printed numbers (a cover sheet, a page outside the record's range left out); null: none is left. */
function numbered(pageTexts: string[], labels: (string | null)[] | null | undefined, recordPages: string | undefined): ReadSource | null {
  const { pages, numbering } = printedPages({ pageTexts, labels, recordPages });
  const kept = pageTexts.flatMap((text, i) => (pages[i] === null ? [] : [{ page: pages[i], text }]));
  return kept.length ? { pages: kept, readAs: numbering } : null;
}

/** What reading a found work takes of the run: where its full texts are kept and how they are downloaded. */
interface Reading {
  ctx: { fullTexts?: FullTextStore; fullTextDownloads?: DownloadLimits };
  signal?: AbortSignal;
}

async function readFound(run: Reading, source: RunSource): Promise<ReadSource> {
  const work = source.work;
  const abstract: ReadSource = { pages: work?.abstract ? [{ page: null, text: work.abstract }] : [], readAs: 'abstract' };
  // An invented work (the development stand-in) has its full text made up with it.
  if (work?.invented) return numbered(inventedFullText(work), null, work.pages) ?? abstract;
  const store = run.ctx.fullTexts;
  if (!store || !work) return abstract;
  for (const url of [work.pdfUrl, work.oaUrl]) {
    if (!url) continue;
    const pdf = await fullTextPdf(store, url, run.signal, run.ctx.fullTextDownloads);
    if (!pdf.ok) continue;
    try {
      const extracted = await extractSourceText({ name: 'full-text.pdf', bytes: pdf.bytes }, FULL_TEXT_EXTRACT);
      // A file whose pages are none of the record's is not this work's text.
      const read = numbered(extracted.text.split('\f'), extracted.pageLabels, work.pages);
      if (read) return read;
    } catch (error) {
      // A PDF that cannot be read (a scan, a damaged file) leaves the abstract.
      if (!(error instanceof PaperError && error.code === 'file_rejected')) throw error;
    }
  }
  return abstract;
}

function readAttached(source: RunSource): ReadSource {
  const file = source.file!;
  const unpaged: ReadSource = { pages: [{ page: null, text: file.text }], readAs: 'text' };
  if (!file.text.includes('\f')) return unpaged;
  return numbered(file.text.split('\f'), file.pageLabels, citedRange(file.citation)) ?? unpaged;
}

async function inBatches<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

/** The sources' passages, ids given by `nextId` in the order of the sources (whatever order the downloads finished in). */
export async function readSources(
  run: Reading,
  sources: RunSource[],
  nextId: () => string,
): Promise<{ list: Passage[]; readAs: Record<string, ReadAs> }> {
  const read = await inBatches(sources, PARALLEL_DOWNLOADS, async (s) => (s.origin === 'attached' ? readAttached(s) : readFound(run, s)));
  const list = read.flatMap((r, i) => splitPassages(sources[i].id, r.pages, nextId));
  return { list, readAs: Object.fromEntries(sources.map((s, i) => [s.id, read[i].readAs])) };
}
