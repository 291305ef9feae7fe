/** The library in the worker: without repositories the development collection is loaded and no
 * harvest is scheduled; with LIBRARY_OAI_ENDPOINTS the harvest is a scheduled pg-boss job that
 * fills the library from the repository (no development collection beside it), and a harvest
 * killed with its worker process resumes soon after a worker starts again. */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIBRARY_HARVEST_QUEUE } from '../src/modules/library/library-jobs.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { startOaiServer, type OaiStandIn } from './support/oai-server.ts';
import { startProcess, type ServiceProcess } from './support/processes.ts';

vi.setConfig({ testTimeout: 60_000 });

let t: TestApp | null = null;
let oai: OaiStandIn | null = null;
const workers: ServiceProcess[] = [];
afterEach(async () => {
  for (const w of workers.splice(0)) await w.kill();
  await t?.close();
  await oai?.close();
  t = oai = null;
});
const count = async (sql: string) => Number((await t!.sql(sql)).rows[0].count);

describe('library in the worker', () => {
  it('without repositories: the development collection, and no harvest scheduled', async () => {
    t = await startTestApp({}, { worker: true });
    expect(await count(`select count(*) from library_records where origin = 'dev-collection'`)).toBeGreaterThanOrEqual(30);
    expect(await count(`select count(*) from pgboss.schedule where name = '${LIBRARY_HARVEST_QUEUE}'`)).toBe(0);
    expect(t.logs.join('')).toContain('LIBRARY_OAI_ENDPOINTS is not set');
  });

  it('with a repository: a scheduled job harvests it, and no development collection is loaded', async () => {
    oai = await startOaiServer({ pageSize: 2 });
    oai.put(
      ...Array.from({ length: 5 }, (_, i) => ({
        identifier: `oai:repo:${i}`,
        datestamp: `2024-05-0${i + 1}T00:00:00Z`,
        dc: { title: [`Статья номер ${i}`], creator: ['Петров П. П.'], date: ['2020'], source: [`Вестник. 2020. № ${i + 1}. С. 1-9`] },
      })),
    );
    t = await startTestApp(
      { LIBRARY_OAI_ENDPOINTS: `repo=${oai.url}`, LIBRARY_OAI_DELAY_MS: '0', LIBRARY_HARVEST_CRON: '0 4 * * *' },
      { worker: true },
    );
    expect(await count(`select count(*) from library_records where origin = 'dev-collection'`)).toBe(0);
    expect((await t.sql(`select cron from pgboss.schedule where name = '${LIBRARY_HARVEST_QUEUE}'`)).rows).toEqual([{ cron: '0 4 * * *' }]);

    const id = await t.services.boss.send(LIBRARY_HARVEST_QUEUE, {});
    // pg-boss tells of a finished job only through its table: read it until the job is done.
    let state = '';
    for (const deadline = Date.now() + 30_000; Date.now() < deadline && !['completed', 'failed'].includes(state); await sleep(100)) {
      state = (await t.services.boss.getJobById(LIBRARY_HARVEST_QUEUE, id!))?.state ?? '';
    }
    expect(state).toBe('completed');
    expect(await count(`select count(*) from library_records where origin = 'repo'`)).toBe(5);
    expect((await t.sql(`select harvested_until, resumption_token from library_harvests`)).rows).toEqual([
      { harvested_until: '2024-05-05T00:00:00Z', resumption_token: null },
    ]);
  });

  it('a harvest killed with its worker process resumes from its saved token within a minute of the restart', async () => {
    oai = await startOaiServer({ pageSize: 2 });
    const total = 30;
    oai.put(
      ...Array.from({ length: total }, (_, i) => ({
        identifier: `oai:repo:${i}`,
        datestamp: `2024-05-${String(i + 1).padStart(2, '0')}T00:00:00Z`,
        dc: { title: [`Статья номер ${i}`], creator: ['Петров П. П.'], date: ['2020'] },
      })),
    );
    t = await startTestApp({});
    // A polite harvester: a page every 300 ms, so the kill finds it in the middle of the list.
    const env = { LIBRARY_OAI_ENDPOINTS: `repo=${oai.url}`, LIBRARY_OAI_DELAY_MS: '300', LIBRARY_HARVEST_CRON: '0 4 1 1 *' };
    const first = await startProcess(t, 'worker', env);
    workers.push(first);
    await t.services.boss.send(LIBRARY_HARVEST_QUEUE, {});
    // The stand-in tells of every request only through its log: read it until three pages were asked.
    for (const deadline = Date.now() + 30_000; oai.listRequests().length < 3 && Date.now() < deadline; await sleep(50));
    await first.kill('SIGKILL');
    const saved = (await t.sql('select resumption_token, list_pages from library_harvests')).rows[0];
    expect(saved.resumption_token).toBeTruthy();

    const restarted = Date.now();
    const before = oai.listRequests().length;
    workers.push(await startProcess(t, 'worker', env));
    const resumed = () =>
      oai!
        .listRequests()
        .slice(before)
        .some((r) => r.resumptionToken === saved.resumption_token);
    for (const deadline = restarted + 90_000; !resumed() && Date.now() < deadline; await sleep(100));
    expect(resumed(), 'the harvest resumed from its saved token').toBe(true);
    expect(Date.now() - restarted).toBeLessThan(60_000);
    const finished = async () => (await t!.sql('select resumption_token from library_harvests')).rows[0].resumption_token === null;
    for (const deadline = Date.now() + 60_000; !(await finished()) && Date.now() < deadline; await sleep(100));
    expect(await count(`select count(*) from library_records where origin = 'repo'`)).toBe(total);
    expect(
      oai.listRequests().filter((r) => !r.resumptionToken),
      'the list was not started over',
    ).toHaveLength(1);
  }, 180_000);
});
