/** Buying a defence kit: for the user's own full paper that was paid for, once. */
import { defencePriceOf } from '@app/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors.ts';
import { optionsOfPaper, paperOrderOptions, type OrderPlan } from '../orders/plan.ts';
import { downloadable, ownPaper } from '../papers/papers.ts';
import { liveDefenceOrder } from './kit.ts';

/** 404 for a paper that is not the user's; 400 until its full version is paid for (and while
 * refunded); 409 when its kit is bought or being made. */
export async function defencePlan(em: EntityManager, userId: number, paperId: number): Promise<OrderPlan> {
  const paper = await ownPaper(em, userId, paperId);
  if (!downloadable(paper) || !paper.pdfKey) throw new AppError('defence_paper_not_purchased');
  const live = await liveDefenceOrder(em, paper.id);
  if (live?.status === 'completed') throw new AppError('defence_already_bought');
  if (live) throw new AppError('defence_in_progress');
  return {
    kind: 'defence',
    paperType: 'full',
    tariff: paper.tariff,
    topic: paper.title,
    source: paper,
    // The kit reads the paper's title page.
    options: optionsOfPaper(paper, await paperOrderOptions(em, paper)),
    price: (discount) => defencePriceOf(paper.tariff, discount),
    // The kit attaches no files and writes from the paper, whose sources are its own.
    citations: [],
    sourcesCheck: null,
    description: `Подготовка к защите: ${paper.title}`,
    returnPath: (orderId) => `/defence/${paper.id}?task_id=${orderId}`,
  };
}
