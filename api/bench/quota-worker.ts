/** One worker process of the quota benchmark (started by quota.ts): its own limiter and database
 * connections, the real LLM writer against the benchmark's model server, and the orders the parent
 * sends it, each written call by call as the engine would, every call under withQuota. */
import { createLlmWriter, type WriterCall } from '@app/paper';
import { startQuota } from '../src/modules/quota/quota.ts';
import { withQuota } from '../src/modules/quota/with-quota.ts';
import { DEMO_PAPER, FULL_PAPER, tokensOf, type Scale } from './quota-papers.ts';

export interface BenchOrder {
  orderId: string;
  kind: 'demo' | 'full';
}
export type ToWorker = { type: 'order'; order: BenchOrder } | { type: 'stop' };
export type FromWorker = { type: 'ready' } | { type: 'done'; orderId: string; finishedAt: number } | { type: 'failed'; error: string };

const scale: Scale = { factor: Number(process.env.QUOTA_BENCH_SCALE), charsPerToken: Number(process.env.QUOTA_BENCH_CHARS_PER_TOKEN) };
const pool = 'bench';
const quota = await startQuota({
  databaseUrl: process.env.DATABASE_URL!,
  pools: { [pool]: Number(process.env.QUOTA_BENCH_STREAMS) },
  tariffPools: { basic: pool, professional: pool },
  leaseSeconds: 30,
  backoffSeconds: 60,
  onError: (error) => console.error('quota error', error),
});
// The shared quota is the limit: the writer's own (per process) is out of the way.
const writer = createLlmWriter({
  baseURL: process.env.LLM_URL!,
  apiKey: 'sk-bench',
  models: { basic: 'bench-model', professional: 'bench-model' },
  concurrency: 1000,
});
const send = (message: FromWorker) => process.send!(message);

async function write(order: BenchOrder) {
  const orderWriter = withQuota(writer, quota, { orderId: order.orderId, kind: order.kind });
  for (const phase of order.kind === 'demo' ? DEMO_PAPER : FULL_PAPER) {
    await Promise.all(
      phase.map(async (chain) => {
        for (const step of chain) {
          const tokens = tokensOf(step.chars, scale);
          const call: WriterCall = {
            key: `${order.orderId}:${step.name}`,
            task: { kind: 'verify', claims: [] },
            messages: [{ role: 'user', content: `Напиши «${step.name}». Ответ: ${tokens} токенов.` }],
            tariff: 'basic',
            maxTokens: tokens + 100,
          };
          await orderWriter.complete(call);
        }
      }),
    );
  }
  send({ type: 'done', orderId: order.orderId, finishedAt: Date.now() });
}

process.on('message', (message: ToWorker) => {
  if (message.type === 'order') void write(message.order).catch((error) => send({ type: 'failed', error: String(error?.stack ?? error) }));
  else void quota.stop().then(() => process.exit(0));
});
send({ type: 'ready' });
