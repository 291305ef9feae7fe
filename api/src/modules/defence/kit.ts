/** The defence kit of a paper, for its owner: its state (and the price), its files when ready. */
import { defencePriceOf, fileNameOf, type DefenceFile, type DefenceKitStatus } from '@app/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { join } from 'node:path';
import { AppError } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import type { SessionOwner } from '../accounts/sessions.ts';
import { Order, Refund } from '../orders/entities.ts';
import { downloadable, ownPaper } from '../papers/papers.ts';
import { DefenceKit } from './entities.ts';

export const defenceFileKey = (orderId: string, file: DefenceFile) => join('defence', orderId, file);

const FILE_TITLES: Record<DefenceFile, string> = {
  'slides.pptx': 'Презентация',
  'speech.docx': 'Доклад',
  'questions.docx': 'Вопросы комиссии',
  'preview.pdf': 'Слайды',
};

const refunded = (em: EntityManager, orderId: string) =>
  em.count(Refund, { order: orderId, status: { $ne: 'canceled' } }).then((n) => n > 0);

/** The paper's defence order that stands: paid and on its way, or delivered, and not refunded. */
export async function liveDefenceOrder(em: EntityManager, paperId: number): Promise<Order | null> {
  const orders = await em.find(
    Order,
    { sourcePaper: paperId, kind: 'defence', status: { $in: ['queued', 'generating', 'completed'] } },
    { orderBy: { createdAt: 'desc' } },
  );
  for (const order of orders) if (!(await refunded(em, order.id))) return order;
  return null;
}

const fileUrl = (paperId: number, file: DefenceFile) => `/api/v1/papers/${paperId}/defence/${file}`;

export async function defenceKitStatus(em: EntityManager, owner: SessionOwner, paperId: number): Promise<DefenceKitStatus> {
  const paper = await ownPaper(em, owner.userId, paperId);
  const base: DefenceKitStatus = {
    state: 'none',
    available: downloadable(paper) && !!paper.pdfKey,
    price: defencePriceOf(paper.tariff),
    task_id: null,
    stage: null,
    progress: 0,
    error: null,
    files: null,
    summary: null,
  };
  const order = await em.findOne(Order, { sourcePaper: paper.id, kind: 'defence' }, { orderBy: { createdAt: 'desc' } });
  if (!order || ((await refunded(em, order.id)) && order.status !== 'failed')) return base;
  const task = { ...base, task_id: order.id, stage: order.stage ?? null, progress: order.progress };
  switch (order.status) {
    case 'pending_payment':
      return { ...task, state: 'pending_payment' };
    case 'queued':
    case 'generating':
      return { ...task, state: 'making' };
    case 'failed':
      return { ...task, state: 'failed', error: order.error ?? null };
    case 'completed': {
      const kit = await em.findOne(DefenceKit, { order: order.id });
      if (!kit) return base;
      return {
        ...task,
        state: 'ready',
        progress: 100,
        files: {
          slides: fileUrl(paper.id, 'slides.pptx'),
          speech: fileUrl(paper.id, 'speech.docx'),
          questions: fileUrl(paper.id, 'questions.docx'),
          preview: fileUrl(paper.id, 'preview.pdf'),
        },
        summary: { slides: kit.slides, speech_words: kit.speechWords, questions: kit.questions },
      };
    }
    default:
      return base;
  }
}

/** A file of the paper's delivered kit (not refunded), named after the paper. */
export async function openDefenceFile(em: EntityManager, storage: Storage, owner: SessionOwner, paperId: number, file: DefenceFile) {
  const paper = await ownPaper(em, owner.userId, paperId);
  const order = await liveDefenceOrder(em, paper.id);
  const kit = order?.status === 'completed' ? await em.findOne(DefenceKit, { order: order.id }) : null;
  if (!kit) throw new AppError('defence_not_ready');
  const key = {
    'slides.pptx': kit.slidesKey,
    'speech.docx': kit.speechKey,
    'questions.docx': kit.questionsKey,
    'preview.pdf': kit.previewKey,
  }[file];
  return {
    ...(await storage.open(key)),
    fileName: `${FILE_TITLES[file]} — ${fileNameOf(paper.title)}${file.slice(file.lastIndexOf('.'))}`,
  };
}
