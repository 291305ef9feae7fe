/** The whole way, as a user sees it: bind Telegram from the web through the bot, pay for a demo,
 * and the bot tells of the payment and of the finished paper (the worker generates it; its
 * notification job queues the Telegram job; the bot process sends it). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FakeBotApi } from '../../bot/dev/fake-bot-api.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createPayment, decideInSandbox, newOrder, socketTranscript, TOPIC } from './support/orders.ts';
import {
  bindToken,
  botEnv,
  recordingLog,
  say,
  startBotApi,
  startBotProcess,
  telegramUidOf,
  type TestBotProcess,
} from './support/telegram.ts';

let t: TestApp;
let api: FakeBotApi;
let bot: TestBotProcess;
beforeAll(async () => {
  api = await startBotApi();
  t = await startTestApp(botEnv(api), { worker: true });
  bot = await startBotProcess(t, recordingLog().log);
});
afterAll(async () => {
  await bot?.stop();
  await t?.close();
  await api?.close();
});

it('bound through the bot, the user hears of the payment and of the finished demo', { timeout: 180_000 }, async () => {
  const u = await signUp(t);
  const [bound] = await say(bot, api, 6001, `/start ${await bindToken(u.client)}`);
  expect(bound).toMatch(/^Готово!/);
  expect(await telegramUidOf(u.client)).toBe('6001');

  const created = await createPayment(u.client, newOrder());
  const socket = await socketTranscript(t, u.client, `/api/v1/users/ws/${created.body.data.task_id}`);
  await decideInSandbox(u.client, created.body.data.confirmation_url, 'pay');
  const last = (await socket.waitFor((m) => m.some((x) => ['completed', 'failed'].includes(x.status)))).at(-1);
  socket.close();
  expect(last.status).toBe('completed');

  const calls = await api.waitFor(() => api.sentTo(6001).length === 3, 60_000);
  expect(calls.filter((c) => c.method === 'sendMessage' && String(c.payload.chat_id) === '6001').map((c) => c.payload.text)).toEqual([
    bound,
    `Оплата прошла. Демо-версия работы «${TOPIC}» поставлена в очередь на создание.\n\nХод генерации: /status или http://localhost:8000/home`,
    expect.stringMatching(
      new RegExp(
        `^Демо-версия работы «.+» готова\\.\\n\\nПосмотреть её и купить полную версию: http://localhost:8000/preview/${last.paper_id}$`,
      ),
    ),
  ]);
  expect(await say(bot, api, 6001, '/status')).toEqual(['Сейчас работа не создаётся. Заказать новую: http://localhost:8000/demo']);
});
