/** Health: the process answers and the database does. */
import { contract } from '@app/contract';
import { initServer } from '@ts-rest/fastify';
import type { Config } from '../../config.ts';
import type { Orm } from '../../db/orm.ts';

const s = initServer();

export const systemRouter = (orm: Orm, config: Config) =>
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
    config: async () => ({
      status: 200,
      body: { support_email: config.supportEmail, telegram_bot_username: config.telegram.botUsername, legal_entity: config.legalEntity },
    }),
  });
