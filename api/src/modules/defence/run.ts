/**
 * One defence kit job: claim the order, make the kit from the paper's stored .docx and PDF with
 * the writer calls checkpointed under the order (a worker that takes over resumes without repeating
 * one), store the files and record the kit in the transaction that completes the order. A kit that
 * cannot be made (the paper cannot be read, the slides cannot pass their normocontrol, the workers
 * died too often) fails the order, and its payment is refunded.
 */
import { makeDefenceKit, PaperError, type ProgressEvent } from '@app/paper';
import type { DefenceFile } from '@app/contract';
import { Order } from '../orders/entities.ts';
import { publishOrder } from '../orders/events.ts';
import { failOrder, failureDetail } from '../orders/lifecycle.ts';
import { orderOptionsOf } from '../orders/options.ts';
import { lockOrder } from '../orders/repository.ts';
import { Paper } from '../papers/entities.ts';
import { dbCheckpoints } from '../generation/checkpoints.ts';
import { meteredWriter } from '../generation/cost.ts';
import { titlePageInfoOf } from '../generation/order-input.ts';
import { claim, publish, recordProgress, type GenerationDeps } from '../generation/run.ts';
import { withQuota } from '../quota/with-quota.ts';
import { DefenceKit } from './entities.ts';
import { DEFENCE_CONTENT_TYPES, defenceFileKey } from './kit.ts';

const FAILED_MESSAGE = 'Не удалось подготовить комплект к защите. Оплата будет возвращена автоматически.';

/** Failures a new attempt would only repeat: the paper itself, or slides that cannot be corrected. */
const final = (error: unknown) => error instanceof PaperError && (error.code === 'invalid_input' || error.code === 'normocontrol_failed');

export async function runDefenceKit(d: GenerationDeps, orderId: string): Promise<void> {
  const { staleSeconds, maxAttempts } = d.config.worker;
  if (!(await claim(d.em, orderId, staleSeconds))) return;
  d.log.info({ orderId }, 'defence kit claimed');
  await publish(d.em, orderId);
  const em = d.em.fork();
  const order = await em.findOneOrFail(Order, { id: orderId }, { populate: ['sourcePaper'] });
  let progressChain: Promise<void> = Promise.resolve();
  const heartbeat = setInterval(
    () =>
      void d.em
        .execute('update orders set heartbeat_at = now() where id = ? and status = ?', [orderId, 'generating'])
        .catch(() => undefined),
    (staleSeconds * 1000) / 4,
  );
  try {
    const paper = order.sourcePaper;
    if (!paper?.docxKey || !paper.pdfKey) throw new PaperError('invalid_input', 'Файлы работы недоступны');
    const titlePage = orderOptionsOf(order).title_page;
    const metered = meteredWriter(d.engine.writer, d.em, orderId, d.log);
    const kit = await makeDefenceKit(
      { docx: await d.storage.get(paper.docxKey), pdf: await d.storage.get(paper.pdfKey) },
      {
        writer: d.quota ? withQuota(metered, d.quota, { orderId, kind: order.paperType }) : metered,
        checkpoints: dbCheckpoints(() => d.em.fork(), orderId),
        pdf: d.engine.pdf,
        tariff: order.tariff,
        signal: d.signal,
        ...(titlePage ? { titlePage: titlePageInfoOf(titlePage) } : {}),
        onProgress: (p: ProgressEvent) => {
          progressChain = progressChain
            .then(() => recordProgress(d.em, orderId, p))
            .catch((error) => d.log.warn({ err: error, orderId }, 'progress not recorded'));
          return progressChain;
        },
      },
    );
    const files: [DefenceFile, Buffer][] = [
      ['slides.pptx', kit.pptx],
      ['speech.docx', kit.speech],
      ['questions.docx', kit.questions],
      ['preview.pdf', kit.preview],
    ];
    for (const [file, bytes] of files) await d.storage.put(defenceFileKey(orderId, file), bytes, DEFENCE_CONTENT_TYPES[file]);
    const completed = await em.transactional(async (tx) => {
      const current = await lockOrder(tx, orderId);
      // Support may have refunded and cancelled it meanwhile: then it is not delivered.
      if (current?.status !== 'generating') return false;
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
      current.status = 'completed';
      current.progress = 100;
      current.stage = 'Готово';
      await tx.flush();
      await publishOrder(tx, current);
      await d.jobs.notify(tx, { orderId, kind: 'generation_completed' });
      return true;
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
    const attempts = (await em.fork().findOneOrFail(Order, { id: orderId })).attempts;
    if (d.signal?.aborted || (!final(error) && attempts < maxAttempts)) {
      await d.em.execute(`update orders set heartbeat_at = null where id = ? and status = 'generating'`, [orderId]);
      throw error;
    }
    d.log.error({ err: error, orderId, attempts }, 'defence kit failed for good: the payment is refunded');
    await failOrder(d, orderId, {
      message: error instanceof PaperError && error.code === 'invalid_input' ? `${FAILED_MESSAGE} ${error.message}` : FAILED_MESSAGE,
      detail: failureDetail(error),
    });
  } finally {
    clearInterval(heartbeat);
  }
}
