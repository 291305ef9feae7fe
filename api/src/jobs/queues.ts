/** Background jobs on pg-boss (same database). The API only sends; workers consume. */
import type { PaperType } from '@app/contract';
import { PgBoss } from 'pg-boss';

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
}

/**
 * A demo's generation is taken before the full papers waiting (pg-boss fetches by priority): a
 * demo is promised within minutes of its payment, a full paper within the hour.
 */
const GENERATION_PRIORITY: Record<PaperType, number> = { demo: 10, full: 0 };

/** What the domain needs from the queue. */
export interface Jobs {
  generate(order: { id: string; paperType: PaperType }): Promise<void>;
  notify(job: NotifyJob): Promise<void>;
}

type QueueOptions = NonNullable<Parameters<PgBoss['createQueue']>[1]>;

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
    schema: 'pgboss',
    max: 4,
    superviseIntervalSeconds: 10,
    monitorIntervalSeconds: 10,
  });
  boss.on('error', onError);
  await boss.start();
  const queues: [string, QueueOptions][] = [
    // A generation takes minutes; a dead worker's job is retried once its heartbeat stops.
    [QUEUE.generate, { retryLimit: 3, retryDelay: 5, expireInSeconds: 3 * 3600, heartbeatSeconds: 30 }],
    [QUEUE.notify, { retryLimit: 5, retryDelay: 30, retryBackoff: true }],
    [QUEUE.telegram, { retryLimit: 5, retryDelay: 30, retryBackoff: true }],
    [QUEUE.expirePayments, { retryLimit: 0 }],
    [QUEUE.reconcile, { retryLimit: 0 }],
  ];
  for (const [name, options] of queues) await ensureQueue(boss, name, options);
  return boss;
}

export function jobsOf(boss: PgBoss): Jobs {
  return {
    generate: async (order) => {
      await boss.send(QUEUE.generate, { orderId: order.id } satisfies GenerateJob, { priority: GENERATION_PRIORITY[order.paperType] });
    },
    notify: async (job) => {
      await boss.send(QUEUE.notify, job);
    },
  };
}
