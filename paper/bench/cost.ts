/**
 * Benchmark (prints figures, asserts nothing): what a paper costs per tariff. Each tariff's
 * provider, model and price are configured as in production — basic on YandexGPT, professional on
 * GigaChat — and served by their local stand-ins (Yandex's API key and folder, GigaChat's OAuth
 * token), which count the tokens as a provider bills them. A demo and a full 80-page paper are
 * written per tariff; for each: calls, input and output tokens, and rubles (tokens × price).
 *
 * Prices (rubles per million input/output tokens) in LLM_PRICES as the api reads them
 * (`model=input/output;...`); the defaults below are examples to be replaced with the current list prices.
 */
import { performance } from 'node:perf_hooks';
import { startGigaChatStandIn } from '../dev/gigachat-stand-in.ts';
import { ATTACHED, CATALOGUE, TOPIC } from '../dev/fixtures.ts';
import { startYandexStandIn } from '../dev/yandex-stand-in.ts';
import {
  createLocalSearch,
  createMemoryCheckpoints,
  createPdfConverterPool,
  createTariffWriter,
  generatePaper,
  parseLlmPrices,
} from '../src/index.ts';
import type { TariffModel } from '../src/index.ts';

const MODELS = { basic: 'yandexgpt-lite/latest', professional: 'GigaChat-2-Max' };
const PRICES = process.env.LLM_PRICES ?? 'yandexgpt-lite/latest=200/200; GigaChat-2-Max=1950/1950';
/** Characters of Russian text per token of the simulated tokenizers. */
const CHARS_PER_TOKEN = 4;

const { prices, errors } = parseLlmPrices(PRICES);
if (errors.length) throw new Error(`LLM_PRICES: ${errors.join('; ')}`);
const folderId = 'b1gbenchfolder';
const authKey = Buffer.from('bench-client:bench-secret').toString('base64');
const yandex = await startYandexStandIn({ folderId, apiKey: 'AQVN-bench', charsPerToken: CHARS_PER_TOKEN });
const gigachat = await startGigaChatStandIn({ authKey, scope: 'GIGACHAT_API_CORP', charsPerToken: CHARS_PER_TOKEN });
const pool = createPdfConverterPool({ size: 1 });

const tariffs: Record<'basic' | 'professional', TariffModel> = {
  basic: {
    provider: { kind: 'yandex', baseURL: yandex.url, folderId, apiKey: 'AQVN-bench', concurrency: 10 },
    model: MODELS.basic,
    price: prices[MODELS.basic] ?? null,
  },
  professional: {
    provider: {
      kind: 'gigachat',
      baseURL: gigachat.url,
      oauthUrl: gigachat.oauthUrl,
      authKey,
      scope: 'GIGACHAT_API_CORP',
      concurrency: 10,
    },
    model: MODELS.professional,
    price: prices[MODELS.professional] ?? null,
  },
};
// One writer for all papers, as a worker has: GigaChat's token is reused across them.
const writer = createTariffWriter(tariffs, { retryBaseMs: 200, retryMaxMs: 2000 });
const rub = (n: number | undefined) => (n === undefined ? 'цена не задана' : `${n.toFixed(2)} ₽`);

console.log('Стоимость работы по тарифам (модели через локальные стенды, токены считает стенд)');
for (const [tariff, t] of Object.entries(tariffs)) {
  const p = t.price;
  console.log(
    `  ${tariff}: ${t.provider.kind} ${t.model}, ${p ? `${p.inputRubPerMillion}/${p.outputRubPerMillion} ₽ за млн токенов (вход/выход)` : 'цена не задана'}`,
  );
}
try {
  for (const tariff of ['basic', 'professional'] as const) {
    for (const type of ['demo', 'full'] as const) {
      const started = performance.now();
      const r = await generatePaper(
        {
          topic: TOPIC,
          type,
          tariff,
          useFootnotes: true,
          separateBibliography: false,
          minPublicationYear: 2015,
          requiredVolume: 80,
          userStructure: null,
          attachedSources: ATTACHED,
        },
        {
          writer,
          search: createLocalSearch(CATALOGUE),
          checkpoints: createMemoryCheckpoints(),
          pdf: pool,
          onProgress: () => {},
          now: new Date('2025-03-01'),
        },
      );
      const u = r.usage;
      console.log(
        `${tariff.padEnd(12)} ${type.padEnd(4)} ${String(r.pageCount).padStart(3)} с.  вызовов ${String(u.calls).padStart(3)}  ` +
          `токенов ${String(u.promptTokens).padStart(7)} вход + ${String(u.completionTokens).padStart(6)} выход  ` +
          `${rub(u.costRub).padStart(10)}  (${((performance.now() - started) / 1000).toFixed(1)} с)`,
      );
    }
  }
  console.log(
    `GigaChat: токенов доступа выдано ${gigachat.oauth.filter((o) => o.status === 200).length}; Yandex: отказов по квоте ${yandex.quotaRefusals}`,
  );
} finally {
  await pool.close();
  await yandex.close();
  await gigachat.close();
}
