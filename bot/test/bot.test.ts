/** The bot as Telegram users meet it: real updates through bot.handleUpdate, every outgoing call
 * to a local server speaking the Bot API (through the real throttler and auto-retry). The
 * service behind the bot is a small in-memory stand-in for its deps; the API tests run the same
 * bot on the real database. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BLOCKED,
  BOT_INFO,
  messageUpdate,
  startFakeBotApi,
  type BotApiCall,
  type BotApiFailure,
  type FakeBotApi,
} from '../dev/fake-bot-api.ts';
import {
  createBot,
  isUnreachableChat,
  sendNotification,
  type BindResult,
  type BotDeps,
  type CurrentGeneration,
  type PaperLink,
} from '../src/index.ts';

const TOKEN = '7000000001:AAtest-token_that-must-never-be-logged';
const SITE = 'https://diplom.example.ru';
const GOOD = 'tok_' + 'a'.repeat(39);

/** What the service knows, per test. */
let binds: [string, string][];
let bindResult: BindResult;
let account: { generation: CurrentGeneration | null; papers: PaperLink[] } | null;
let failNext: Error | null;
let behave: ((call: BotApiCall) => BotApiFailure | undefined) | undefined;
const logs: { level: string; obj: object; msg: string }[] = [];

const deps: BotDeps = {
  siteUrl: SITE,
  bindAccount: async (token, uid) => {
    binds.push([token, uid]);
    return bindResult;
  },
  currentGeneration: async () => {
    if (failNext) throw failNext;
    return account ? { bound: true, generation: account.generation } : { bound: false };
  },
  lastPapers: async (_uid, limit) => (account ? { bound: true, papers: account.papers.slice(0, limit) } : { bound: false }),
};
const log = Object.fromEntries(
  ['debug', 'info', 'warn', 'error'].map((level) => [level, (obj: object, msg: string) => logs.push({ level, obj, msg })]),
) as any;

let api: FakeBotApi;
let bot: ReturnType<typeof createBot>;
let chat = 5000;
beforeAll(async () => {
  api = await startFakeBotApi({ token: TOKEN, behave: (call) => behave?.(call) });
  bot = createBot(TOKEN, deps, { log, botInfo: BOT_INFO, apiRoot: api.apiRoot });
});
afterAll(() => api.close());
beforeEach(() => {
  binds = [];
  bindResult = { ok: true, username: 'ivanov' };
  account = null;
  failNext = null;
  behave = undefined;
  // A chat of its own for every test: the throttler spaces messages to one chat by a second.
  chat += 1;
});

/** Sends `text` as user `chat` and returns what the bot answered in that chat. */
async function say(text: string, from = chat): Promise<string[]> {
  const before = api.sentTo(from).length;
  await bot.handleUpdate(messageUpdate(from, text) as any);
  return api
    .sentTo(from)
    .slice(before)
    .map((c) => c.payload.text);
}

describe('/start', () => {
  it('without a token: a welcome that says how to bind, with the site', async () => {
    const [reply] = await say('/start');
    expect(reply).toContain('Здравствуйте');
    expect(reply).toContain(`войдите на сайте ${SITE}`);
    expect(reply).toContain('«Привязать Telegram»');
    expect(binds).toEqual([]);
  });

  it('with a token: binds the Telegram account that sent it', async () => {
    const [reply] = await say(`/start ${GOOD}`);
    expect(binds).toEqual([[GOOD, String(chat)]]);
    expect(reply).toMatch(/^Готово! Telegram привязан к аккаунту ivanov\./);
    expect(api.sentTo(chat)[0].payload.link_preview_options).toEqual({ is_disabled: true });
  });

  const failures: [BindResult & { ok: false }, RegExp][] = [
    [
      { ok: false, reason: 'unknown' },
      /^Ссылка для привязки недействительна\. Получите новую ссылку в личном кабинете: https:\/\/diplom\.example\.ru\/home/,
    ],
    [{ ok: false, reason: 'expired' }, /^Срок действия ссылки для привязки истёк\. Получите новую ссылку/],
    [{ ok: false, reason: 'used' }, /^Эта ссылка для привязки уже использована\. Получите новую ссылку/],
    [{ ok: false, reason: 'telegram_taken' }, /^Этот Telegram уже привязан к другому аккаунту сервиса\./],
    [{ ok: false, reason: 'already_bound' }, /^К вашему аккаунту уже привязан другой Telegram\. Отвяжите его/],
  ];
  it.each(failures)('a failed binding ($reason) gets its own Russian answer', async (result, text) => {
    bindResult = result;
    const [reply] = await say(`/start ${GOOD}`);
    expect(reply).toMatch(text);
    expect(logs.at(-1)).toMatchObject({ msg: 'telegram bind attempt', obj: { bind: result.reason } });
  });

  it('a parameter that cannot be a token is refused without asking the service', async () => {
    const [reply] = await say('/start a<b>c');
    expect(reply).toMatch(/^Ссылка для привязки недействительна/);
    expect(binds).toEqual([]);
  });

  it('the token is never logged', () => {
    expect(JSON.stringify(logs)).not.toContain(GOOD);
  });
});

describe('/status', () => {
  it('asks to bind first when the Telegram account is not bound', async () => {
    expect(await say('/status')).toEqual([
      `Telegram не привязан к аккаунту сервиса. Привяжите его в личном кабинете: ${SITE}/home (меню → «Привязать Telegram»).`,
    ]);
  });

  it('says so when nothing is being written', async () => {
    account = { generation: null, papers: [] };
    expect(await say('/status')).toEqual([`Сейчас работа не создаётся. Заказать новую: ${SITE}/demo`]);
  });

  it('shows the stage and the progress of the running generation', async () => {
    account = { generation: { topic: 'Логистика', status: 'in_progress', stage: 'Написание главы 2', progress: 45 }, papers: [] };
    expect(await say('/status')).toEqual([
      `Работа «Логистика» создаётся.\nЭтап: Написание главы 2\nГотово: 45%\nСледить в реальном времени: ${SITE}/home`,
    ]);
  });

  it('an unpaid order and a queued one', async () => {
    account = { generation: { topic: 'Логистика', status: 'pending_payment', stage: '', progress: 0 }, papers: [] };
    expect((await say('/status'))[0]).toMatch(/^Заказ «Логистика» ждёт оплаты\. Оплатить или отменить его можно в личном кабинете/);
    account.generation = { topic: 'Логистика', status: 'waiting', stage: 'Ожидание начала генерации', progress: 0 };
    chat += 1;
    expect((await say('/status'))[0]).toMatch(/^Работа «Логистика» оплачена и стоит в очереди/);
  });
});

describe('/papers', () => {
  it('lists the last five with links to their pages', async () => {
    account = {
      generation: null,
      papers: Array.from(
        { length: 7 },
        (_, i) => ({ id: 20 - i, title: `Работа ${20 - i}`, type: i === 0 ? 'full' : 'demo', downloadable: i === 0 }) as PaperLink,
      ),
    };
    const [reply] = await say('/papers');
    const items = reply.split('\n\n');
    expect(items[0]).toBe('Последние работы:');
    expect(items.slice(1, -1)).toEqual([
      `1. «Работа 20» (полная версия, .docx в личном кабинете)\n${SITE}/preview/20`,
      `2. «Работа 19» (демо-версия)\n${SITE}/preview/19`,
      `3. «Работа 18» (демо-версия)\n${SITE}/preview/18`,
      `4. «Работа 17» (демо-версия)\n${SITE}/preview/17`,
      `5. «Работа 16» (демо-версия)\n${SITE}/preview/16`,
    ]);
    expect(items.at(-1)).toBe(`Все работы: ${SITE}/home`);
  });

  it('none yet, and not bound', async () => {
    account = { generation: null, papers: [] };
    expect(await say('/papers')).toEqual([`У вас пока нет работ. Заказать: ${SITE}/demo`]);
    account = null;
    chat += 1;
    expect((await say('/papers'))[0]).toMatch(/^Telegram не привязан/);
  });
});

describe('everything else', () => {
  it('/help lists the commands; an unknown command and plain text get a hint', async () => {
    expect((await say('/help'))[0]).toContain('/status — ход текущей генерации\n/papers — последние пять работ');
    chat += 1;
    expect((await say('/pay'))[0]).toMatch(/^Не знаю такой команды\.\n\n\/status/);
    chat += 1;
    expect((await say('привет'))[0]).toMatch(/^Команды:/);
  });

  it('stays silent in groups (the unhandled-update handler takes them)', async () => {
    const calls = api.calls.length;
    await bot.handleUpdate(messageUpdate(chat, '/status', { id: -100123, title: 'Курс' }) as any);
    await bot.handleUpdate({ update_id: 99, edited_message: messageUpdate(chat, 'правка').message } as any);
    expect(api.calls.length).toBe(calls);
    expect(logs.filter((l) => l.msg === 'telegram update ignored').slice(-2)).toEqual([
      { level: 'debug', obj: { update_id: expect.any(Number), chat: 'group' }, msg: 'telegram update ignored' },
      { level: 'debug', obj: { update_id: 99, chat: 'private' }, msg: 'telegram update ignored' },
    ]);
  });

  it('an error inside a feature: the user is told, the error is logged without the bot token', async () => {
    account = { generation: null, papers: [] };
    failNext = new Error(`database is down (while calling ${api.apiRoot}/bot${TOKEN}/sendMessage)`);
    expect(await say('/status')).toEqual(['Что-то пошло не так. Попробуйте ещё раз чуть позже.']);
    const logged = logs.find((l) => l.msg === 'telegram update failed')!;
    expect(JSON.stringify(logged)).toContain('database is down');
    expect(JSON.stringify(logs)).not.toContain(TOKEN);
  });
});

describe('Telegram limits', () => {
  it('a 429 is waited out for its retry_after, then the message goes', async () => {
    let limited = 0;
    behave = (call) =>
      call.method === 'sendMessage' && limited++ === 0
        ? { error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } }
        : undefined;
    expect(await say('/help')).toEqual([expect.stringMatching(/^Команды:/)]);
    const attempts = api.calls.filter((c) => c.method === 'sendMessage' && String(c.payload.chat_id) === String(chat));
    // The fake records the refused attempt too: two calls, a retry_after apart.
    expect(attempts).toHaveLength(2);
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(1000);
  });

  it('messages to one chat are spaced by the throttler; other chats are not held up', async () => {
    const other = chat + 1000;
    chat += 1;
    await Promise.all([say('/help'), say('/help'), say('/help', other)]);
    const [a, b] = api.sentTo(chat).map((c) => c.at);
    expect(b - a).toBeGreaterThanOrEqual(900);
    expect(api.sentTo(other)[0].at - a).toBeLessThan(900);
  });
});

describe('notifications', () => {
  const send = (n: Parameters<typeof sendNotification>[2]) =>
    sendNotification(bot.api, String(chat), n, SITE).then(() => api.sentTo(chat).at(-1)!.payload.text);

  it('payment, completion (demo and full), failure and refund say what happened with links', async () => {
    expect(await send({ kind: 'payment_succeeded', topic: 'Логистика', paperType: 'demo' })).toBe(
      `Оплата прошла. Демо-версия работы «Логистика» поставлена в очередь на создание.\n\nХод генерации: /status или ${SITE}/home`,
    );
    chat += 1;
    expect(await send({ kind: 'generation_completed', title: 'Логистика в регионе', paperId: 12, paperType: 'demo' })).toBe(
      `Демо-версия работы «Логистика в регионе» готова.\n\nПосмотреть её и купить полную версию: ${SITE}/preview/12`,
    );
    chat += 1;
    expect(await send({ kind: 'generation_completed', title: 'Логистика в регионе', paperId: 13, paperType: 'full' })).toContain(
      `Скачать .docx можно в личном кабинете: ${SITE}/home`,
    );
    chat += 1;
    expect(
      await send({
        kind: 'generation_failed',
        topic: 'Логистика',
        message: 'Не удалось создать работу: сервис недоступен.',
        supportEmail: 'help@example.ru',
      }),
    ).toBe(
      'Не удалось создать работу на тему «Логистика».\n\nНе удалось создать работу: сервис недоступен.\n\nОплата будет возвращена автоматически. Мы пришлём сообщение, когда возврат пройдёт. Вопросы: help@example.ru.',
    );
    chat += 1;
    expect(await send({ kind: 'refund_succeeded', topic: 'Логистика', amount: 1990 })).toBe(
      'Возврат 1\u00a0990\u00a0₽ за работу «Логистика» выполнен.\n\nБанк обычно зачисляет деньги в течение нескольких дней.',
    );
  });

  it('a user who blocked the bot: the error says the chat is unreachable, and it is not retried', async () => {
    behave = (call) => (String(call.payload.chat_id) === String(chat) ? BLOCKED : undefined);
    const error = await sendNotification(bot.api, String(chat), { kind: 'payment_succeeded', topic: 'Т', paperType: 'demo' }, SITE).catch(
      (e) => e,
    );
    expect(isUnreachableChat(error)).toBe(true);
    expect(api.calls.filter((c) => c.method === 'sendMessage' && String(c.payload.chat_id) === String(chat))).toHaveLength(1);
    expect(api.sentTo(chat)).toEqual([]);
  });
});
