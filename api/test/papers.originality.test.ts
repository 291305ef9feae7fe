/** The originality report: with TEXTRU_USER_KEY configured (a local Text.ru stand-in), a full
 * paper written by the worker is checked by Text.ru, the report is stored with the paper and
 * comes back in its detail, to its owner only. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTextRuStandIn, type TextRuStandIn } from '../../paper/test/support/text-ru-stand-in.ts';
import { loadConfig } from '../src/config.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createPayment, decideInSandbox, newOrder, samplePdf, socketTranscript } from './support/orders.ts';

const KEY = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
let textRu: TextRuStandIn;
let t: TestApp;
beforeAll(async () => {
  textRu = await startTextRuStandIn({ userKey: KEY, notReadyPolls: 1, unique: () => 91.25 });
  t = await startTestApp({ TEXTRU_USER_KEY: KEY, TEXTRU_BASE_URL: textRu.url, TEXTRU_POLL_SECONDS: '1' }, { worker: true });
});
afterAll(async () => {
  await t?.close();
  await textRu?.close();
});

it('refuses a malformed Text.ru key at start, naming the variable and not the value', () => {
  expect(() => loadConfig({ NODE_ENV: 'test', TEXTRU_USER_KEY: 'not a key!' })).toThrow(/TEXTRU_USER_KEY: expected the key from text\.ru/);
  expect(() => loadConfig({ NODE_ENV: 'test', TEXTRU_USER_KEY: 'not a key!' })).not.toThrow(/not a key!/);
  expect(loadConfig({ NODE_ENV: 'test' }).textRu).toBeNull();
  expect(loadConfig({ NODE_ENV: 'test', TEXTRU_USER_KEY: '' }).textRu).toBeNull();
});

it('stores the report of a full paper and returns it in the detail, to its owner only', { timeout: 600_000 }, async () => {
  const u = await signUp(t);
  // A paper with an empty list of sources fails normocontrol: offline, the user's file is its source.
  const created = await createPayment(
    u.client,
    newOrder({ paper_type: 'full', gost_citations: ['Иванов И. И. Цифровая экономика. – М. : Наука, 2020. – 200 с.'] }),
    { files: [{ name: 'files', value: await samplePdf(), fileName: 'источник.pdf', contentType: 'application/pdf' }] },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const socket = await socketTranscript(t, u.client, `/api/v1/users/ws/${created.body.data.task_id}`);
  await decideInSandbox(u.client, created.body.data.confirmation_url, 'pay');
  const last = (await socket.waitFor((m) => m.some((x) => ['completed', 'failed'].includes(x.status)), 540_000)).at(-1);
  socket.close();
  expect(last.status, JSON.stringify(last)).toBe('completed');
  const paperId = last.paper_id;

  // Text.ru was asked with the paper's text (uid first, then polled until checked).
  expect(textRu.submitted).toHaveLength(1);
  expect(textRu.submitted[0]).toContain('ВВЕДЕНИЕ');
  expect(textRu.requests.filter((r) => r.uid).length).toBeGreaterThanOrEqual(2);

  const detail = await u.client.get(`/api/v1/papers/${paperId}/`);
  expect(detail.status).toBe(200);
  const report = detail.body.originality;
  expect(report).toMatchObject({ method: 'text.ru', originality_percent: 91.3, note: null, matches: [] });
  expect(report.words).toBeGreaterThan(10_000);
  expect(report.source_percent + report.self_percent).toBeLessThanOrEqual(100);
  for (const f of report.fragments) expect(f.words).toBeGreaterThanOrEqual(5);

  // Stored with the paper (a column of its own, read back by any later process).
  const stored = await t.sql('select originality from papers where id = $1', [paperId]);
  expect(stored.rows[0].originality).toEqual(report);

  const stranger = await signUp(t);
  const foreign = await stranger.client.get(`/api/v1/papers/${paperId}/`);
  expect(foreign.status).toBe(404);
  expect(JSON.stringify(foreign.body)).not.toContain('originality');
});
