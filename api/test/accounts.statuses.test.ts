/** Every status of the error catalogue for the account endpoints. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signUp, startTestApp, type TestApp } from './support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const REGISTER = '/api/v1/registration/register/';
const VERIFY = '/api/v1/registration/verify-email/';
const RESEND = '/api/v1/registration/resend-verification-email/';
const LOGIN = '/api/v1/auth/login/';

/** Pretends the last code to `email` was sent long ago (instead of waiting a minute). */
async function ageCodes(email: string) {
  await t.sql(`update registrations set sent_at = now() - interval '2 minutes' where lower(email) = lower($1)`, [email]);
  await t.sql(
    `update email_codes set sent_at = now() - interval '2 minutes' where user_id = (select id from users where lower(email) = lower($1))`,
    [email],
  );
}

describe('registration', () => {
  it('201 with the verification token', async () => {
    const res = await new Client(t.app).post(REGISTER, { username: 'reg_ok', email: 'reg_ok@example.ru', password: 'password1' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, data: { verification_token: expect.any(String) } });
  });

  it('409 names each conflicting field', async () => {
    const taken = await signUp(t, 'taken_name');
    const both = await new Client(t.app).post(REGISTER, {
      username: 'TAKEN_NAME',
      email: taken.email.toUpperCase(),
      password: 'password1',
    });
    expect(both.status).toBe(409);
    expect(both.body.detail.conflicts.sort()).toEqual(['email', 'username']);
    const nameOnly = await new Client(t.app).post(REGISTER, { username: 'taken_name', email: 'other@example.ru', password: 'password1' });
    expect(nameOnly.body.detail.conflicts).toEqual(['username']);
    const emailOnly = await new Client(t.app).post(REGISTER, { username: 'fresh_name', email: taken.email, password: 'password1' });
    expect(emailOnly.body.detail.conflicts).toEqual(['email']);
  });

  it('429 when the same registration is repeated within a minute, then a new code after it', async () => {
    const c = new Client(t.app);
    const body = { username: 'twice', email: 'twice@example.ru', password: 'password1' };
    expect((await c.post(REGISTER, body)).status).toBe(201);
    const again = await c.post(REGISTER, body);
    expect(again.status).toBe(429);
    expect(again.body.detail).toMatch(/Повторите через \d+ с/);
    await ageCodes(body.email);
    expect((await c.post(REGISTER, { ...body, password: 'changed12' })).status).toBe(201);
    expect(await t.outbox.messagesTo(body.email)).toHaveLength(2);
  });

  it('422 with the Russian message of the field', async () => {
    const res = await new Client(t.app).post(REGISTER, { username: 'ab', email: 'x@example.ru', password: 'password1' });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('Логин должен быть не менее 3 символов');
  });

  it('a pending registration holds neither its login nor its e-mail; after a day it is deleted', async () => {
    await new Client(t.app).post(REGISTER, { username: 'squatter', email: 'squat@example.ru', password: 'password1' });
    const sameName = await new Client(t.app).post(REGISTER, { username: 'squatter', email: 'real@example.ru', password: 'password1' });
    expect(sameName.status).toBe(201);
    await t.sql(`update registrations set created_at = now() - interval '2 days' where lower(email) = 'squat@example.ru'`);
    expect(
      (await new Client(t.app).post(REGISTER, { username: 'someone', email: 'someone@example.ru', password: 'password1' })).status,
    ).toBe(201);
    const left = await t.sql(`select email from registrations where username = 'squatter'`);
    expect(left.rows).toEqual([{ email: 'real@example.ru' }]);
  });
});

describe('verification', () => {
  it('400 with retries_left for a wrong code, 400 without it for no flow or an expired code', async () => {
    const c = new Client(t.app);
    await c.post(REGISTER, { username: 'verifier', email: 'verifier@example.ru', password: 'password1' });
    const code = await t.outbox.lastCode('verifier@example.ru');
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await c.post(VERIFY, { code: wrong });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Неверный код', code: 'code_wrong', data: { retries_left: 4 } });

    const noFlow = await new Client(t.app).post(VERIFY, { code });
    expect(noFlow.status).toBe(400);
    expect(noFlow.body.data).toBeUndefined();

    await t.sql(`update registrations set expires_at = now() - interval '1 second' where email = 'verifier@example.ru'`);
    const expired = await c.post(VERIFY, { code });
    expect(expired.status).toBe(400);
    expect(expired.body.detail).toBe('Срок действия кода истёк. Запросите новый код');
    expect(expired.body.data).toBeUndefined();
  });

  it('422 for a code that is not 6 digits', async () => {
    const res = await new Client(t.app).post(VERIFY, { code: '12a' });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('Дожны быть только цифры');
  });

  it('resend: 200 with a new token, 429 too early, 404 unknown, 400 already verified', async () => {
    const c = new Client(t.app);
    await c.post(REGISTER, { username: 'resender', email: 'resender@example.ru', password: 'password1' });
    expect((await c.post(RESEND, { email: 'resender@example.ru' })).status).toBe(429);
    await ageCodes('resender@example.ru');
    const ok = await c.post(RESEND, { email: 'resender@example.ru' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.verification_token).toBe(c.cookies.get('verification_token'));
    // The newest code works with the newest cookie.
    expect((await c.post(VERIFY, { code: await t.outbox.lastCode('resender@example.ru') })).status).toBe(200);
    expect((await c.post(RESEND, { email: 'resender@example.ru' })).status).toBe(400);
    expect((await c.post(RESEND, { email: 'nobody@example.ru' })).status).toBe(404);
  });
});

describe('login', () => {
  it('401 for a wrong password and for an unknown user, with the catalogue text', async () => {
    const u = await signUp(t);
    for (const body of [
      { username_or_email: u.name, password: 'wrongpass1' },
      { username_or_email: 'ghost', password: 'password1' },
    ]) {
      const res = await new Client(t.app).post(LOGIN, body);
      expect(res.status).toBe(401);
      expect(res.body.detail).toBe('Неверный логин или пароль');
    }
  });

  it('an unverified account gets 403, no session, and continues verification', async () => {
    const c = new Client(t.app);
    await c.post(REGISTER, { username: 'unverified', email: 'unverified@example.ru', password: 'password1' });
    const other = new Client(t.app);
    const res = await other.post(LOGIN, { username_or_email: 'unverified', password: 'password1' });
    expect(res.status).toBe(403);
    expect(res.body.data.email).toBe('unverified@example.ru');
    expect(other.cookies.has('session')).toBe(false);
    // Within a minute no new mail is sent, but this browser can use the code already sent.
    expect(await t.outbox.messagesTo('unverified@example.ru')).toHaveLength(1);
    expect((await other.post(VERIFY, { code: await t.outbox.lastCode('unverified@example.ru') })).status).toBe(200);
    expect((await other.post(LOGIN, { username_or_email: 'unverified', password: 'password1' })).status).toBe(200);
  });

  it('401 on every authenticated endpoint without a session', async () => {
    const c = new Client(t.app);
    expect((await c.get('/api/v1/users/me/')).status).toBe(401);
    expect((await c.post('/api/v1/auth/logout/')).status).toBe(401);
    expect((await c.post('/api/v1/auth/logout-all/')).status).toBe(401);
    expect((await c.post('/api/v1/users/change-password/', { password: 'password9' })).status).toBe(401);
    expect((await c.delete('/api/v1/users/delete/')).status).toBe(401);
    expect((await c.get('/api/v1/telegram/bind/')).status).toBe(401);
    expect((await c.post('/api/v1/telegram/unbind/')).status).toBe(401);
    expect((await c.get('/api/v1/users/me/')).body.detail).toBe('Необходима авторизация');
  });

  it('logout ends only this session', async () => {
    const u = await signUp(t);
    const other = new Client(t.app);
    await other.post(LOGIN, { username_or_email: u.name, password: u.password });
    expect((await u.client.post('/api/v1/auth/logout/')).status).toBe(200);
    expect((await u.client.get('/api/v1/users/me/')).status).toBe(401);
    expect((await other.get('/api/v1/users/me/')).status).toBe(200);
  });
});

describe('change password', () => {
  it('409 when equal to the current one', async () => {
    const u = await signUp(t);
    const res = await u.client.post('/api/v1/users/change-password/', { password: u.password });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Новый пароль не может совпадать с текущим паролем');
    expect((await u.client.get('/api/v1/users/me/')).status).toBe(200);
  });
});

describe('password recovery', () => {
  const REQUEST = '/api/v1/password-recovery/request/';
  it('404 for an unknown e-mail, 429 for an early resend, 400 for an update before the code', async () => {
    const u = await signUp(t);
    const c = new Client(t.app);
    const unknown = await c.post(REQUEST, { email: 'nobody@example.ru' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Пользователя с такой почтой не существует');
    expect((await c.post(REQUEST, { email: u.email })).status).toBe(200);
    expect((await c.post('/api/v1/password-recovery/resend/', { email: u.email })).status).toBe(429);
    expect((await c.post('/api/v1/password-recovery/update/', { password: 'newpass123' })).status).toBe(400);
    await ageCodes(u.email);
    expect((await c.post('/api/v1/password-recovery/resend/', { email: u.email })).status).toBe(200);
    const wrong = await c.post('/api/v1/password-recovery/verify-code/', {
      code: '999999' === (await t.outbox.lastCode(u.email)) ? '000000' : '999999',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.retries_left).toBe(4);
  });

  it('a successful update revokes all sessions and spends the flow', async () => {
    const u = await signUp(t);
    const c = new Client(t.app);
    await c.post(REQUEST, { email: u.email });
    await c.post('/api/v1/password-recovery/verify-code/', { code: await t.outbox.lastCode(u.email) });
    expect((await c.post('/api/v1/password-recovery/update/', { password: 'recovered1' })).status).toBe(200);
    expect((await u.client.get('/api/v1/users/me/')).status).toBe(401);
    // The flow is spent: a second update is refused.
    expect((await c.post('/api/v1/password-recovery/update/', { password: 'recovered2' })).status).toBe(400);
  });
});

describe('telegram', () => {
  it('bind gives a one-time token; unbind clears the id; 409 and 400 on the wrong state', async () => {
    const u = await signUp(t);
    const bind = await u.client.get('/api/v1/telegram/bind/');
    expect(bind.status).toBe(200);
    expect(bind.body.data.token).toMatch(/^[A-Za-z0-9_-]{20,64}$/);
    expect((await u.client.post('/api/v1/telegram/unbind/')).status).toBe(400);
    await t.sql(`update users set telegram_uid = '777' where username = $1`, [u.name]);
    expect((await u.client.get('/api/v1/telegram/bind/')).status).toBe(409);
    expect((await u.client.get('/api/v1/users/me/')).body.telegram_uid).toBe('777');
    expect((await u.client.post('/api/v1/telegram/unbind/')).status).toBe(200);
    expect((await u.client.get('/api/v1/users/me/')).body.telegram_uid).toBeNull();
  });

  it('on an installation without a bot, bind answers telegram_unavailable and creates no token', async () => {
    const botless = await startTestApp({ TELEGRAM_BOT_USERNAME: undefined });
    try {
      const u = await signUp(botless);
      const logged = botless.logs.length;
      const bind = await u.client.get('/api/v1/telegram/bind/');
      // An installation without a bot is configured so: no server error, nothing logged above info.
      expect(bind.status).toBe(404);
      expect(bind.body.code).toBe('telegram_unavailable');
      expect(botless.logs.slice(logged).map((line) => JSON.parse(line).level)).toSatisfy((levels: number[]) =>
        levels.every((level) => level <= 30),
      );
      expect(bind.body.detail).toMatch(/^Привязка Telegram сейчас недоступна/);
      expect((await botless.sql('select count(*)::int as n from telegram_bind_tokens')).rows[0].n).toBe(0);
      expect((await u.client.get('/api/v1/config/')).body.telegram_bot_username).toBeNull();
    } finally {
      await botless.close();
    }
  });
});
