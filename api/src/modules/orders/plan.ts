/** What an order buys, planned by its kind (a paper in place.ts, a defence kit in modules/defence). */
import type { PaperType, Tariff } from '@app/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Paper } from '../papers/entities.ts';
import { Order, type OrderKind, type OrderOptions } from './entities.ts';
import { orderOptionsOf } from './options.ts';

/** The options of the order that made a paper: its title page and appendix choice (older orders have
 * neither); null for a paper no order made. Damaged options throw, as for the order's own run (orderOptionsOf). */
export async function paperOrderOptions(em: EntityManager, paper: Paper): Promise<Pick<OrderOptions, 'title_page' | 'ai_appendix'> | null> {
  const order = await em.findOne(Order, { paper: paper.id }, { orderBy: { createdAt: 'asc' } });
  if (!order) return null;
  const { title_page, ai_appendix } = orderOptionsOf(order);
  return { title_page, ai_appendix };
}

/** The options of an order made of a paper (a defence kit, a revision round): what the paper was
 * written with, and the title page and appendix choice given (none for a round, which writes neither). */
export function optionsOfPaper(paper: Paper, own: Pick<OrderOptions, 'title_page' | 'ai_appendix'> | null = null): OrderOptions {
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

/** What an order buys, its kind's own checks passed: the order's fields, its price and what the
 * payment says. A paper (orders/place.ts), a defence kit (modules/defence) and a revision round
 * (modules/revisions) are each a plan; `placeOrder` places any of them the same way. */
export interface OrderPlan {
  kind: OrderKind;
  paperType: PaperType;
  tariff: Tariff;
  topic: string;
  options: OrderOptions;
  /** The paper the order is made from (a demo bought in full, the paper of a kit). */
  source: Paper | null;
  /** The paper the order works on and delivers a version of (a revision round's). */
  paper?: Paper;
  price: (discount: number) => number;
  /** Included in what was bought: no payment, queued at once (a revision round within the included ones). */
  free?: boolean;
  /** The GOST citation of each attached file, in order: as many as the files (none for a kit or a round). */
  citations: string[];
  /** The topic's sources checked before any payment (a paper), or null (a kit, a round: their paper has its sources). */
  sourcesCheck: { minYear: number; requiredVolume: number } | null;
  /** The kind's own rows, made in the order's transaction (a round's remarks). */
  createWith?: (em: EntityManager, order: Order) => void;
  description: string;
  /** Where the payer comes back to on the site. */
  returnPath: (orderId: string) => string;
}
