/**
 * The paper engine: no HTTP, no database, no environment variables. Everything comes in through
 * options; see README.md for the demo definition and the interface.
 */
export { generatePaper, revisePaper } from './engine.ts';
export type { GeneratedPaper, RevisionResult } from './engine.ts';
export { isSnapshot } from './run/snapshot.ts';
export type { PaperSnapshot } from './run/snapshot.ts';
export { readDocxComments, remarksOfComments } from './remarks/docx-comments.ts';
export type { DocxComment } from './remarks/docx-comments.ts';
export { splitRemarks } from './remarks/split.ts';
export type {
  OutcomeStatus,
  RemarkClass,
  RemarkInput,
  RemarkKind,
  RemarkOutcome,
  RevisionReport,
  RevisionRequest,
} from './remarks/types.ts';
export { makeDefenceKit } from './defence/kit.ts';
export type { DefenceContext } from './defence/kit.ts';
export { validateInput } from './input/validate.ts';
export type { AttachedSource, PaperInput, PaperType, Tariff, UserStructure } from './input/types.ts';
export type { Outline, OutlineChapter } from './outline/types.ts';
export { OutlineSchema } from './outline/schema.ts';
export type { PaperResult, ProgressEvent, RunContext, SourceVerification, DefenceKit } from './types.ts';
export type { TitlePageInfo } from './input/types.ts';
export type { SectionText } from './typeset/types.ts';
export type { Usage } from './writer/types.ts';
export type { BibliographyEntry, PaperSourceRef } from './bibliography/types.ts';
export { createDirectoryFullTexts, createMemoryFullTexts } from './passages/full-texts.ts';
export type { DownloadLimits, FullTextStore } from './passages/types.ts';
export { createMemoryCheckpoints, createDirectoryCheckpoints } from './checkpoints/stores.ts';
export type { CheckpointStore } from './checkpoints/types.ts';
export { PaperError } from './errors.ts';
export type { PaperErrorCode } from './errors.ts';
export { createLlmWriter } from './writer/llm.ts';
export type { LlmWriterOptions, LlmPrice, LlmAuth } from './writer/llm.ts';
export { parseLlmPrices } from './writer/prices.ts';
export { createYandexWriter, yandexModelUri, YANDEX_BASE_URL } from './writer/yandex.ts';
export {
  createGigaChatWriter,
  createGigaChatTokenProvider,
  GIGACHAT_BASE_URL,
  GIGACHAT_OAUTH_URL,
  GIGACHAT_SCOPES,
} from './writer/gigachat.ts';
export type { GigaChatScope } from './writer/gigachat.ts';
export { createTariffWriter } from './writer/tariffs.ts';
export { DEFAULT_LLM_MODELS, LLM_PROVIDERS, type LlmProviderName } from './writer/settings.ts';
export type { LlmProvider, TariffModel, CommonLlmOptions } from './writer/tariffs.ts';
export { createOfflineWriter } from './offline-writer/index.ts';
export type { Writer, WriterCall, WriterReply } from './writer/types.ts';
export { createOpenAlexSearch } from './sources/search/openalex.ts';
export { createCrossrefSearch } from './sources/search/crossref.ts';
export { createLocalSearch } from './sources/search/local.ts';
export { createInventedSearch } from './sources/search/invented.ts';
export type { BibliographicSearch, SearchQuery } from './sources/search/types.ts';
export type { FoundWork } from './bibliography/types.ts';
export { searchWorks } from './sources/find-works.ts';
export { queriesForTopic } from './sources/queries.ts';
export { workLanguage } from './sources/relevance.ts';
export { firstRecentYear, minimumSources, SEARCH_PER_QUERY, shortfallOf } from './sources/minimums.ts';
export { outlookOf, type SourcesOutlook } from './sources/choice.ts';
export { sniffFile, extractSourceText, UploadInspector } from './sources/extract/index.ts';
export { claimProcessFolder, releaseProcessFolder } from './process-folder.ts';
export type { SniffResult, FileKind, ExtractLimits, ExtractedText } from './sources/extract/index.ts';
export { createPdfConverterPool } from './pdf/pool.ts';
export type { PdfPoolOptions } from './pdf/pool.ts';
export type { PdfConverter } from './pdf/types.ts';
export { checkDocx } from './normocontrol/check.ts';
export type { NormocontrolIssue, NormocontrolReport } from './types.ts';
export { formatRecord } from './bibliography/gost.ts';
export type { WorkRecord, Person } from './bibliography/types.ts';
export { DEMO_PAGES } from './run/budget.ts';
export { createTextRuCheck } from './originality/text-ru.ts';
export type { TextRuOptions } from './originality/text-ru.ts';
export type { OriginalityCheck, OriginalityFragment, OriginalityMethod, OriginalityReport } from './types.ts';
