/** Test-only: hands one private message to the real bot, with its real deps on the installation's
 * database (same environment as `npm start`), and prints the bot's answers as a JSON array.
 * Nothing reaches Telegram: a recording transformer answers every Bot API call. The web's
 * end-to-end test of binding feeds the bot the token from the bind button's link this way.
 *   node api/src/cli/bot-feed.ts <telegram-user-id> "<text>"
 */
import { createBot } from '@app/bot';
import pino from 'pino';
import { botDepsOf } from '../modules/telegram/account.ts';
import { openCliDatabase } from './db.ts';

const [uid, text] = process.argv.slice(2);
if (!/^\d+$/.test(uid ?? '') || !text) {
  console.error('usage: bot-feed.ts <telegram-user-id> "<text>"');
  process.exit(2);
}

const { config, orm } = await openCliDatabase();
try {
  const username = config.telegram.botUsername ?? 'paper_bot';
  const botInfo = {
    id: 1,
    is_bot: true as const,
    first_name: 'bot-feed',
    username,
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
  };
  const bot = createBot(
    '0:bot-feed',
    botDepsOf(config, () => orm.em.fork()),
    { log: pino({ level: 'warn' }, pino.destination(2)), botInfo },
  );
  const answers: string[] = [];
  // Installed last, so it runs first and never passes the call on.
  bot.api.config.use(async (_prev, method, payload) => {
    if (method === 'sendMessage') answers.push(String((payload as { text: string }).text));
    return { ok: true, result: true } as never;
  });
  const command = /^\/\w+/.exec(text);
  await bot.handleUpdate({
    update_id: 1,
    message: {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      chat: { id: Number(uid), type: 'private', first_name: 'E2E' },
      from: { id: Number(uid), is_bot: false, first_name: 'E2E' },
      text,
      ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}),
    },
  });
  console.log(JSON.stringify(answers));
} finally {
  await orm.close();
}
