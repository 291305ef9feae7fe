/** The worker's one job per order: a paper is generated, a defence kit made (modules/defence), a
 * delivered paper revised (modules/revisions). */
import { Order } from '../orders/entities.ts';
import { runDefenceKit } from '../defence/run.ts';
import { runRevision } from '../revisions/run.ts';
import { runGeneration, type GenerationDeps } from './run.ts';

export async function runOrder(d: GenerationDeps, orderId: string): Promise<void> {
  const order = await d.em.fork().findOne(Order, { id: orderId });
  if (order?.kind === 'defence') return runDefenceKit(d, orderId);
  if (order?.kind === 'revision') return runRevision(d, orderId);
  return runGeneration(d, orderId);
}
