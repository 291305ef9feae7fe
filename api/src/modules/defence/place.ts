/** Buying a defence kit: for the user's own full paper that was paid for, once. */
import { defencePriceOf } from '@app/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors.ts';
import type { OrderOptions } from '../orders/entities.ts';
import { paperOrderOptions, type OrderPlan } from '../orders/plan.ts';
import { downloadable } from '../papers/papers.ts';
import { Paper } from '../papers/entities.ts';
import { liveDefenceOrder } from './kit.ts';

/** The paper's own options: the kit reads its title page; the rest is what the paper was written with. */
function optionsOf(paper: Paper, own: Pick<OrderOptions, 'title_page' | 'ai_appendix'> | null): OrderOptions {
  return {
    use_footnotes: paper.options.use_footnotes ?? false,
    separate_bibliography: paper.options.separate_bibliography ?? false,
    min_publication_year: paper.options.min_publication_year,
    required_volume: paper.options.required_volume,
    gost_citations: [],
    user_structure: null,
    title_page: own?.title_page ?? null,
    ai_appendix: own?.ai_appendix ?? false,
  };
}

/** 404 for a paper that is not the user's; 400 until its full version is paid for (and while
 * refunded); 409 when its kit is bought or being made. */
export async function defencePlan(em: EntityManager, userId: number, paperId: number): Promise<OrderPlan> {
  const paper = await em.findOne(Paper, { id: paperId, user: userId });
  if (!paper) throw new AppError('paper_not_found');
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
    options: optionsOf(paper, await paperOrderOptions(em, paper)),
    price: (discount) => defencePriceOf(paper.tariff, discount),
    description: `Подготовка к защите: ${paper.title}`,
    returnPath: (orderId) => `/defence/${paper.id}?task_id=${orderId}`,
  };
}
