/** Operator command for orders (same environment as `npm start`):
 *   npm run orders -w api -- failed              paid orders whose generation failed
 *   npm run orders -w api -- retry <task_id>     generate a failed order again (from its checkpoints)
 */
import { openCliDatabase } from './db.ts';
import { jobsOf, startBoss } from '../jobs/queues.ts';
import { retryFailedOrder } from '../modules/orders/support.ts';

const [command, taskId] = process.argv.slice(2);
const { orm, url } = await openCliDatabase();
const em = orm.em.fork();
try {
  if (command === 'failed') {
    const rows = await em.execute<{ id: string; topic: string; error: string; updated_at: Date; amount: number }[]>(
      `select id, topic, error, updated_at, amount from orders where status = 'failed' order by updated_at desc limit 100`,
    );
    for (const r of rows) console.log(`${r.id}  ${r.updated_at.toISOString().slice(0, 16)}  ${String(r.amount).padStart(5)} ₽  ${r.topic.slice(0, 60)}`);
    if (rows.length === 0) console.log('no failed orders');
  } else if (command === 'retry' && taskId) {
    const boss = await startBoss(url, (e) => console.error(e));
    try {
      await retryFailedOrder(em, jobsOf(boss), taskId);
      console.log(`order ${taskId} queued again`);
    } finally {
      await boss.stop({ graceful: false, close: true });
    }
  } else {
    console.error('usage: orders failed | orders retry <task_id>');
    process.exitCode = 2;
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await orm.close();
}
