/** LLM_QUOTA: the streams of each quota pool. */
import { z } from 'zod';

/** A provider (`gigachat`) or one of its models (`yandex/yandexgpt-lite`). */
const POOL_NAME = /^[a-z0-9][a-z0-9._-]{0,39}(\/[\w.:-]{1,80})?$/i;
/** More than any provider sells; a typo such as 100000 is refused. */
const MAX_STREAMS = 1000;

/** "gigachat=1, yandex=10" -> { gigachat: 1, yandex: 10 }; every bad entry is reported to zod. */
export function parseQuotaPools(value: string, ctx: z.RefinementCtx): Record<string, number> {
  const pools: Record<string, number> = {};
  for (const entry of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name = '', streams = '', ...rest] = entry.split('=').map((s) => s.trim());
    const n = Number(streams);
    const problem = rest.length
      ? `"${entry}": expected pool=streams`
      : !POOL_NAME.test(name)
        ? `"${entry}": a pool is a provider (letters, digits, . _ -) or provider/model`
        : !/^\d+$/.test(streams) || n < 1 || n > MAX_STREAMS
          ? `"${entry}": the streams are a whole number from 1 to ${MAX_STREAMS}`
          : name in pools
            ? `"${name}" is listed twice`
            : null;
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    else pools[name] = n;
  }
  return pools;
}
