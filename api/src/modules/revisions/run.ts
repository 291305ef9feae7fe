/**
 * One revision round in the worker: claim its order, apply the remarks to the version it revises
 * (the engine's revisePaper, with its checkpoints in PostgreSQL like a generation's, so a killed
 * worker's round resumes), store the new version's files and state, and record the version and
 * each remark's outcome in the transaction that completes the order. A round that fails for good
 * ends `failed` and its payment, if any, is refunded.
 */
import { DOCX, REFUND_PROMISE } from '@app/contract';
import { revisePaper } from '@app/paper';
import { paperFileKey } from '../../storage/storage.ts';
import { Order } from '../orders/entities.ts';
import { completeOrder } from '../payments/lifecycle.ts';
import { originalityOf } from '../papers/originality.ts';
import { claim, endFailedRun, engineContext, publish, runSupport, storedSourcesOf, type GenerationDeps } from '../generation/run.ts';
import { storeEvidence } from '../evidence/store.ts';
import { Revision } from './entities.ts';
import { PaperVersion } from '../versions/entities.ts';
import { readSnapshot, storeSnapshot } from '../versions/versions.ts';

const FAILED = 'Не удалось выполнить доработку.';

export async function runRevision(d: GenerationDeps, orderId: string): Promise<void> {
  if (!(await claim(d.em, orderId, d.config.worker.staleSeconds))) return;
  d.log.info({ orderId }, 'revision claimed');
  await publish(d.em, orderId);
  const em = d.em.fork();
  const order = await em.findOneOrFail(Order, { id: orderId });
  const revision = await em.findOneOrFail(Revision, { order: orderId });
  const support = runSupport(d, order);
  try {
    const from = await em.findOneOrFail(PaperVersion, { paper: revision.paper.id, number: revision.fromVersion });
    const number = from.number + 1;
    const result = await revisePaper(
      await readSnapshot(d.storage, from.stateKey!),
      { remarks: revision.remarks, scope: revision.scope ?? null, versions: { from: from.number, to: number } },
      engineContext(d, support),
    );
    const keys = {
      docx: paperFileKey(orderId, 'paper.docx'),
      pdf: paperFileKey(orderId, 'preview.pdf'),
      report: paperFileKey(orderId, 'report.docx'),
      state: paperFileKey(orderId, 'state.json.gz'),
    };
    await d.storage.put(keys.docx, result.docx, DOCX);
    await d.storage.put(keys.pdf, result.pdf, 'application/pdf');
    await d.storage.put(keys.report, result.reportDocx, DOCX);
    await storeSnapshot(d.storage, keys.state, result.snapshot);
    const evidenceKey = await storeEvidence(d.storage, orderId, result.evidence);

    const completed = await completeOrder(d, orderId, async (tx) => {
      tx.create(PaperVersion, {
        paper: revision.paper,
        number,
        docxKey: keys.docx,
        pdfKey: keys.pdf,
        reportKey: keys.report,
        stateKey: keys.state,
        pageCount: result.pageCount,
        normocontrol: result.normocontrol,
        originality: originalityOf(result.originality),
        sources: storedSourcesOf(result.sources),
        evidenceKey,
        order: orderId,
      });
      const held = await tx.findOneOrFail(Revision, { order: orderId });
      held.outcomes = result.report.outcomes;
      held.version = number;
    });
    if (completed) {
      const count = (status: string) => result.report.outcomes.filter((o) => o.status === status).length;
      d.log.info(
        {
          orderId,
          paperId: revision.paper.id,
          version: number,
          pages: result.report.pages,
          remarks: { done: count('done'), partial: count('partial'), notDone: count('not_done'), author: count('author') },
          usage: result.usage,
        },
        'revision completed',
      );
    }
  } catch (error) {
    await support.stop();
    // A paid round is refunded; an included one cost nothing.
    await endFailedRun(d, orderId, error, order.amount ? `${FAILED} ${REFUND_PROMISE}` : FAILED);
  } finally {
    await support.stop();
  }
}
