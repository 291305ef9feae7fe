/** The worker process: pg-boss consumers for generations, notifications and the periodic jobs.
 * Any number of workers may run on any number of machines. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Orm } from './db/orm.ts';
import { QUEUE, type GenerateJob, type NotifyJob } from './jobs/queues.ts';
import { createEngineParts } from './modules/generation/engine.ts';
import { runGeneration } from './modules/generation/run.ts';
import { deliverNotification } from './modules/notifications/notify.ts';
import { expirePendingOrders } from './modules/orders/status.ts';
import { pruneRateLimits } from './modules/limits/rateLimit.ts';
import { startServices } from './services.ts';

export async function startWorker(config: Config, orm: Orm, databaseUrl: string, log: FastifyBaseLogger) {
  const services = await startServices(config, orm, databaseUrl, log);
  const { boss } = services;
  const engine = createEngineParts(config, log);
  const stopping = new AbortController();

  await boss.work<GenerateJob>(QUEUE.generate, { batchSize: 1, localConcurrency: config.worker.concurrency, pollingIntervalSeconds: 1 }, async ([job]) => {
    await runGeneration({ em: orm.em.fork(), config, storage: services.storage, jobs: services.jobs, engine, log, signal: stopping.signal }, job.data.orderId);
  });
  await boss.work<NotifyJob>(QUEUE.notify, { batchSize: 1, pollingIntervalSeconds: 2 }, async ([job]) => {
    await deliverNotification({ em: orm.em.fork(), config, mailer: services.mailer, boss }, job.data);
  });

  const expire = () => expirePendingOrders({ em: orm.em.fork(), provider: services.provider, log });
  await boss.schedule(QUEUE.expirePayments, '* * * * *');
  await boss.work(QUEUE.expirePayments, async () => {
    const n = await expire();
    if (n) log.info({ expired: n }, 'unpaid orders expired');
  });
  await boss.schedule(QUEUE.reconcile, '* * * * *');
  await boss.work(QUEUE.reconcile, async () => {
    await reconcile();
    await pruneRateLimits(orm.em.fork());
  });

  /** Paid orders whose job was lost, or whose worker died, get a job again (a duplicate is
   * harmless: a generation must claim its order first). */
  async function reconcile() {
    const rows = await orm.em.fork().execute<{ id: string }[]>(
      `select id from orders where (status = 'queued' and updated_at < now() - interval '30 seconds')
         or (status = 'generating' and (heartbeat_at is null or heartbeat_at < now() - make_interval(secs => ?)))`,
      [config.worker.staleSeconds],
    );
    for (const { id } of rows) await services.jobs.generate(id);
    if (rows.length) log.info({ orders: rows.map((r) => r.id) }, 'generations re-queued');
  }
  await reconcile();
  // Between the minute-long cron ticks, take over silent generations as soon as they are stale.
  const sweep = setInterval(() => void reconcile().catch((error) => log.error({ err: error }, 'reconcile failed')), config.worker.staleSeconds * 1000);
  log.info('worker started');

  return {
    reconcile,
    expire,
    async stop() {
      clearInterval(sweep);
      stopping.abort();
      await services.stop();
      await engine.pdf.close();
    },
  };
}
