/**
 * What an order costs at the model's provider: every call it makes is billed, so each answered
 * call's tokens (and their price, when the model has one configured) are added to the order as
 * they come — the calls of a failed or interrupted attempt included, a call restored from a
 * checkpoint not (it was billed once, when it was made).
 */
import type { Writer } from '@app/paper';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';

export function meteredWriter(writer: Writer, em: EntityManager, orderId: string, log: FastifyBaseLogger): Writer {
  return {
    kind: writer.kind,
    async complete(call) {
      const reply = await writer.complete(call);
      const cost = reply.costRub === undefined ? null : reply.costRub.toFixed(6);
      // One atomic update per call: the order's calls run in parallel.
      await em
        .execute(
          `update orders set
             llm_usage = jsonb_build_object(
               'calls', coalesce((llm_usage->>'calls')::int, 0) + 1,
               'promptTokens', coalesce((llm_usage->>'promptTokens')::bigint, 0) + ?,
               'completionTokens', coalesce((llm_usage->>'completionTokens')::bigint, 0) + ?),
             llm_cost_rub = case when ?::numeric is null then llm_cost_rub else coalesce(llm_cost_rub, 0) + ?::numeric end
           where id = ?`,
          [reply.promptTokens, reply.completionTokens, cost, cost, orderId],
        )
        .catch((error) => log.warn({ err: error, orderId }, 'the cost of a model call was not recorded'));
      return reply;
    },
  };
}
