/**
 * The reconciliation: a periodic job that finishes what a lost or never-sent notification, a crash
 * between two writes or a killed worker left open. It re-reads from the provider every payment that
 * is not final and every refund not yet settled, refunds captured money whose order will not be
 * delivered, and re-queues paid generations whose job was lost or whose worker went silent. Every
 * step is idempotent, so it may run at any time, on any worker, any number of times.
 */
import { REFUND_PROMISE } from '@app/contract';
import type { PaymentDeps } from './payments.ts';
import { syncPayment } from './payments.ts';
import { failOrder } from './lifecycle.ts';
import { decideRefund } from './refund-decision.ts';
import { recordRefund, sendRefund } from './refunds.ts';
import {
  capturedWithoutOutcome,
  liveRefundOf,
  lockOrderAndPayment,
  pendingRefunds,
  stalledGenerations,
  unsettledPayments,
} from '../orders/repository.ts';

export interface ReconcileDeps extends PaymentDeps {
  /** A payment is re-read at most once per period (and not in its first period). */
  periodSeconds: number;
  staleSeconds: number;
  maxAttempts: number;
}

export interface ReconcileReport {
  paymentsChecked: number;
  refundsRecorded: number;
  refundsSent: number;
  generationsRequeued: number;
  generationsFailed: number;
}

const BATCH = 200;
/** A payment whose refunds the provider declined this many times is left to support. */
const MAX_DECLINED_REFUNDS = 3;
const GENERATION_LOST = `Не удалось создать работу: генерация несколько раз прерывалась. ${REFUND_PROMISE}`;

export async function reconcile(d: ReconcileDeps): Promise<ReconcileReport> {
  const report: ReconcileReport = { paymentsChecked: 0, refundsRecorded: 0, refundsSent: 0, generationsRequeued: 0, generationsFailed: 0 };
  const attempt = async (what: string, id: string, step: () => Promise<unknown>) => {
    try {
      await step();
    } catch (error) {
      d.log.warn({ err: error, id }, `reconcile: ${what} failed; the next run tries again`);
    }
  };

  for (const { id } of await unsettledPayments(d.em, d.periodSeconds, BATCH)) {
    await attempt('payment re-read', id, async () => {
      await syncPayment(d, id);
      report.paymentsChecked++;
    });
  }

  for (const row of await capturedWithoutOutcome(d.em, BATCH)) {
    if (row.declined >= MAX_DECLINED_REFUNDS) {
      d.log.error(
        { orderId: row.order_id, paymentId: row.payment_id },
        'reconcile: the provider keeps declining this refund; support must act',
      );
      continue;
    }
    await attempt('refund', row.payment_id, async () => {
      const refundId = await d.em.fork().transactional(async (em) => {
        const locked = await lockOrderAndPayment(em, row.payment_id);
        if (!locked || locked.payment.status !== 'succeeded' || (await liveRefundOf(em, row.payment_id))) return null;
        const reason = await decideRefund(em, locked.order, { justCaptured: false });
        return reason ? (await recordRefund(em, { ...locked, reason })).id : null;
      });
      if (refundId) report.refundsRecorded++;
    });
  }

  for (const { id } of await pendingRefunds(d.em, BATCH)) {
    await attempt('refund send', id, async () => {
      if ((await sendRefund(d, id)) !== 'pending') report.refundsSent++;
    });
  }

  for (const row of await stalledGenerations(d.em, d.staleSeconds)) {
    await attempt('generation', row.id, async () => {
      if (row.status === 'generating' && row.attempts >= d.maxAttempts) {
        // Its worker died on every attempt (killed, out of memory): stop trying, give the money back.
        if (await failOrder(d, row.id, { message: GENERATION_LOST, detail: `worker lost ${row.attempts} times` }))
          report.generationsFailed++;
      } else {
        // A duplicate job is harmless: a generation must claim its order first.
        await d.jobs.generate({ id: row.id, paperType: row.paper_type });
        report.generationsRequeued++;
      }
    });
  }
  return report;
}
