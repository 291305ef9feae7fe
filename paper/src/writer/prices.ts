/** The prices of the models, as the configuration gives them (LLM_PRICES). */
import type { LlmPrice } from './llm.ts';

/**
 * `model=input/output` entries separated by `;`, rubles per million prompt / completion tokens
 * ("yandexgpt-lite/latest=200/200; GigaChat-2-Max=1950/1950"). A model name may hold "=" and "/":
 * the last "=" starts the prices. Entries that do not read are returned as errors, not skipped.
 */
export function parseLlmPrices(value: string): { prices: Record<string, LlmPrice>; errors: string[] } {
  const prices: Record<string, LlmPrice> = {};
  const errors: string[] = [];
  const number = (n: string | undefined) => (n !== undefined && /^\d+(\.\d+)?$/.test(n) ? Number(n) : NaN);
  for (const entry of value
    .split(';')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const at = entry.lastIndexOf('=');
    const [input, output, extra] = entry
      .slice(at + 1)
      .split('/')
      .map((n) => n.trim());
    const model = entry.slice(0, Math.max(0, at)).trim();
    if (at <= 0 || !model || extra !== undefined || !(number(input) >= 0) || !(number(output) >= 0)) {
      errors.push(`expected model=input/output (rubles per million tokens), got "${entry}"`);
      continue;
    }
    prices[model] = { inputRubPerMillion: number(input), outputRubPerMillion: number(output) };
  }
  return { prices, errors };
}
