/** A demo paid while full papers wait in the queue is generated first: its job has the higher priority. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PgBoss } from 'pg-boss';
import { jobsOf, QUEUE, startBoss, type GenerateJob } from '../src/jobs/queues.ts';
import { createTestDatabase } from './support/app.ts';

let boss: PgBoss;
beforeAll(async () => {
  boss = await startBoss(await createTestDatabase(), () => undefined);
});
afterAll(() => boss.stop({ graceful: false, close: true }));

it('gives a demo its generation before the full papers queued earlier', async () => {
  const jobs = jobsOf(boss);
  await jobs.generate({ id: 'full-1', paperType: 'full' });
  await jobs.generate({ id: 'full-2', paperType: 'full' });
  await jobs.generate({ id: 'demo-1', paperType: 'demo' });
  await jobs.generate({ id: 'full-3', paperType: 'full' });
  const taken: string[] = [];
  for (let i = 0; i < 4; i++) {
    const [job] = await boss.fetch<GenerateJob>(QUEUE.generate);
    taken.push(job.data.orderId);
  }
  // The demo first; the full papers in the order they were paid.
  expect(taken).toEqual(['demo-1', 'full-1', 'full-2', 'full-3']);
});
