/** The worker process: pg-boss consumers for generations, notifications and the periodic jobs
 * (expiry of unpaid orders, the reconciliation). Any number of workers may run on any number of
 * machines. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Orm } from './db/orm.ts';
import { QUEUE, type GenerateJob, type NotifyJob } from './jobs/queues.ts';
import { pruneRateLimits } from './modules/limits/rate-limit.ts';
import { createEngineParts } from './modules/generation/engine.ts';
import { startLibrary } from './modules/library/library-jobs.ts';
import { runOrder, type OrderRunners } from './modules/generation/dispatch.ts';
import { runDefenceKit } from './modules/defence/run.ts';
import { runRevision } from './modules/revisions/run.ts';
import { deliverNotification } from './modules/notifications/notify.ts';
import { reconcile as reconcileOrders } from './modules/payments/reconcile.ts';
import { expirePendingOrders } from './modules/payments/unpaid.ts';
import { startQuota } from './modules/quota/quota.ts';
import { startServices } from './services.ts';

/** How long a stopping worker lets its runs reach a checkpoint (a model call in flight ends within it). */
export const STOP_DRAIN_MS = 30_000;

async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const done = promise.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([done, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function startWorker(config: Config, orm: Orm, databaseUrl: string, log: FastifyBaseLogger) {
  const services = await startServices(config, orm, databaseUrl, log);
  const { boss } = services;
  const engine = createEngineParts(config, services.library, log);
  // The model's concurrency, shared with every other worker.
  const quota = config.quota
    ? await startQuota({ databaseUrl, ...config.quota, onError: (error) => log.error({ err: error }, 'model quota error') })
    : null;
  const widest = Math.max(0, ...Object.values(config.quota?.pools ?? {}));
  const narrowest = Math.min(...Object.values(config.llm?.tariffs ?? {}).map((t) => t.provider.concurrency ?? Infinity));
  if (narrowest < widest) {
    log.warn(`A provider's concurrency (${narrowest}) is below LLM_QUOTA's ${widest} streams: calls holding a stream wait in this worker`);
  }
  // A clean stop: first no new stage or model call (`stopping`), then, past STOP_DRAIN_MS, the rest (`ended`).
  const stopping = new AbortController();
  const ended = new AbortController();
  const paymentDeps = () => ({ em: orm.em.fork(), provider: services.provider, jobs: services.jobs, log });

  const runners: OrderRunners = { defence: runDefenceKit, revision: runRevision };
  await boss.work<GenerateJob>(
    QUEUE.generate,
    { batchSize: 1, localConcurrency: config.worker.concurrency, pollingIntervalSeconds: 1 },
    async ([job]) => {
      await runOrder(
        { ...paymentDeps(), config, storage: services.storage, engine, quota, stopping: stopping.signal, signal: ended.signal },
        runners,
        job.data.orderId,
      );
    },
  );
  await boss.work<NotifyJob>(QUEUE.notify, { batchSize: 1, pollingIntervalSeconds: 2 }, async ([job]) => {
    await deliverNotification({ em: orm.em.fork(), config, mailer: services.mailer, boss }, job.id, job.data);
  });

  const expire = () => expirePendingOrders(paymentDeps());
  await boss.schedule(QUEUE.expirePayments, '* * * * *');
  await boss.work(QUEUE.expirePayments, async () => {
    const n = await expire();
    if (n) log.info({ expired: n }, 'unpaid orders expired');
  });

  const period = config.payments.reconcileSeconds;
  const reconcile = async () => {
    const report = await reconcileOrders({
      ...paymentDeps(),
      periodSeconds: period,
      staleSeconds: config.worker.staleSeconds,
      maxAttempts: config.worker.maxAttempts,
    });
    if (Object.values(report).some((n) => n > 0)) log.info({ report }, 'reconciliation');
    return report;
  };
  // One reconciliation per period across all workers: pg-boss's schedule (minute granularity),
  // and for periods under a minute a throttled job that any worker may send (one per slot).
  await boss.schedule(QUEUE.reconcile, `*/${Math.max(1, Math.round(period / 60))} * * * *`);
  await boss.work(QUEUE.reconcile, { pollingIntervalSeconds: Math.min(2, period) }, async () => {
    await reconcile();
    await pruneRateLimits(orm.em.fork());
  });
  const ticker =
    period < 60
      ? setInterval(
          () =>
            void boss
              .send(QUEUE.reconcile, {}, { singletonSeconds: period })
              .catch((error) => log.error({ err: error }, 'reconcile not scheduled')),
          period * 1000,
        )
      : null;
  // A starting worker finishes at once what a dead one left; silent generations are taken over as
  // soon as they are stale, without waiting for the period.
  const runNow = () => void reconcile().catch((error) => log.error({ err: error }, 'reconcile failed'));
  await reconcile();
  const sweep = setInterval(runNow, config.worker.staleSeconds * 1000);
  const library = await startLibrary({ config, databaseUrl, boss, log });
  log.info('worker started');

  return {
    reconcile,
    expire,
    async stop() {
      if (ticker) clearInterval(ticker);
      clearInterval(sweep);
      // The runs reach their checkpoints and hand their orders back (another worker resumes them
      // without repeating a finished model call); no new job is taken meanwhile.
      stopping.abort();
      const drained = boss.offWork(QUEUE.generate, { wait: true });
      const waited = await settledWithin(drained, STOP_DRAIN_MS);
      if (!waited) {
        log.warn(`generations still running after ${STOP_DRAIN_MS / 1000} s: ended; the next worker resumes them from their checkpoints`);
        ended.abort();
        await settledWithin(drained, 5_000);
      }
      await quota?.stop();
      await library.stop();
      await services.stop();
      await engine.pdf.close();
    },
  };
}
