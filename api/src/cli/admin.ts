/** Support's commands, run next to a running installation with the same environment:
 *   npm run admin -w api -- orders [state]                 orders by state (newest first), with their money;
 *        state: pending_payment | queued | generating | completed | failed | canceled | expired
 *             | undelivered (captured, neither delivered nor refunded) | refunding | refunded
 *        each with what it cost at the model's provider (tokens × configured price, in rubles, failed attempts included)
 *   npm run admin -w api -- order <order>                  one order: money, state, the model's calls and tokens, its cost
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
import { refundOrderBySupport } from '../modules/payments/lifecycle.ts';
import { ORDER_STATUSES, Refund } from '../modules/orders/entities.ts';
import { retryFailedOrder } from '../modules/orders/support.ts';
import { createPromo, listPromos } from '../modules/promo/promo.ts';
import { createPaymentProvider } from '../services.ts';
import { openCliDatabase } from './db.ts';

const USAGE = `usage:
  admin orders [${[...ORDER_STATUSES, 'undelivered', 'refunding', 'refunded'].join('|')}]
  admin order <order>
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
      llm_cost_rub: string | null;
    }[]
  >(
    `select o.id, o.status, o.amount, p.status as payment, r.status as refund, o.updated_at, o.topic, o.error, o.llm_cost_rub
     from orders o
     left join lateral (select status from payments where order_id = o.id order by created_at desc limit 1) p on true
     left join lateral (select id, status from refunds where order_id = o.id and status <> 'canceled' limit 1) r on true
     where ${stateCondition(state)}
     order by o.updated_at desc limit 200`,
  );
  for (const r of rows) {
    const money = `${String(r.amount).padStart(5)} ₽ payment:${r.payment ?? '-'}${r.refund ? ` refund:${r.refund}` : ''}`;
    console.log(
      `${r.id}  ${new Date(r.updated_at).toISOString().slice(0, 16)}  ${r.status.padEnd(15)} ${money.padEnd(45)} cost:${costOf(r.llm_cost_rub).padEnd(10)} ${r.topic.slice(0, 50)}${r.error ? `  (${r.error})` : ''}`,
    );
  }
  if (rows.length === 0) console.log('no orders');
}

/** The model's cost of an order: rubles with kopecks, '-' before it is known. */
function costOf(rub: string | number | null): string {
  return rub === null ? '-' : `${Number(rub).toFixed(2)} ₽`;
}

async function showOrder(id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('bad_request', { detail: `not an order id: ${id}` });
  const [o] = await em.execute<
    {
      id: string;
      status: string;
      paper_type: string;
      tariff: string;
      amount: number;
      topic: string;
      attempts: number;
      llm_usage: { calls: number; promptTokens: number; completionTokens: number } | null;
      llm_cost_rub: string | null;
      error: string | null;
    }[]
  >(`select id, status, paper_type, tariff, amount, topic, attempts, llm_usage, llm_cost_rub, error from orders where id = ?`, [id]);
  if (!o) throw new AppError('not_found', { detail: `no order ${id}` });
  const u = o.llm_usage;
  console.log(`order ${o.id}: ${o.status}, ${o.paper_type} ${o.tariff}, ${o.amount} ₽, attempts ${o.attempts}`);
  console.log(`  topic: ${o.topic}`);
  console.log(
    u
      ? `  model: ${u.calls} calls, ${u.promptTokens} input + ${u.completionTokens} output tokens, cost ${costOf(o.llm_cost_rub)}`
      : '  model: no call yet',
  );
  if (o.error) console.log(`  error: ${o.error}`);
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
  } else if (command === 'order' && args.length === 1) {
    await showOrder(args[0]);
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
