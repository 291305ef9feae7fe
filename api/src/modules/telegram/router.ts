/** HTTP for Telegram binding from the web. */
import { contract } from '@app/contract';
import { initServer } from '@ts-rest/fastify';
import type { Config } from '../../config.ts';
import { sessionOf } from '../../http/context.ts';
import { createBindToken, unbindTelegram } from './binding.ts';

const s = initServer();

export const telegramRouter = (config: Config) =>
  s.router(contract.telegram, {
    bind: async ({ request }) => {
      const { token, botUrl } = await createBindToken(request.em, config, await sessionOf(request));
      return { status: 200, body: { ok: true, data: { token, bot_url: botUrl } } };
    },
    unbind: async ({ request }) => {
      await unbindTelegram(request.em, await sessionOf(request));
      return { status: 200, body: { ok: true } };
    },
  });
