/**
 * A writer per tariff: each tariff names its provider (any OpenAI-compatible endpoint, YandexGPT
 * or GigaChat), its model and its price. Tariffs on the same provider share one writer, so that
 * they share its concurrency limit (GigaChat allows one stream to an individual).
 */
import type { Tariff } from '../input/types.ts';
import { createGigaChatWriter, type GigaChatScope } from './gigachat.ts';
import { createLlmWriter, type LlmPrice, type LlmWriterOptions } from './llm.ts';
import type { Writer } from './types.ts';
import { createYandexWriter } from './yandex.ts';

export type LlmProvider =
  | { kind: 'openai'; baseURL: string; apiKey: string; concurrency?: number }
  | { kind: 'yandex'; baseURL?: string; folderId: string; apiKey?: string; iamToken?: string; concurrency?: number }
  | {
      kind: 'gigachat';
      authKey: string;
      scope: GigaChatScope;
      oauthUrl?: string;
      baseURL?: string;
      /** The root certificate (PEM) trusted besides the usual ones. */
      ca?: string;
      refreshMarginMs?: number;
      concurrency?: number;
    };

export interface TariffModel {
  provider: LlmProvider;
  model: string;
  /** Rubles per million tokens; without it the cost of a call is not known. */
  price?: LlmPrice | null;
}

/** What every provider's writer shares: time limits and retries. */
export type CommonLlmOptions = Pick<LlmWriterOptions, 'timeoutMs' | 'maxRetries' | 'retryBaseMs' | 'retryMaxMs' | 'temperature'>;

type ProviderWriter = Writer & { readonly stats: { attempts: number; retries: number } };

function providerWriter(
  provider: LlmProvider,
  models: Record<Tariff, string>,
  prices: Record<string, LlmPrice>,
  common: CommonLlmOptions,
): ProviderWriter {
  const shared = { ...common, models, prices, concurrency: provider.concurrency };
  if (provider.kind === 'yandex') {
    return createYandexWriter({
      ...shared,
      baseURL: provider.baseURL,
      folderId: provider.folderId,
      apiKey: provider.apiKey,
      iamToken: provider.iamToken,
    });
  }
  if (provider.kind === 'gigachat') {
    const { kind: _kind, concurrency: _concurrency, ...gigachat } = provider;
    return createGigaChatWriter({ ...shared, ...gigachat });
  }
  return createLlmWriter({ ...shared, baseURL: provider.baseURL, apiKey: provider.apiKey });
}

export function createTariffWriter(
  tariffs: Record<Tariff, TariffModel>,
  common: CommonLlmOptions = {},
): Writer & { readonly stats: { attempts: number; retries: number } } {
  const byProvider = new Map<string, { provider: LlmProvider; tariffs: Tariff[] }>();
  for (const tariff of ['basic', 'professional'] as const) {
    const key = JSON.stringify(tariffs[tariff].provider);
    const entry = byProvider.get(key) ?? { provider: tariffs[tariff].provider, tariffs: [] };
    entry.tariffs.push(tariff);
    byProvider.set(key, entry);
  }
  const writers = {} as Record<Tariff, ProviderWriter>;
  for (const { provider, tariffs: names } of byProvider.values()) {
    // A writer's other tariff, if it serves one only, is never asked: its model is a placeholder.
    const models = { basic: tariffs[names[0]].model, professional: tariffs[names[0]].model };
    const prices: Record<string, LlmPrice> = {};
    for (const t of names) {
      models[t] = tariffs[t].model;
      const price = tariffs[t].price;
      if (price) prices[tariffs[t].model] = price;
    }
    const writer = providerWriter(provider, models, prices, common);
    for (const t of names) writers[t] = writer;
  }
  const unique = [...new Set(Object.values(writers))];
  return {
    kind: 'llm',
    get stats() {
      return unique.reduce((s, w) => ({ attempts: s.attempts + w.stats.attempts, retries: s.retries + w.stats.retries }), {
        attempts: 0,
        retries: 0,
      });
    },
    complete: (call) => writers[call.tariff].complete(call),
  };
}
