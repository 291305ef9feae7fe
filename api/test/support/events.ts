/** Waiting for the service to reach a state, woken by the order events that every change of an
 * order or its money publishes (PostgreSQL LISTEN), never by sleeping between polls. */
import pg from 'pg';
import { ORDER_CHANNEL } from '../../src/modules/orders/events.ts';
import type { TestApp } from './app.ts';

/** Resolves with the first non-null answer of `check`, asked at once and after every order event. */
export async function untilOrderEvents<T>(
  t: Pick<TestApp, 'databaseUrl'>,
  check: () => Promise<T | null>,
  describe: () => Promise<string>,
  timeoutMs = 180_000,
): Promise<T> {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  let wake: () => void = () => undefined;
  client.on('notification', () => wake());
  await client.query(`listen ${ORDER_CHANNEL}`);
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const woken = new Promise<void>((resolve) => (wake = resolve));
      const done = await check();
      if (done !== null) return done;
      if (Date.now() > deadline) throw new Error(`timed out: ${await describe()}`);
      await Promise.race([woken, new Promise((resolve) => setTimeout(resolve, deadline - Date.now()).unref())]);
    }
  } finally {
    await client.end();
  }
}
