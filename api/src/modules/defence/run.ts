/**
 * One defence kit job: claim the order, make the kit from the paper's stored .docx and PDF with
 * the writer calls checkpointed under the order (a worker that takes over resumes without repeating
 * one), store the files and record the kit in the transaction that completes the order. A kit that
 * cannot be made (the paper cannot be read, the slides cannot pass their normocontrol, the workers
 * died too often) fails the order, and its payment is refunded.
 */
import { makeDefenceKit, PaperError } from '@app/paper';
import { DEFENCE_CONTENT_TYPES, REFUND_PROMISE, type DefenceFile } from '@app/contract';
import { Order } from '../orders/entities.ts';
import { completeOrder } from '../payments/lifecycle.ts';
import { orderOptionsOf } from '../orders/options.ts';
import { Paper } from '../papers/entities.ts';
import { newestVersionOf } from '../papers/papers.ts';
import { readEvidence } from '../evidence/store.ts';
import { titlePageInfoOf } from '../generation/order-input.ts';
import { claim, endFailedRun, publish, runSupport, type GenerationDeps } from '../generation/run.ts';
import { DefenceKit } from './entities.ts';
import { defenceFileKey } from './kit.ts';

const FAILED_MESSAGE = `Не удалось подготовить комплект к защите. ${REFUND_PROMISE}`;

export async function runDefenceKit(d: GenerationDeps, orderId: string): Promise<void> {
  if (!(await claim(d.em, orderId, d.config.worker.staleSeconds))) return;
  d.log.info({ orderId }, 'defence kit claimed');
  await publish(d.em, orderId);
  const order = await d.em.fork().findOneOrFail(Order, { id: orderId }, { populate: ['sourcePaper'] });
  const support = runSupport(d, order);
  try {
    const paper = order.sourcePaper;
    if (!paper?.docxKey || !paper.pdfKey) throw new PaperError('invalid_input', 'Файлы работы недоступны');
    // The kit defends the version the student downloads: a revised paper's newest, with its report.
    const newest = await newestVersionOf(d.em.fork(), paper);
    const files = newest
      ? { docx: newest.docx_key, pdf: newest.pdf_key, evidence: newest.evidence_key }
      : { docx: paper.docxKey, pdf: paper.pdfKey, evidence: paper.evidenceKey ?? null };
    const titlePage = orderOptionsOf(order).title_page;
    const kit = await makeDefenceKit(
      { docx: await d.storage.get(files.docx), pdf: await d.storage.get(files.pdf) },
      {
        ...(files.evidence ? { evidence: await readEvidence(d.storage, files.evidence) } : {}),
        writer: support.writer,
        checkpoints: support.checkpoints,
        pdf: d.engine.pdf,
        tariff: order.tariff,
        signal: d.signal,
        stopping: d.stopping,
        ...(titlePage ? { titlePage: titlePageInfoOf(titlePage) } : {}),
        onProgress: support.onProgress,
      },
    );
    const kitFiles: [DefenceFile, Buffer][] = [
      ['slides.pptx', kit.pptx],
      ['speech.docx', kit.speech],
      ['questions.docx', kit.questions],
      ['preview.pdf', kit.preview],
    ];
    for (const [file, bytes] of kitFiles) await d.storage.put(defenceFileKey(orderId, file), bytes, DEFENCE_CONTENT_TYPES[file]);
    const completed = await completeOrder(d, orderId, (tx, current) => {
      tx.create(DefenceKit, {
        order: current,
        paper: tx.getReference(Paper, paper.id),
        user: current.user,
        slidesKey: defenceFileKey(orderId, 'slides.pptx'),
        speechKey: defenceFileKey(orderId, 'speech.docx'),
        questionsKey: defenceFileKey(orderId, 'questions.docx'),
        previewKey: defenceFileKey(orderId, 'preview.pdf'),
        slides: kit.slides.length,
        speechWords: kit.speechWords,
        questions: kit.questionList.length,
      });
    });
    if (completed) {
      d.log.info(
        {
          orderId,
          slides: kit.slides.length,
          words: kit.speechWords,
          questions: kit.questionList.length,
          usage: kit.usage,
          grounding: kit.grounding,
        },
        'defence kit completed',
      );
    }
  } catch (error) {
    await support.stop();
    // A paper that cannot be read or slides that cannot be corrected are not retried.
    await endFailedRun(d, orderId, error, FAILED_MESSAGE, (e) => `${FAILED_MESSAGE} ${e.message}`);
  } finally {
    await support.stop();
  }
}
