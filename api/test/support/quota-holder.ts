/** A worker process that takes streams of a quota and holds them until it is killed: the test
 * kills it with SIGKILL, as a crashed or OOM-killed worker dies, without releasing anything.
 * Environment: DATABASE_URL, QUOTA_POOL, QUOTA_STREAMS (the pool's size), QUOTA_TAKE (how many to
 * hold), QUOTA_LEASE_SECONDS. Sends 'held' once it holds them. */
import { startQuota } from '../../src/modules/quota/quota.ts';

const pool = process.env.QUOTA_POOL!;
const quota = await startQuota({
  databaseUrl: process.env.DATABASE_URL!,
  pools: { [pool]: Number(process.env.QUOTA_STREAMS) },
  tariffPools: {},
  leaseSeconds: Number(process.env.QUOTA_LEASE_SECONDS),
  backoffSeconds: 60,
  workerId: 'doomed-worker',
});
for (let i = 0; i < Number(process.env.QUOTA_TAKE); i++) {
  await quota.acquire({ pool, orderId: `held-${i}`, kind: 'full', callKey: `call-${i}` });
}
process.send?.('held');
// Holds them (its heartbeat renews them) until it is killed.
setInterval(() => undefined, 60_000);
