/** Liveness (the process answers, and whether the database does) and readiness (everything a
 * request needs is reachable: a load balancer sends no traffic to a process that is not ready). */
import { contract } from '@app/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Orm } from '../../db/orm.ts';
import type { Storage } from '../../storage/storage.ts';

const s = initServer();

/** Each readiness check's time limit: a hung dependency makes the answer 503, not a hung probe. */
const CHECK_TIMEOUT_MS = 2000;

async function check(name: string, log: FastifyBaseLogger, run: (signal: AbortSignal) => Promise<unknown>): Promise<boolean> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`));
    }, CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([run(controller.signal), timeout]);
    return true;
  } catch (error) {
    log.warn({ err: error }, `ready: ${name} unreachable`);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export const systemRouter = (orm: Orm, config: Config, storage: Storage) =>
  s.router(contract.system, {
    health: async ({ request }) => {
      let database = false;
      try {
        await orm.em.getConnection().execute('select 1');
        database = true;
      } catch (error) {
        request.log.warn({ err: error }, 'health: database unreachable');
      }
      return database ? { status: 200, body: { status: 'ok', database } } : { status: 503, body: { status: 'degraded', database } };
    },
    ready: async ({ request }) => {
      const sql = orm.em.getConnection();
      const [database, queue, storageOk] = await Promise.all([
        check('database', request.log, () => sql.execute('select 1')),
        // The queue's own tables (pg-boss schema), not just the server they live on.
        check('queue', request.log, () => sql.execute('select 1 from pgboss.queue limit 1')),
        check('storage', request.log, (signal) => storage.probe(signal)),
      ]);
      const checks = { database, queue, storage: storageOk };
      const failed = (['database', 'queue', 'storage'] as const).filter((name) => !checks[name]);
      const body = { status: failed.length ? ('not_ready' as const) : ('ready' as const), ...checks, failed };
      return failed.length ? { status: 503, body } : { status: 200, body };
    },
    config: async () => ({
      status: 200,
      body: { support_email: config.supportEmail, telegram_bot_username: config.telegram.botUsername, legal_entity: config.legalEntity },
    }),
  });
