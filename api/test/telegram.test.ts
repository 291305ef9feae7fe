/** The Telegram bot on the real database, as `main.ts bot` runs it: updates go through
 * bot.handleUpdate (and through long polling and the webhook), every call to Telegram goes to a
 * local server speaking the Bot API, notifications come from the `telegram` queue. */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKED, BOT_INFO, messageUpdate, type BotApiCall, type BotApiFailure, type FakeBotApi } from '../../bot/dev/fake-bot-api.ts';
import { QUEUE, type TelegramJob } from '../src/jobs/queues.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { insertPaidFullPaper } from './support/fixtures.ts';
import { createPayment, newOrder } from './support/orders.ts';
import {
  BOT_TOKEN,
  bindToken,
  botEnv,
  insertOrder,
  recordingLog,
  say as sayTo,
  startBotApi,
  startBotProcess,
  telegramUidOf,
  type TestBotProcess,
} from './support/telegram.ts';

const SITE = 'http://localhost:8000';
let t: TestApp;
let api: FakeBotApi;
let bot: TestBotProcess;
let behave: ((call: BotApiCall) => BotApiFailure | undefined) | undefined;
const logs = recordingLog();
const say = (from: number, text: string) => sayTo(bot, api, from, text);

beforeAll(async () => {
  api = await startBotApi((call) => behave?.(call));
  t = await startTestApp(botEnv(api));
  bot = await startBotProcess(t, logs.log);
});
afterAll(async () => {
  await bot?.stop();
  await t?.close();
  await api?.close();
});

/** A signed-up user whose Telegram account `uid` is bound through the bot. */
async function boundUser(uid: number) {
  const u = await signUp(t);
  const [reply] = await say(uid, `/start ${await bindToken(u.client)}`);
  expect(reply).toMatch(/^Готово!/);
  return u;
}

describe('binding', () => {
  it('the bind button leads to the bot with a one-time token; /start with it binds the account', async () => {
    const u = await signUp(t, 'ivanov');
    const res = await u.client.get('/api/v1/telegram/bind/');
    const token = res.body.data.token;
    expect(res.body.data.bot_url).toBe(`https://t.me/${BOT_INFO.username}?start=${token}`);
    expect(await say(1001, `/start ${token}`)).toEqual([
      'Готово! Telegram привязан к аккаунту ivanov.\n\nСюда будут приходить уведомления об оплате и о готовности работ.\n\n/status — ход текущей генерации\n/papers — последние пять работ\n/help — эта подсказка',
    ]);
    expect(await telegramUidOf(u.client)).toBe('1001');

    // Used once: the same link again (from anyone) is refused and changes nothing.
    expect(await say(1002, `/start ${token}`)).toEqual([
      `Эта ссылка для привязки уже использована. Получите новую ссылку в личном кабинете: ${SITE}/home (меню → «Привязать Telegram»).`,
    ]);
    expect(await telegramUidOf(u.client)).toBe('1001');
    expect((await t.sql(`select count(*)::int as n from users where telegram_uid = '1002'`)).rows[0].n).toBe(0);
  });

  it('an expired link is refused; the account stays unbound', async () => {
    const u = await signUp(t);
    const token = await bindToken(u.client);
    await t.sql(
      `update telegram_bind_tokens set expires_at = now() - interval '1 second' where user_id = (select id from users where username = $1)`,
      [u.name],
    );
    expect(await say(1101, `/start ${token}`)).toEqual([
      `Срок действия ссылки для привязки истёк. Получите новую ссылку в личном кабинете: ${SITE}/home (меню → «Привязать Telegram»).`,
    ]);
    expect(await telegramUidOf(u.client)).toBeNull();
    expect(
      (await t.sql(`select used_at from telegram_bind_tokens where user_id = (select id from users where username = $1)`, [u.name])).rows[0]
        .used_at,
    ).toBeNull();
  });

  it('an unknown link is refused, including what cannot be a token at all', async () => {
    const unknown = `Ссылка для привязки недействительна. Получите новую ссылку в личном кабинете: ${SITE}/home (меню → «Привязать Telegram»).`;
    expect(await say(1201, `/start ${randomBytes(32).toString('base64url')}`)).toEqual([unknown]);
    expect(await say(1202, '/start ../../etc/passwd')).toEqual([unknown]);
    expect((await t.sql(`select count(*)::int as n from users where telegram_uid in ('1201', '1202')`)).rows[0].n).toBe(0);
  });

  it('a Telegram account bound to another user cannot be bound again; the link stays usable', async () => {
    const a = await boundUser(1301);
    const b = await signUp(t);
    const token = await bindToken(b.client);
    expect(await say(1301, `/start ${token}`)).toEqual([
      'Этот Telegram уже привязан к другому аккаунту сервиса. Сначала отвяжите его в том аккаунте, затем повторите привязку.',
    ]);
    expect(await telegramUidOf(a.client)).toBe('1301');
    expect(await telegramUidOf(b.client)).toBeNull();
    // Nothing was consumed: B's link still works from B's own Telegram.
    expect((await say(1302, `/start ${token}`))[0]).toMatch(/^Готово!/);
    expect(await telegramUidOf(b.client)).toBe('1302');
  });

  it('an account already bound to another Telegram keeps it', async () => {
    const u = await signUp(t);
    const first = await bindToken(u.client);
    const second = await bindToken(u.client);
    expect((await say(1401, `/start ${second}`))[0]).toMatch(/^Готово!/);
    expect(await say(1402, `/start ${first}`)).toEqual([
      `К вашему аккаунту уже привязан другой Telegram. Отвяжите его в личном кабинете (${SITE}/home), затем повторите привязку.`,
    ]);
    expect(await telegramUidOf(u.client)).toBe('1401');
  });

  it('/start without a token: the welcome with the site', async () => {
    const [reply] = await say(1501, '/start');
    expect(reply).toContain(`войдите на сайте ${SITE}`);
  });
});

describe('/status and /papers', () => {
  it('a Telegram account that is not bound is asked to bind first', async () => {
    const notBound = `Telegram не привязан к аккаунту сервиса. Привяжите его в личном кабинете: ${SITE}/home (меню → «Привязать Telegram»).`;
    expect(await say(2001, '/status')).toEqual([notBound]);
    expect(await say(2001, '/papers')).toEqual([notBound]);
  });

  it('/status: nothing, an unpaid order, then a generation with its stage and progress', async () => {
    const u = await boundUser(2101);
    expect(await say(2101, '/status')).toEqual([`Сейчас работа не создаётся. Заказать новую: ${SITE}/demo`]);

    const created = await createPayment(u.client, newOrder({ title: 'Логистика малого бизнеса в регионе' }));
    expect(created.status).toBe(200);
    expect((await say(2101, '/status'))[0]).toBe(
      `Заказ «Логистика малого бизнеса в регионе» ждёт оплаты. Оплатить или отменить его можно в личном кабинете: ${SITE}/home`,
    );

    // What the worker writes while it generates (a fresh heartbeat: nobody takes it over).
    await t.sql(
      `update orders set status = 'generating', paid_at = now(), stage = 'Написание главы 2', progress = 45, heartbeat_at = now() where id = $1`,
      [created.body.data.task_id],
    );
    expect(await say(2101, '/status')).toEqual([
      `Работа «Логистика малого бизнеса в регионе» создаётся.\nЭтап: Написание главы 2\nГотово: 45%\nСледить в реальном времени: ${SITE}/home`,
    ]);
    await t.sql(`update orders set status = 'failed' where id = $1`, [created.body.data.task_id]);
  });

  it("/papers: the user's last five, newest first, with links; nobody else's", async () => {
    const u = await boundUser(2201);
    expect(await say(2201, '/papers')).toEqual([`У вас пока нет работ. Заказать: ${SITE}/demo`]);
    const other = await signUp(t);
    await insertPaidFullPaper(t, other.name, 'Чужая работа');
    const ids: number[] = [];
    for (let i = 1; i <= 6; i++) ids.push(await insertPaidFullPaper(t, u.name, `Работа номер ${i}`));
    await t.sql(`update papers set type = 'demo', paid_at = null, docx_key = null where id = $1`, [ids[5]]);

    const [reply] = await say(2201, '/papers');
    expect(reply).not.toContain('Чужая работа');
    expect(reply.split('\n\n')).toEqual([
      'Последние работы:',
      `1. «Работа номер 6» (демо-версия)\n${SITE}/preview/${ids[5]}`,
      `2. «Работа номер 5» (полная версия, .docx в личном кабинете)\n${SITE}/preview/${ids[4]}`,
      `3. «Работа номер 4» (полная версия, .docx в личном кабинете)\n${SITE}/preview/${ids[3]}`,
      `4. «Работа номер 3» (полная версия, .docx в личном кабинете)\n${SITE}/preview/${ids[2]}`,
      `5. «Работа номер 2» (полная версия, .docx в личном кабинете)\n${SITE}/preview/${ids[1]}`,
      `Все работы: ${SITE}/home`,
    ]);
  });
});

describe('notifications from the queue', () => {
  const send = async (job: TelegramJob, options: { retryLimit?: number } = {}) =>
    (await t.services.boss.send(QUEUE.telegram, job, { singletonKey: `${job.orderId}:${job.kind}`, ...options }))!;
  const userIdOf = async (name: string) => (await t.sql('select id from users where username = $1', [name])).rows[0].id as number;
  /** The consumer's log line for the job (written when it is handled). */
  const handled = (job: TelegramJob) =>
    logs.waitFor((l) => l.msg === 'telegram notification' && l.userId === job.userId && l.kind === job.kind && l.orderId === job.orderId);
  const attemptsTo = (chat: number) => api.calls.filter((c) => c.method === 'sendMessage' && String(c.payload.chat_id) === String(chat));

  it('each kind, with its text and links', async () => {
    const u = await boundUser(3001);
    const userId = await userIdOf(u.name);
    const demo = await insertPaidFullPaper(t, u.name, 'Логистика малого бизнеса: демо');
    await t.sql(`update papers set type = 'demo', paid_at = null where id = $1`, [demo]);
    const full = await insertPaidFullPaper(t, u.name, 'Логистика малого бизнеса: полная');
    const jobs: TelegramJob[] = [
      {
        userId,
        kind: 'payment_succeeded',
        orderId: await insertOrder(t, u.name, { status: 'generating', topic: 'Логистика малого бизнеса' }),
      },
      { userId, kind: 'generation_completed', orderId: await insertOrder(t, u.name, { status: 'completed', paperId: demo }) },
      {
        userId,
        kind: 'generation_completed',
        orderId: await insertOrder(t, u.name, { status: 'completed', paperType: 'full', paperId: full }),
      },
      {
        userId,
        kind: 'generation_failed',
        orderId: await insertOrder(t, u.name, {
          status: 'failed',
          topic: 'Логистика малого бизнеса',
          error: 'Языковая модель недоступна.',
        }),
      },
      { userId, kind: 'refund_succeeded', orderId: await insertOrder(t, u.name, { status: 'failed', topic: 'Логистика малого бизнеса' }) },
    ];
    for (const job of jobs) await send(job);
    for (const job of jobs) expect((await handled(job)).result).toBe('sent');

    const texts = api
      .sentTo(3001)
      .slice(1)
      .map((c) => c.payload.text);
    expect(texts.sort()).toEqual(
      [
        `Оплата прошла. Демо-версия работы «Логистика малого бизнеса» поставлена в очередь на создание.\n\nХод генерации: /status или ${SITE}/home`,
        `Демо-версия работы «Логистика малого бизнеса: демо» готова.\n\nПосмотреть её и купить полную версию: ${SITE}/preview/${demo}`,
        `Полная версия работы «Логистика малого бизнеса: полная» готова.\n\nСкачать .docx можно в личном кабинете: ${SITE}/home\n\nПросмотр: ${SITE}/preview/${full}`,
        'Не удалось создать работу на тему «Логистика малого бизнеса».\n\nЯзыковая модель недоступна.\n\nОплата будет возвращена автоматически. Мы пришлём сообщение, когда возврат пройдёт. Вопросы: support@example.ru.',
        `Возврат 490\u00a0₽ за работу «Логистика малого бизнеса» выполнен.\n\nБанк обычно зачисляет деньги в течение нескольких дней.`,
      ].sort(),
    );
  });

  it('a defence kit: paid, ready and failed, each with the kit’s page', async () => {
    const u = await boundUser(3051);
    const userId = await userIdOf(u.name);
    const paper = await insertPaidFullPaper(t, u.name, 'Логистика малого бизнеса');
    const defenceOrder = async (status: string, error: string | null = null) =>
      (
        await t.sql(
          `insert into orders (id, user_id, kind, paper_type, tariff, topic, options, source_paper_id, amount, status, error, payment_expires_at)
           select gen_random_uuid(), id, 'defence', 'full', 'basic', 'Логистика малого бизнеса', '{}', $2, 490, $3, $4, now() from users where username = $1
           returning id`,
          [u.name, paper, status, error],
        )
      ).rows[0].id as string;
    const jobs: TelegramJob[] = [
      { userId, kind: 'payment_succeeded', orderId: await defenceOrder('generating') },
      { userId, kind: 'generation_completed', orderId: await defenceOrder('completed') },
      { userId, kind: 'generation_failed', orderId: await defenceOrder('failed', 'Не удалось подготовить комплект к защите.') },
    ];
    for (const job of jobs) await send(job);
    for (const job of jobs) expect((await handled(job)).result).toBe('sent');
    expect(
      api
        .sentTo(3051)
        .slice(1)
        .map((c) => c.payload.text)
        .sort(),
    ).toEqual(
      [
        `Оплата прошла. Комплект к защите работы «Логистика малого бизнеса» готовится: обычно это несколько минут.\n\nХод: ${SITE}/defence/${paper}`,
        `Комплект к защите работы «Логистика малого бизнеса» готов: презентация, доклад и вопросы комиссии с ответами.\n\nСлайды и файлы: ${SITE}/defence/${paper}`,
        'Не удалось подготовить комплект к защите работы «Логистика малого бизнеса».\n\nНе удалось подготовить комплект к защите.\n\nОплата будет возвращена автоматически. Мы пришлём сообщение, когда возврат пройдёт. Вопросы: support@example.ru.',
      ].sort(),
    );
  });

  it('unbinding on the web stops messages at once: a job queued before is dropped', async () => {
    const u = await boundUser(3101);
    const job: TelegramJob = {
      userId: await userIdOf(u.name),
      orderId: await insertOrder(t, u.name, { status: 'generating' }),
      kind: 'payment_succeeded',
    };
    expect((await u.client.post('/api/v1/telegram/unbind/', {})).status).toBe(200);
    await send(job);
    expect((await handled(job)).result).toBe('dropped');
    expect(attemptsTo(3101)).toHaveLength(1); // the reply to /start only
  });

  it('a user who blocked the bot: one attempt, the job done without retries, the binding cleared, later jobs dropped', async () => {
    const u = await boundUser(3201);
    behave = (call) => (String(call.payload.chat_id) === '3201' ? BLOCKED : undefined);
    const userId = await userIdOf(u.name);
    const first: TelegramJob = { userId, orderId: await insertOrder(t, u.name, { status: 'generating' }), kind: 'payment_succeeded' };
    const jobId = await send(first);
    await bot.spy.waitForJobWithId(jobId, 'completed');
    expect((await t.sql('select state, retry_count from pgboss.job where id = $1', [jobId])).rows[0]).toEqual({
      state: 'completed',
      retry_count: 0,
    });
    expect((await handled(first)).result).toBe('unreachable');
    expect(await telegramUidOf(u.client)).toBeNull();

    const second: TelegramJob = { userId, orderId: first.orderId, kind: 'generation_failed' };
    await send(second);
    expect((await handled(second)).result).toBe('dropped');
    expect(attemptsTo(3201).filter((c) => c.failure)).toHaveLength(1);
    behave = undefined;
  });

  it('a flood wait beyond a minute fails the job, for the queue to retry later rather than at once', async () => {
    const u = await boundUser(3301);
    behave = (call) =>
      String(call.payload.chat_id) === '3301'
        ? { error_code: 429, description: 'Too Many Requests: retry after 300', parameters: { retry_after: 300 } }
        : undefined;
    const job: TelegramJob = {
      userId: await userIdOf(u.name),
      orderId: await insertOrder(t, u.name, { status: 'generating' }),
      kind: 'payment_succeeded',
    };
    // The queue retries a failed job 5 times, 30 s and more apart; here once is enough to see it fail.
    const jobId = await send(job, { retryLimit: 0 });
    const failed = await bot.spy.waitForJobWithId(jobId, 'failed');
    expect(JSON.stringify(failed.output)).toContain('Too Many Requests: retry after 300');
    expect(attemptsTo(3301).filter((c) => c.failure)).toHaveLength(1);
    expect(await telegramUidOf(u.client)).toBe('3301');
    behave = undefined;
  });
});

describe('how updates arrive', () => {
  it('long polling: an update pushed by Telegram is answered', async () => {
    const u = await signUp(t);
    api.pushUpdate(messageUpdate(4001, `/start ${await bindToken(u.client)}`));
    await api.waitFor(() => api.sentTo(4001).length === 1);
    expect(api.sentTo(4001)[0].payload.text).toMatch(/^Готово!/);
    expect(await telegramUidOf(u.client)).toBe('4001');
  });

  it("webhook: Telegram's posts with the secret are handled, anything else is refused", async () => {
    const secret = 'webhook-secret-0123456789';
    const config = {
      ...t.config,
      telegram: { ...t.config.telegram, webhook: { url: 'https://bot.example.ru/telegram/hook', secret, host: '127.0.0.1', port: 0 } },
    };
    const hooked = await startBotProcess(t, logs.log, config);
    try {
      expect(hooked.polling).toBeNull();
      const setWebhook = api.calls.findLast((c) => c.method === 'setWebhook')!;
      expect(setWebhook.payload).toEqual({
        url: 'https://bot.example.ru/telegram/hook',
        secret_token: secret,
        allowed_updates: ['message'],
      });

      const post = (headers: Record<string, string>, path = '/telegram/hook') =>
        fetch(`http://127.0.0.1:${hooked.webhookPort}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(messageUpdate(4101, '/help')),
        });
      expect((await post({})).status).toBe(401);
      expect((await post({ 'x-telegram-bot-api-secret-token': 'webhook-secret-0123456780' })).status).toBe(401);
      expect((await post({ 'x-telegram-bot-api-secret-token': secret }, '/other')).status).toBe(404);
      expect(api.sentTo(4101)).toHaveLength(0);
      expect((await post({ 'x-telegram-bot-api-secret-token': secret })).status).toBe(200);
      expect(api.sentTo(4101).map((c) => c.payload.text)).toEqual([expect.stringMatching(/^Команды:/)]);
    } finally {
      await hooked.stop();
    }
  });
});

it('the bot token is never logged (bind attempts are, by outcome only)', () => {
  const text = logs.text() + t.logs.join('');
  expect(text).not.toContain(BOT_TOKEN);
  expect(text).not.toContain(BOT_TOKEN.split(':')[1]);
  expect(logs.lines.some((l) => l.msg === 'telegram bind attempt')).toBe(true);
});
