/**
 * The search's settings by name: the same names the api's configuration reads from its
 * environment, which the CLI takes as flags or environment variables.
 */
import { PaperError } from '../../errors.ts';
import { createCrossrefSearch } from './crossref.ts';
import { createOpenAlexSearch } from './openalex.ts';
import type { BibliographicSearch } from './types.ts';

/** The search's settings: the api's environment variable names, also accepted as flags (OPENALEX_API_KEY = --openalex-api-key). */
export const SEARCH_SETTINGS = [
  'SOURCES_SEARCH',
  'SOURCES_MAILTO',
  'SOURCES_MAX_RETRIES',
  'OPENALEX_BASE_URL',
  'OPENALEX_API_KEY',
  'OPENALEX_TIMEOUT_SECONDS',
  'OPENALEX_MAX_REQUESTS_PER_SECOND',
  'CROSSREF_BASE_URL',
  'CROSSREF_TIMEOUT_SECONDS',
  'CROSSREF_MAX_REQUESTS_PER_SECOND',
] as const;
type SearchSetting = (typeof SEARCH_SETTINGS)[number];
export const flagOf = (name: SearchSetting) => name.toLowerCase().replace(/_/g, '-');

function positiveNumber(name: SearchSetting, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0)
    throw new PaperError('invalid_input', `${flagOf(name)}: ожидается неотрицательное число, а не «${value}»`);
  return n;
}

/** The databases to ask, from flags or the environment; none without SOURCES_SEARCH (offline). */
export function searchProvidersOf(setting: (name: SearchSetting) => string | undefined): BibliographicSearch[] {
  const list = (setting('SOURCES_SEARCH') ?? 'none')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && s !== 'none');
  const unknown = list.filter((s) => s !== 'openalex' && s !== 'crossref');
  if (unknown.length)
    throw new PaperError('invalid_input', `Неизвестная библиографическая база: ${unknown.join(', ')} (допустимы openalex, crossref, none)`);
  const mailto = setting('SOURCES_MAILTO');
  const maxRetries = positiveNumber('SOURCES_MAX_RETRIES', setting('SOURCES_MAX_RETRIES'));
  const seconds = (name: SearchSetting) => {
    const s = positiveNumber(name, setting(name));
    return s === undefined ? undefined : s * 1000;
  };
  return [...new Set(list)].map((name) =>
    name === 'openalex'
      ? createOpenAlexSearch({
          baseUrl: setting('OPENALEX_BASE_URL'),
          apiKey: setting('OPENALEX_API_KEY'),
          mailto,
          maxRetries,
          timeoutMs: seconds('OPENALEX_TIMEOUT_SECONDS'),
          maxRequestsPerSecond: positiveNumber('OPENALEX_MAX_REQUESTS_PER_SECOND', setting('OPENALEX_MAX_REQUESTS_PER_SECOND')),
        })
      : createCrossrefSearch({
          baseUrl: setting('CROSSREF_BASE_URL'),
          mailto,
          maxRetries,
          timeoutMs: seconds('CROSSREF_TIMEOUT_SECONDS'),
          maxRequestsPerSecond: positiveNumber('CROSSREF_MAX_REQUESTS_PER_SECOND', setting('CROSSREF_MAX_REQUESTS_PER_SECOND')),
        }),
  );
}
