/** A short fuzz run in the suite (the long one is `npm run fuzz -w api`): malformed requests over
 * every endpoint of the contract, the payment/create form and the order sockets; no 5xx, every
 * 4xx with its code and a Russian detail, and no upload left on disk. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareWorld, runFuzz } from '../fuzz/fuzz.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { filesUnder } from './support/uploads.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('1,500 malformed requests: no 5xx, every 4xx with its code', { timeout: 300_000 }, async () => {
  const target = { app: t.app, sql: t.sql, storage: t.services.storage, trustedOrigins: t.config.trustedOrigins };
  const world = await prepareWorld(target);
  const errorLogs = () => t.logs.filter((l) => /"level":(50|60)/.test(l));
  const report = await runFuzz(target, world, { seed: 20261122, requests: 1500, serverErrors: () => errorLogs().length });
  expect(report.failures).toEqual([]);
  expect(errorLogs().map((l) => l.slice(0, 600))).toEqual([]);
  expect(report.sent).toBe(1500);
  expect(Object.keys(report.byStatus).length).toBeGreaterThan(8);
  expect(filesUnder(t.config.uploadsDir)).toEqual([]);
});
