/**
 * The model of a command-line run (src/cli.ts) from its flags, with the api's environment variables
 * (api/src/config.ts) as fallbacks where the names agree: an OpenAI-compatible endpoint, YandexGPT
 * or GigaChat, through the same tariff writer the worker uses. Everything is checked before a call
 * is made, with a Russian error that never repeats a key.
 */
import { readFileSync } from 'node:fs';
import { PaperError } from '../errors.ts';
import type { Tariff } from '../input/types.ts';
import { GIGACHAT_BASE_URL, GIGACHAT_OAUTH_URL, GIGACHAT_SCOPES, type GigaChatScope } from './gigachat.ts';
import { parseLlmPrices } from './prices.ts';
import { createTariffWriter, type LlmProvider } from './tariffs.ts';
import type { Writer } from './types.ts';
import { YANDEX_BASE_URL } from './yandex.ts';

export const LLM_PROVIDERS = ['openai', 'yandex', 'gigachat'] as const;
export type LlmProviderName = (typeof LLM_PROVIDERS)[number];

/** A tariff's model when none is given (the CLI and the api's LLM_MODEL_<TARIFF>). */
export const DEFAULT_LLM_MODELS: Record<LlmProviderName, Record<Tariff, string>> = {
  openai: { basic: 'gpt-4o-mini', professional: 'gpt-4o' },
  yandex: { basic: 'yandexgpt-lite/latest', professional: 'yandexgpt/latest' },
  gigachat: { basic: 'GigaChat-2', professional: 'GigaChat-2-Max' },
};

/** The flags, each with the api's environment variable it falls back to (if any). */
export const LLM_FLAGS = {
  'llm-provider': null,
  'llm-base-url': 'LLM_BASE_URL',
  /** The OpenAI-compatible endpoint's key, or YandexGPT's API key (YANDEX_API_KEY). */
  'llm-key': null,
  'model-basic': 'LLM_MODEL_BASIC',
  'model-professional': 'LLM_MODEL_PROFESSIONAL',
  'llm-prices': 'LLM_PRICES',
  concurrency: null,
  'timeout-ms': null,
  'yandex-folder-id': 'YANDEX_FOLDER_ID',
  'yandex-iam-token': 'YANDEX_IAM_TOKEN',
  'yandex-base-url': 'YANDEX_BASE_URL',
  'gigachat-auth-key': 'GIGACHAT_AUTH_KEY',
  'gigachat-scope': 'GIGACHAT_SCOPE',
  'gigachat-ca': 'GIGACHAT_CA_FILE',
  'gigachat-oauth-url': 'GIGACHAT_OAUTH_URL',
  'gigachat-base-url': 'GIGACHAT_BASE_URL',
} as const;
type LlmFlag = keyof typeof LLM_FLAGS;

/** The flags that belong to one provider: given with another, they are a mistake. */
const OWN_FLAGS: Record<LlmProviderName, LlmFlag[]> = {
  openai: ['llm-base-url'],
  yandex: ['yandex-folder-id', 'yandex-iam-token', 'yandex-base-url'],
  gigachat: ['gigachat-auth-key', 'gigachat-scope', 'gigachat-ca', 'gigachat-oauth-url', 'gigachat-base-url'],
};

const invalid = (message: string) => new PaperError('invalid_input', message);

function url(name: string, value: string): string {
  try {
    const u = new URL(value);
    if (u.protocol === 'http:' || u.protocol === 'https:') return value;
  } catch {
    // Falls through to the error.
  }
  throw invalid(`${name}: ожидается адрес http(s)://…, а не «${value}»`);
}

function positiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw invalid(`--${name}: ожидается целое положительное число, а не «${value}»`);
  return n;
}

/** A root certificate file (PEM) for GigaChat's chain (the Russian Trusted Root CA). */
function certificate(file: string): string {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (error) {
    throw invalid(`--gigachat-ca: не удалось прочитать файл ${file} (${(error as NodeJS.ErrnoException).code ?? 'ошибка'})`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw invalid(`--gigachat-ca: файл ${file} не сертификат в формате PEM`);
  return pem;
}

/**
 * The writer of a run from its flags (`flags`, unset ones absent) and the environment; null: no
 * provider is named and no endpoint given, the offline writer. `tariff` picks LLM_PROVIDER_<TARIFF>.
 */
export function llmWriterOf(options: {
  flags: Partial<Record<LlmFlag, string>>;
  env: Record<string, string | undefined>;
  tariff: Tariff;
}): (Writer & { readonly stats: { attempts: number; retries: number } }) | null {
  const { flags, tariff } = options;
  const env = (name: string) => (options.env[name] === '' ? undefined : options.env[name]);
  const setting = (flag: LlmFlag) => flags[flag] ?? (LLM_FLAGS[flag] ? env(LLM_FLAGS[flag]) : undefined);
  const named = flags['llm-provider'] ?? env(`LLM_PROVIDER_${tariff.toUpperCase()}`);
  if (named !== undefined && !(LLM_PROVIDERS as readonly string[]).includes(named))
    throw invalid(`--llm-provider: допустимы ${LLM_PROVIDERS.join(', ')}, а не «${named}»`);
  const baseURL = setting('llm-base-url');
  // As in the api, an OpenAI-compatible provider of the environment without its address means none.
  if ((named === undefined || (named === 'openai' && flags['llm-provider'] === undefined)) && baseURL === undefined) {
    const stray = (Object.keys(flags) as LlmFlag[]).filter((f) => flags[f] !== undefined && f !== 'concurrency' && f !== 'timeout-ms');
    if (stray.length) throw invalid(`--${stray[0]} задан, но модель не выбрана: укажите --llm-provider или --llm-base-url`);
    return null;
  }
  const kind = (named ?? 'openai') as LlmProviderName;
  for (const other of LLM_PROVIDERS.filter((p) => p !== kind))
    for (const flag of OWN_FLAGS[other])
      if (flags[flag] !== undefined) throw invalid(`--${flag} относится к провайдеру ${other}, а выбран ${kind}`);
  const concurrency = positiveInteger('concurrency', flags.concurrency);
  const timeoutMs = positiveInteger('timeout-ms', flags['timeout-ms']) ?? 180_000;
  let provider: LlmProvider;
  if (kind === 'openai') {
    if (!baseURL) throw invalid('Для --llm-provider openai укажите --llm-base-url (или LLM_BASE_URL)');
    provider = {
      kind,
      baseURL: url('--llm-base-url', baseURL),
      apiKey: flags['llm-key'] ?? env('LLM_API_KEY') ?? 'none',
      concurrency: concurrency ?? positiveInteger('concurrency', env('LLM_CONCURRENCY')) ?? 4,
    };
  } else if (kind === 'yandex') {
    const folderId = setting('yandex-folder-id');
    if (!folderId) throw invalid('Для YandexGPT укажите каталог: --yandex-folder-id (или YANDEX_FOLDER_ID)');
    // A flag wins over the environment: an API key given as a flag is not joined by an IAM token of the environment.
    const apiKey = flags['llm-key'] ?? (flags['yandex-iam-token'] ? undefined : env('YANDEX_API_KEY'));
    const iamToken = flags['yandex-iam-token'] ?? (flags['llm-key'] ? undefined : env('YANDEX_IAM_TOKEN'));
    if (!apiKey === !iamToken)
      throw invalid(
        'Для YandexGPT укажите одно из двух: API-ключ --llm-key (YANDEX_API_KEY) или IAM-токен --yandex-iam-token (YANDEX_IAM_TOKEN)',
      );
    provider = {
      kind,
      baseURL: url('--yandex-base-url', setting('yandex-base-url') ?? YANDEX_BASE_URL),
      folderId,
      ...(apiKey ? { apiKey } : { iamToken }),
      concurrency: concurrency ?? positiveInteger('concurrency', env('YANDEX_CONCURRENCY')) ?? 10,
    };
  } else {
    if (flags['llm-key'] !== undefined) throw invalid('Для GigaChat ключ авторизации задаётся флагом --gigachat-auth-key, а не --llm-key');
    const authKey = setting('gigachat-auth-key');
    if (!authKey) throw invalid('Для GigaChat укажите ключ авторизации: --gigachat-auth-key (или GIGACHAT_AUTH_KEY)');
    const scope = setting('gigachat-scope') ?? 'GIGACHAT_API_PERS';
    if (!(GIGACHAT_SCOPES as readonly string[]).includes(scope))
      throw invalid(`--gigachat-scope: допустимы ${GIGACHAT_SCOPES.join(', ')}, а не «${scope}»`);
    const ca = setting('gigachat-ca');
    provider = {
      kind,
      authKey,
      scope: scope as GigaChatScope,
      oauthUrl: url('--gigachat-oauth-url', setting('gigachat-oauth-url') ?? GIGACHAT_OAUTH_URL),
      baseURL: url('--gigachat-base-url', setting('gigachat-base-url') ?? GIGACHAT_BASE_URL),
      ...(ca ? { ca: certificate(ca) } : {}),
      // One stream for an individual, ten for a company.
      concurrency: concurrency ?? positiveInteger('concurrency', env('GIGACHAT_CONCURRENCY')) ?? (scope === 'GIGACHAT_API_PERS' ? 1 : 10),
    };
  }
  const { prices, errors } = parseLlmPrices(setting('llm-prices') ?? '');
  if (errors.length)
    throw invalid(`--llm-prices: ожидается «модель=вход/выход;…» (рублей за миллион токенов): ${errors.length} записей не читаются`);
  // One model named for the basic tariff serves the professional one too (a local endpoint with one model).
  const model = (t: Tariff) =>
    (t === 'basic' ? setting('model-basic') : (setting('model-professional') ?? flags['model-basic'])) ?? DEFAULT_LLM_MODELS[kind][t];
  const tariffModel = (t: Tariff) => ({ provider, model: model(t), price: prices[model(t)] ?? null });
  return createTariffWriter({ basic: tariffModel('basic'), professional: tariffModel('professional') }, { timeoutMs });
}
