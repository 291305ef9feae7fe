/** Support's commands, run next to a running installation with the same environment:
 *   npm run admin -w api -- orders [state]                 orders by state (newest first), with their money;
 *        state: pending_payment | queued | generating | completed | failed | canceled | expired
 *             | undelivered (captured, neither delivered nor refunded) | refunding | refunded
 *   npm run admin -w api -- refund <order> --reason "..."  refund an order's payment (stops a generation on
 *                                                          its way; a delivered .docx is no longer downloadable)
 *   npm run admin -w api -- retry <order>                  generate a failed order again (from its checkpoints)
 *   npm run admin -w api -- promo create <CODE> <percent> [--from DATE] [--until DATE] [--limit N]
 *   npm run admin -w api -- promo list
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { AppError } from '../errors.ts';
import { jobsOf, startBoss } from '../jobs/queues.ts';
import { refundOrderBySupport } from '../modules/orders/lifecycle.ts';
import { ORDER_STATUSES, Refund } from '../modules/orders/entities.ts';
import { retryFailedOrder } from '../modules/orders/support.ts';
import { createPromo, listPromos } from '../modules/promo/promo.ts';
import { createPaymentProvider } from '../services.ts';
import { openCliDatabase } from './db.ts';

const USAGE = `usage:
  admin orders [${[...ORDER_STATUSES, 'undelivered', 'refunding', 'refunded'].join('|')}]
  admin refund <order> --reason "why"
  admin retry <order>
  admin promo create <CODE> <percent> [--from DATE] [--until DATE] [--limit N]
  admin promo list`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { reason: { type: 'string' }, from: { type: 'string' }, until: { type: 'string' }, limit: { type: 'string' } },
});
const [command, ...args] = positionals;
const { orm, url, config } = await openCliDatabase();
const em = orm.em.fork();

/** The SQL condition of a state: an order status, or one of the money states. */
function stateCondition(state: string | undefined): string {
  if (!state) return 'true';
  if ((ORDER_STATUSES as readonly string[]).includes(state)) return `o.status = '${state}'`;
  if (state === 'undelivered') return `p.status = 'succeeded' and o.status <> 'completed' and r.id is null`;
  if (state === 'refunding') return `r.status = 'pending'`;
  if (state === 'refunded') return `r.status = 'succeeded'`;
  throw new AppError('bad_request', { detail: `unknown state: ${state}\n${USAGE}` });
}

async function listOrders(state: string | undefined) {
  const rows = await em.execute<
    {
      id: string;
      status: string;
      amount: number;
      payment: string | null;
      refund: string | null;
      updated_at: string | Date;
      topic: string;
      error: string | null;
    }[]
  >(
    `select o.id, o.status, o.amount, p.status as payment, r.status as refund, o.updated_at, o.topic, o.error
     from orders o
     left join lateral (select status from payments where order_id = o.id order by created_at desc limit 1) p on true
     left join lateral (select id, status from refunds where order_id = o.id and status <> 'canceled' limit 1) r on true
     where ${stateCondition(state)}
     order by o.updated_at desc limit 200`,
  );
  for (const r of rows) {
    const money = `${String(r.amount).padStart(5)} ₽ payment:${r.payment ?? '-'}${r.refund ? ` refund:${r.refund}` : ''}`;
    console.log(
      `${r.id}  ${new Date(r.updated_at).toISOString().slice(0, 16)}  ${r.status.padEnd(15)} ${money.padEnd(45)} ${r.topic.slice(0, 50)}${r.error ? `  (${r.error})` : ''}`,
    );
  }
  if (rows.length === 0) console.log('no orders');
}

async function withJobs<T>(run: (jobs: ReturnType<typeof jobsOf>) => Promise<T>): Promise<T> {
  const boss = await startBoss(url, (e) => console.error(e));
  try {
    return await run(jobsOf(boss));
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

try {
  if (command === 'orders' && args.length <= 1) {
    await listOrders(args[0]);
  } else if (command === 'refund' && args.length === 1 && values.reason?.trim()) {
    const { provider } = createPaymentProvider(config, orm);
    const log = pino({ level: 'warn' });
    const refund = await withJobs((jobs) => refundOrderBySupport({ em, provider, jobs, log }, args[0], values.reason!.trim()));
    const now = await em.fork().findOneOrFail(Refund, { id: refund.id });
    console.log(`refund ${refund.id} of ${refund.amount} ₽ for order ${args[0]}: ${now.status}`);
  } else if (command === 'retry' && args.length === 1) {
    await withJobs((jobs) => retryFailedOrder(em, jobs, args[0]));
    console.log(`order ${args[0]} queued again`);
  } else if (command === 'promo' && args[0] === 'create' && args.length === 3) {
    const date = (s: string | undefined) => (s ? new Date(s) : null);
    const promo = await createPromo(em, {
      code: args[1],
      percent: Number(args[2]),
      validFrom: date(values.from),
      validUntil: date(values.until),
      usageLimit: values.limit ? Number(values.limit) : null,
    });
    console.log(`created ${promo.code}: ${promo.percent}%`);
  } else if (command === 'promo' && args[0] === 'list') {
    for (const p of await listPromos(em)) {
      const limit = p.usageLimit ? `${p.usedCount}/${p.usageLimit}` : `${p.usedCount}/∞`;
      console.log(
        `${p.code.padEnd(12)} ${String(p.percent).padStart(3)}%  uses ${limit.padEnd(9)} ${p.validFrom?.toISOString().slice(0, 10) ?? '…'} – ${p.validUntil?.toISOString().slice(0, 10) ?? '…'}`,
      );
    }
  } else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof AppError ? String(error.detail) : (error as Error).message);
  process.exitCode = 1;
} finally {
  await orm.close();
}
