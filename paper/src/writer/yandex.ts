/**
 * YandexGPT through Yandex AI Studio's OpenAI-compatible endpoint: an API key (`Api-Key <key>`)
 * or an IAM token (`Bearer <token>`), the folder sent as OpenAI-Project (and x-folder-id), and
 * models named by URI, `gpt://<folder>/<model>` (a bare `yandexgpt/latest` is made into one).
 */
import { createLlmWriter, type LlmWriterOptions } from './llm.ts';

export const YANDEX_BASE_URL = 'https://llm.api.cloud.yandex.net/v1';

export interface YandexWriterOptions extends Omit<LlmWriterOptions, 'baseURL' | 'apiKey' | 'auth' | 'headers' | 'provider'> {
  baseURL?: string;
  folderId: string;
  /** A service account's API key, or... */
  apiKey?: string;
  /** ...an IAM token. */
  iamToken?: string;
}

/** `yandexgpt/latest` → `gpt://<folder>/yandexgpt/latest`; a URI is kept. */
export function yandexModelUri(folderId: string, model: string): string {
  return /^[a-z]+:\/\//.test(model) ? model : `gpt://${folderId}/${model.replace(/^\/+/, '')}`;
}

export function createYandexWriter(options: YandexWriterOptions) {
  const { folderId, apiKey, iamToken, baseURL, models, prices, ...rest } = options;
  if (!apiKey && !iamToken) throw new Error('YandexGPT: нужен API-ключ или IAM-токен');
  const header = apiKey ? `Api-Key ${apiKey}` : `Bearer ${iamToken}`;
  const uri = (m: string) => yandexModelUri(folderId, m);
  return createLlmWriter({
    ...rest,
    provider: 'Модель YandexGPT',
    baseURL: baseURL ?? YANDEX_BASE_URL,
    apiKey: 'unused', // the header below replaces the client's Bearer
    auth: { header: async () => header },
    headers: { 'OpenAI-Project': folderId, 'x-folder-id': folderId },
    models: { basic: uri(models.basic), professional: uri(models.professional) },
    prices: prices && Object.fromEntries(Object.entries(prices).map(([m, p]) => [uri(m), p])),
  });
}
