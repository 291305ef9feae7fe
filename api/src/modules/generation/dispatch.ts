/** The worker's one job per order: a paper is generated here; the other kinds have runners of their
 * own modules (a defence kit: modules/defence, a revision round: modules/revisions), which sit above
 * generation and so are handed in by the worker (worker.ts), not imported. */
import { Order } from '../orders/entities.ts';
import { runGeneration, type GenerationDeps } from './run.ts';

type OrderRunner = (d: GenerationDeps, orderId: string) => Promise<void>;

/** The runners of the kinds that are not a paper. */
export type OrderRunners = Record<'defence' | 'revision', OrderRunner>;

export async function runOrder(d: GenerationDeps, runners: OrderRunners, orderId: string): Promise<void> {
  const order = await d.em.fork().findOne(Order, { id: orderId });
  const kind = order?.kind;
  if (kind === 'defence' || kind === 'revision') return runners[kind](d, orderId);
  return runGeneration(d, orderId);
}
