/** A password recovery ends everything the old password opened: sessions, the Telegram binding and
 * unused bind links; the owner gets a letter saying so. Telegram through the real bot process
 * against a local Bot API server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeBotApi } from '../../bot/dev/fake-bot-api.ts';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { Client, signUp, startTestApp, type TestApp } from './support/app.ts';
import {
  bindToken,
  botEnv,
  recordingLog,
  say as sayTo,
  startBotApi,
  startBotProcess,
  telegramUidOf,
  type TestBotProcess,
} from './support/telegram.ts';

let t: TestApp;
let api: FakeBotApi;
let bot: TestBotProcess;
const logs = recordingLog();
const say = (from: number, text: string) => sayTo(bot, api, from, text);

beforeAll(async () => {
  api = await startBotApi();
  t = await startTestApp(botEnv(api));
  bot = await startBotProcess(t, logs.log);
});
afterAll(async () => {
  await bot?.stop();
  await t?.close();
  await api?.close();
});

/** Recovers the password of `email` from a fresh browser, as the three recovery screens do. */
async function recover(app: TestApp, email: string, password: string) {
  const c = new Client(app.app);
  expect((await c.post('/api/v1/password-recovery/request/', { email })).status).toBe(200);
  expect((await c.post('/api/v1/password-recovery/verify-code/', { code: await app.outbox.lastCode(email) })).status).toBe(200);
  return c.post('/api/v1/password-recovery/update/', { password });
}

describe('password recovery', () => {
  it('revokes every session, unbinds Telegram, deletes unused bind links and tells the owner', async () => {
    const owner = await signUp(t);
    // Whoever had the password: a session of their own and a bind link not used yet.
    const thief = new Client(t.app);
    expect((await thief.post('/api/v1/auth/login/', { username_or_email: owner.name, password: owner.password })).status).toBe(200);
    const thiefLink = await bindToken(thief);
    const [bound] = await say(4001, `/start ${await bindToken(thief)}`);
    expect(bound).toMatch(/^Готово!/);
    expect(await telegramUidOf(owner.client)).toBe('4001');

    expect((await recover(t, owner.email, 'recovered77')).status).toBe(200);

    for (const c of [owner.client, thief]) expect((await c.get('/api/v1/users/me/')).status).toBe(401);
    const { rows } = await t.sql(`select telegram_uid from users where username = $1`, [owner.name]);
    expect(rows).toEqual([{ telegram_uid: null }]);
    // The bot no longer knows the account from that Telegram, and the thief's unused link is dead.
    expect(await say(4001, '/status')).toEqual([expect.stringMatching(/не привязан/i)]);
    expect(await say(4002, `/start ${thiefLink}`)).toEqual([expect.stringMatching(/^Ссылка для привязки недействительна/)]);
    expect((await t.sql(`select count(*)::int as n from users where telegram_uid = '4002'`)).rows[0].n).toBe(0);

    const letter = (await t.outbox.messagesTo(owner.email)).at(-1)!;
    expect(letter.subject).toBe('Пароль изменён');
    expect(letter.text).toContain('Мы завершили все сеансы');
    expect(letter.text).toContain('Telegram отвязан от аккаунта');
    expect(letter.text).toContain('«Привязать Telegram»');
    expect(letter.text).toContain(`${t.config.publicUrl}/home`);
    expect(letter.html).toContain('Пароль изменён');

    // The owner logs in with the new password and binds again in one tap.
    const back = new Client(t.app);
    expect((await back.post('/api/v1/auth/login/', { username_or_email: owner.name, password: 'recovered77' })).status).toBe(200);
    const [again] = await say(4001, `/start ${await bindToken(back)}`);
    expect(again).toMatch(/^Готово!/);
    expect(await telegramUidOf(back)).toBe('4001');
  });

  it('without a Telegram binding the letter says nothing about Telegram', async () => {
    const owner = await signUp(t);
    expect((await recover(t, owner.email, 'recovered77')).status).toBe(200);
    const letter = (await t.outbox.messagesTo(owner.email)).at(-1)!;
    expect(letter.subject).toBe('Пароль изменён');
    expect(letter.text).toContain('Мы завершили все сеансы');
    expect(letter.text).not.toContain('Telegram');
  });

  it('a letter that cannot be sent does not undo the recovery; the failure is logged', async () => {
    const failing = await startTestApp(
      {},
      {
        mailer: (config) => {
          const outbox = createMailer({ ...config.mail, log: { warn() {}, info() {} } as never });
          return {
            send: (m) => (m.subject === 'Пароль изменён' ? Promise.reject(new Error('SMTP is down')) : outbox.send(m)),
          };
        },
      },
    );
    try {
      const owner = await signUp(failing);
      expect((await recover(failing, owner.email, 'recovered77')).status).toBe(200);
      expect(
        (await new Client(failing.app).post('/api/v1/auth/login/', { username_or_email: owner.name, password: 'recovered77' })).status,
      ).toBe(200);
      expect(failing.logs.join('\n')).toContain('the password-changed e-mail was not sent');
    } finally {
      await failing.close();
    }
  });
});
