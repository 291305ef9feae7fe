/** One worker process of the quota benchmark (started by quota.ts): its own limiter and database
 * connections, the real LLM writer against the benchmark's model server, and the orders the parent
 * sends it, each written call by call as the engine would, every call under withQuota. */
import { createLlmWriter, type Writer, type WriterCall } from '@app/paper';
import { startQuota } from '../src/modules/quota/quota.ts';
import { withQuota } from '../src/modules/quota/with-quota.ts';
import { demoShape, FULL_PAPER, runShape, tokensOf, type Scale } from './quota-papers.ts';

export interface BenchOrder {
  orderId: string;
  kind: 'demo' | 'full';
}
export type ToWorker = { type: 'order'; order: BenchOrder } | { type: 'stop' };
/** One model call of an order: asked for a stream, granted it, answered (epoch ms). */
export interface CallTiming {
  name: string;
  askedAt: number;
  grantedAt: number;
  endedAt: number;
}
export type FromWorker =
  { type: 'ready' } | { type: 'done'; orderId: string; finishedAt: number; calls: CallTiming[] } | { type: 'failed'; error: string };

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
  const granted = new Map<string, number>();
  // The quota calls the writer once the call holds a stream.
  const timed: Writer = {
    kind: writer.kind,
    complete: (call) => {
      granted.set(call.key, Date.now());
      return writer.complete(call);
    },
  };
  const orderWriter = withQuota(timed, quota, { orderId: order.orderId, kind: order.kind });
  const calls: CallTiming[] = [];
  await runShape(order.kind === 'demo' ? demoShape() : FULL_PAPER, async (step) => {
    const tokens = tokensOf(step.chars, scale);
    const call: WriterCall = {
      key: `${order.orderId}:${step.name}`,
      task: { kind: 'verify', claims: [] },
      messages: [{ role: 'user', content: `Напиши «${step.name}». Ответ: ${tokens} токенов.` }],
      tariff: 'basic',
      maxTokens: tokens + 100,
    };
    const askedAt = Date.now();
    await orderWriter.complete(call);
    calls.push({ name: step.name, askedAt, grantedAt: granted.get(call.key)!, endedAt: Date.now() });
  });
  send({ type: 'done', orderId: order.orderId, finishedAt: Date.now(), calls });
}

process.on('message', (message: ToWorker) => {
  if (message.type === 'order') void write(message.order).catch((error) => send({ type: 'failed', error: String(error?.stack ?? error) }));
  else void quota.stop().then(() => process.exit(0));
});
send({ type: 'ready' });
