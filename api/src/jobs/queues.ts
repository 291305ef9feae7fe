/** Background jobs on pg-boss (same database). The API only sends; workers consume. */
import type { PaperType } from '@app/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CompiledQuery, type Transaction } from 'kysely';
import { PgBoss } from 'pg-boss';

/** pg-boss's tables (the reconciliation asks them whether an order's job still waits). */
export const BOSS_SCHEMA = 'pgboss';

export const QUEUE = {
  generate: 'generate',
  notify: 'notify',
  /** Consumed by the Telegram bot process; nothing breaks when no bot runs. */
  telegram: 'telegram',
  expirePayments: 'expire-payments',
  reconcile: 'reconcile',
} as const;

export interface GenerateJob {
  orderId: string;
}

type NotificationKind = 'payment_succeeded' | 'generation_completed' | 'generation_failed' | 'refund_succeeded';
export interface NotifyJob {
  orderId: string;
  kind: NotificationKind;
}
export interface TelegramJob {
  userId: number;
  kind: NotificationKind;
  orderId: string;
  /** The notification's idempotency key (its notify job's id): a message is sent once per key. */
  notificationId?: string;
}

/**
 * A demo's generation is taken before the full papers waiting (pg-boss fetches by priority): a
 * demo is promised within minutes of its payment, a full paper within the hour.
 */
const GENERATION_PRIORITY: Record<PaperType, number> = { demo: 10, full: 0 };

/** What the domain needs from the queue. */
export interface Jobs {
  /** With `em`, the job is sent in its transaction (committed with it, or not at all). */
  generate(order: { id: string; paperType: PaperType }, em?: EntityManager): Promise<void>;
  /** Sent in `em`'s transaction, the one that makes the change the notification announces: a
   * crash can lose neither without the other. */
  notify(em: EntityManager, job: NotifyJob): Promise<void>;
}

/** pg-boss's database over the open transaction of `em` (pg-boss's `db` option): what it sends
 * through it is committed or rolled back with that transaction. */
export function inTransaction(em: EntityManager): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  return {
    async executeSql(text, values = []) {
      const trx = em.getTransactionContext<Transaction<unknown>>();
      if (!trx) throw new Error('a job sent "in the transaction" outside of one');
      const { rows } = await trx.executeQuery(CompiledQuery.raw(text, values));
      return { rows };
    },
  };
}

type QueueOptions = NonNullable<Parameters<PgBoss['createQueue']>[1]>;

const NOTIFICATION_RETRIES: QueueOptions = {
  retryLimit: 60,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 1800,
  heartbeatSeconds: 10,
};

/** Creates the queue, or brings an existing one's options up to date (all but its policy). */
export async function ensureQueue(boss: PgBoss, name: string, options: QueueOptions): Promise<void> {
  if (!(await boss.getQueue(name))) return boss.createQueue(name, options);
  const { policy: _policy, ...rest } = options;
  await boss.updateQueue(name, rest);
}

export async function startBoss(databaseUrl: string, onError: (error: unknown) => void): Promise<PgBoss> {
  // A job whose worker was killed is failed (and retried) once its heartbeat is stale: the
  // supervisor looks every 10 s (pg-boss's default, 60 s, would hold it a minute longer).
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: BOSS_SCHEMA,
    max: 4,
    superviseIntervalSeconds: 10,
    monitorIntervalSeconds: 10,
  });
  boss.on('error', onError);
  await boss.start();
  const queues: [string, QueueOptions][] = [
    // A generation takes minutes; a dead worker's job is retried once its heartbeat stops.
    [QUEUE.generate, { retryLimit: 3, retryDelay: 5, expireInSeconds: 3 * 3600, heartbeatSeconds: 30 }],
    // A notification is retried for about a day (an SMTP server or Telegram down for hours); a
    // killed consumer's job is taken again within half a minute (its heartbeat stops).
    [QUEUE.notify, NOTIFICATION_RETRIES],
    [QUEUE.telegram, NOTIFICATION_RETRIES],
    [QUEUE.expirePayments, { retryLimit: 0 }],
    [QUEUE.reconcile, { retryLimit: 0 }],
  ];
  for (const [name, options] of queues) await ensureQueue(boss, name, options);
  return boss;
}

export function jobsOf(boss: PgBoss): Jobs {
  return {
    generate: async (order, em) => {
      await boss.send(QUEUE.generate, { orderId: order.id } satisfies GenerateJob, {
        priority: GENERATION_PRIORITY[order.paperType],
        ...(em ? { db: inTransaction(em) } : {}),
      });
    },
    notify: async (em, job) => {
      await boss.send(QUEUE.notify, job, { db: inTransaction(em) });
    },
  };
}
