/** Everything the app and the worker stand on, built from the configuration in one place. */
import type { BibliographicSearch } from '@app/paper';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { PgBoss } from 'pg-boss';
import type { Config } from './config.ts';
import type { Orm } from './db/orm.ts';
import { jobsOf, startBoss, type Jobs } from './jobs/queues.ts';
import { createLibrarySearch } from './modules/library/engine-search.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { OrderEvents } from './modules/orders/events.ts';
import { createSandboxProvider, type SandboxBooks } from './modules/payments/providers/sandbox.ts';
import type { PaymentProvider } from './modules/payments/providers/types.ts';
import { createYooKassaProvider } from './modules/payments/providers/yookassa.ts';
import { createS3Storage } from './storage/s3.ts';
import { createLocalStorage, type Storage } from './storage/storage.ts';

export interface Services {
  mailer: Mailer;
  storage: Storage;
  provider: PaymentProvider;
  /** The sandbox provider's own page, when it is the provider. */
  sandbox: SandboxBooks | null;
  jobs: Jobs;
  boss: PgBoss;
  events: OrderEvents;
  /** Our own library of works, as the engine and the order form's estimate search it. */
  library: BibliographicSearch;
  stop(): Promise<void>;
}

/** The configured payment provider (and the sandbox's own books when it is the sandbox). */
export function createPaymentProvider(config: Config, orm: Orm): { provider: PaymentProvider; sandbox: SandboxBooks | null } {
  const sandbox = config.payments.provider === 'sandbox' ? createSandboxProvider(() => orm.em.fork(), config.publicUrl) : null;
  return { provider: sandbox ?? createYooKassaProvider(config.payments.yookassa!), sandbox };
}

/** The configured file storage (also used by the operator commands). */
export function storageOf(config: Config): Storage {
  return config.storage.kind === 's3' ? createS3Storage(config.storage) : createLocalStorage(config.storage.dir);
}

export async function startServices(config: Config, orm: Orm, databaseUrl: string, log: FastifyBaseLogger): Promise<Services> {
  const boss = await startBoss(databaseUrl, (error) => log.error({ err: error }, 'job queue error'));
  const events = new OrderEvents(databaseUrl, (error) => log.error({ err: error }, 'order events connection error'));
  await events.start();
  const { provider, sandbox } = createPaymentProvider(config, orm);
  if (sandbox) log.warn('PAYMENT_PROVIDER is sandbox: payments are simulated, no money is taken');
  const libraryPool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  libraryPool.on('error', (error) => log.error({ err: error }, 'library connection error'));
  return {
    mailer: createMailer({ ...config.mail, log }),
    storage: storageOf(config),
    provider,
    sandbox,
    jobs: jobsOf(boss),
    boss,
    events,
    library: createLibrarySearch(libraryPool, { devCollection: config.sources.invented }),
    async stop() {
      await libraryPool.end();
      await events.stop();
      await boss.stop({ graceful: false, close: true });
    },
  };
}
