/** The engine's checkpoints of an order, in PostgreSQL: a worker that takes over a generation
 * continues from the last finished step and never repeats a finished LLM call. */
import type { CheckpointStore } from '@app/paper';
import type { EntityManager } from '@mikro-orm/postgresql';

export function dbCheckpoints(em: () => EntityManager, orderId: string): CheckpointStore {
  return {
    async get(key) {
      const [row] = await em().execute<{ value: unknown }[]>('select value from generation_checkpoints where order_id = ? and key = ?', [
        orderId,
        key,
      ]);
      return row?.value;
    },
    async set(key, value) {
      await em().execute(
        `insert into generation_checkpoints (order_id, key, value) values (?, ?, ?)
         on conflict (order_id, key) do update set value = excluded.value`,
        [orderId, key, JSON.stringify(value)],
      );
    },
  };
}
