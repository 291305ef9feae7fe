/** An order's writer under the shared quota: every call waits for a stream of its tariff's pool,
 * holds it while the model answers (its retries included) and gives it back after, also when the
 * call fails or the run is aborted. A 429 the writer meets shrinks the pool for every worker. */
import type { Writer } from '@app/paper';
import type { Quota, QuotaOrderKind } from './quota.ts';

export function withQuota(writer: Writer, quota: Quota, order: { orderId: string; kind: QuotaOrderKind }): Writer {
  return {
    kind: writer.kind,
    async complete(call) {
      const pool = quota.poolFor(call.tariff);
      if (!pool) return writer.complete(call);
      const lease = await quota.acquire({ pool, orderId: order.orderId, kind: order.kind, callKey: call.key }, call.signal);
      try {
        return await writer.complete({
          ...call,
          onRateLimited: (retryAfterMs) => {
            call.onRateLimited?.(retryAfterMs);
            // The call itself goes on backing off; the pool's reduction is best effort.
            void quota.rateLimited(pool, retryAfterMs).catch(() => undefined);
          },
        });
      } finally {
        await lease.release();
      }
    },
  };
}
