/** Webhook mode: an HTTP request listener for Telegram's POSTs to the webhook path. Requests
 * without Telegram's X-Telegram-Bot-Api-Secret-Token are refused (401) by grammY. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { webhookCallback, type Bot } from 'grammy';
import type { BotLog } from './deps.ts';
import { safeError } from './errors.ts';

export function webhookListener(bot: Bot, o: { token: string; path: string; secret: string; log: BotLog }) {
  const handle = webhookCallback(bot, 'http', { secretToken: o.secret });
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST' || req.url !== o.path) {
      res.writeHead(404).end();
      return;
    }
    handle(req, res).catch((error: unknown) => {
      o.log.error({ err: safeError(error, o.token) }, 'telegram webhook update failed');
      if (!res.headersSent) res.writeHead(500).end();
    });
  };
}
