/** The library in the worker: the development collection or the scheduled harvest of the
 * configured OAI-PMH repositories (one harvest at a time across all workers). */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { PgBoss } from 'pg-boss';
import type { Config } from '../../config.ts';
import { ensureQueue } from '../../jobs/queues.ts';
import { prepareLibrary } from './dev-collection.ts';
import { harvestEndpoint, type HarvestReport } from './harvest.ts';

export const LIBRARY_HARVEST_QUEUE = 'library-harvest';

/** Harvests every configured endpoint in turn; one endpoint's failure does not stop the others. */
async function harvestLibrary(options: {
  pool: pg.Pool;
  library: Config['library'];
  log: FastifyBaseLogger;
  signal?: AbortSignal;
}): Promise<HarvestReport[]> {
  const reports: HarvestReport[] = [];
  for (const endpoint of options.library.endpoints) {
    options.signal?.throwIfAborted();
    try {
      const report = await harvestEndpoint({
        pool: options.pool,
        endpoint,
        delayMs: options.library.delayMs,
        retries: options.library.retries,
        retryBaseMs: 5000,
        signal: options.signal,
        log: options.log,
      });
      options.log.info({ report }, 'library harvest finished');
      reports.push(report);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      options.log.error(
        { err: error, origin: endpoint.origin, url: endpoint.url },
        'library harvest failed; it resumes from its saved token next time',
      );
    }
  }
  return reports;
}

export async function startLibrary(options: { config: Config; databaseUrl: string; boss: PgBoss; log: FastifyBaseLogger }) {
  const { config, boss, log } = options;
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
  const stopping = new AbortController();
  const harvesting = config.library.endpoints.length > 0;
  const prepared = await prepareLibrary(pool, { devCollection: config.sources.invented });
  if (prepared === 'removed') log.info('library: the development collection was removed (a database is configured, or production)');
  if (!harvesting) {
    log.warn(
      config.sources.invented
        ? `LIBRARY_OAI_ENDPOINTS is not set: no harvest; the library holds only its development collection (invented records)${prepared === 'loaded' ? ', loaded now' : ''}`
        : 'LIBRARY_OAI_ENDPOINTS is not set: no harvest; the library stays as it is',
    );
  } else {
    // Exclusive: one harvest queued or running. A harvest fails only when its worker is killed or
    // stops (a repository's own failures are retried inside it): a restarted worker then resumes it
    // from its saved token within half a minute (10 s heartbeat, supervised every 10 s, 10 s delay).
    await ensureQueue(boss, LIBRARY_HARVEST_QUEUE, {
      policy: 'exclusive',
      retryLimit: 5,
      retryDelay: 10,
      expireInSeconds: 12 * 3600,
      heartbeatSeconds: 10,
    });
    await boss.schedule(LIBRARY_HARVEST_QUEUE, config.library.harvestCron);
    await boss.work(LIBRARY_HARVEST_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
      await harvestLibrary({ pool, library: config.library, log, signal: stopping.signal });
    });
    log.info({ endpoints: config.library.endpoints.map((e) => e.origin), cron: config.library.harvestCron }, 'library harvest scheduled');
  }
  return {
    async stop() {
      stopping.abort();
      await pool.end();
    },
  };
}
