/**
 * What an order costs at the model's provider: every call it makes is billed, so each answered
 * call's tokens (and their price, when the model has one configured) are added to the order as
 * they come — the calls of a failed or interrupted attempt included, a call restored from a
 * checkpoint not (it was billed once, when it was made). The same figures are added to the fleet's
 * totals by tariff and provider (metric_llm_usage), which /metrics reads without scanning orders.
 */
import type { Writer } from '@app/paper';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';

/** Whose totals a call adds to: the order's tariff and its provider (`offline` for the offline writer). */
export interface UsageLabels {
  tariff: string;
  provider: string;
}

export function meteredWriter(writer: Writer, em: EntityManager, orderId: string, labels: UsageLabels, log: FastifyBaseLogger): Writer {
  return {
    kind: writer.kind,
    async complete(call) {
      const reply = await writer.complete(call);
      const cost = reply.costRub === undefined ? null : reply.costRub.toFixed(6);
      // One atomic statement per call (the order's calls run in parallel): the order's figures and the fleet's totals.
      await em
        .execute(
          `with counted as (
             update orders set
               llm_usage = jsonb_build_object(
                 'calls', coalesce((llm_usage->>'calls')::int, 0) + 1,
                 'promptTokens', coalesce((llm_usage->>'promptTokens')::bigint, 0) + ?,
                 'completionTokens', coalesce((llm_usage->>'completionTokens')::bigint, 0) + ?),
               llm_cost_rub = case when ?::numeric is null then llm_cost_rub else coalesce(llm_cost_rub, 0) + ?::numeric end
             where id = ? returning id)
           insert into metric_llm_usage as m (tariff, provider, calls, prompt_tokens, completion_tokens, cost_rub)
           values (?, ?, 1, ?, ?, coalesce(?::numeric, 0))
           on conflict (tariff, provider) do update set calls = m.calls + 1, prompt_tokens = m.prompt_tokens + excluded.prompt_tokens,
             completion_tokens = m.completion_tokens + excluded.completion_tokens, cost_rub = m.cost_rub + excluded.cost_rub`,
          [
            reply.promptTokens,
            reply.completionTokens,
            cost,
            cost,
            orderId,
            labels.tariff,
            labels.provider,
            reply.promptTokens,
            reply.completionTokens,
            cost,
          ],
        )
        .catch((error) => log.warn({ err: error, orderId }, 'the cost of a model call was not recorded'));
      return reply;
    },
  };
}
