/** What support does with an order whose generation failed: generate it again. The checkpoints
 * are kept, so the finished steps are not paid for twice. */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Jobs } from '../../jobs/queues.ts';
import { Order } from './entities.ts';
import { publishOrder } from './events.ts';

export async function retryFailedOrder(em: EntityManager, jobs: Jobs, orderId: string): Promise<void> {
  const paperType = await em.transactional(async (tx) => {
    const order = await tx.findOne(Order, { id: orderId }, { populate: ['user'] });
    if (!order || order.status !== 'failed') throw new Error(`order ${orderId} is not a failed order`);
    order.status = 'queued';
    order.attempts = 0;
    order.error = null;
    order.progress = 0;
    await tx.flush();
    await publishOrder(tx, order);
    return order.paperType;
  });
  await jobs.generate({ id: orderId, paperType });
}
