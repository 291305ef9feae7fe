/** The new user's walk of the foundation issue, end to end over HTTP against a real PostgreSQL. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client, startTestApp, type TestApp } from './support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('register, verify, log in, change password, recover, logout-all, delete', async () => {
  const email = 'anna.petrova@example.ru';
  const browser = new Client(t.app);

  const reg = await browser.post('/api/v1/registration/register/', { username: 'anna_p', email, password: 'firstpass1' });
  expect(reg.status).toBe(201);
  expect(reg.body.data.verification_token).toEqual(expect.any(String));
  expect(browser.cookies.get('verification_token')).toBe(reg.body.data.verification_token);

  // The code arrives by e-mail (the outbox in this configuration).
  const [mail] = await t.outbox.messagesTo(email);
  expect(mail.subject).toBe('Код подтверждения регистрации');
  expect(mail.html).toContain('Подтверждение почты');
  const code = await t.outbox.lastCode(email);
  expect((await browser.post('/api/v1/registration/verify-email/', { code })).status).toBe(200);

  expect((await browser.post('/api/v1/auth/login/', { username_or_email: 'anna_p', password: 'firstpass1' })).status).toBe(200);
  const me = await browser.get('/api/v1/users/me/');
  expect(me.status).toBe(200);
  expect(me.body).toEqual({ email, username: 'anna_p', telegram_uid: null });

  // A second device logged in by e-mail.
  const phone = new Client(t.app);
  expect((await phone.post('/api/v1/auth/login/', { username_or_email: email.toUpperCase(), password: 'firstpass1' })).status).toBe(200);

  // Changing the password ends every session, this one included.
  const oldCookie = browser.cookies.get('session')!;
  expect((await browser.post('/api/v1/users/change-password/', { password: 'secondpass2' })).status).toBe(200);
  const stale = new Client(t.app);
  stale.cookies.set('session', oldCookie);
  expect((await stale.get('/api/v1/users/me/')).status).toBe(401);
  expect((await phone.get('/api/v1/users/me/')).status).toBe(401);
  expect((await browser.post('/api/v1/auth/login/', { username_or_email: 'anna_p', password: 'firstpass1' })).status).toBe(401);

  // Recovery.
  expect((await browser.post('/api/v1/password-recovery/request/', { email })).status).toBe(200);
  const recoveryCode = await t.outbox.lastCode(email);
  expect((await t.outbox.messagesTo(email)).at(-1)!.subject).toBe('Восстановление пароля');
  expect((await browser.post('/api/v1/password-recovery/verify-code/', { code: recoveryCode })).status).toBe(200);
  expect((await browser.post('/api/v1/password-recovery/update/', { password: 'thirdpass3' })).status).toBe(200);

  const laptop = new Client(t.app);
  expect((await laptop.post('/api/v1/auth/login/', { username_or_email: 'anna_p', password: 'thirdpass3' })).status).toBe(200);
  expect((await browser.post('/api/v1/auth/login/', { username_or_email: 'anna_p', password: 'thirdpass3' })).status).toBe(200);

  // logout-all: every session stops working.
  expect((await laptop.post('/api/v1/auth/logout-all/')).status).toBe(200);
  expect((await laptop.get('/api/v1/users/me/')).status).toBe(401);
  expect((await browser.get('/api/v1/users/me/')).status).toBe(401);

  // Delete the account: login fails afterwards, and the name and e-mail are free again.
  expect((await browser.post('/api/v1/auth/login/', { username_or_email: 'anna_p', password: 'thirdpass3' })).status).toBe(200);
  const survivor = new Client(t.app);
  expect((await survivor.post('/api/v1/auth/login/', { username_or_email: 'anna_p', password: 'thirdpass3' })).status).toBe(200);
  expect((await browser.delete('/api/v1/users/delete/')).status).toBe(200);
  expect((await survivor.get('/api/v1/users/me/')).status).toBe(401);
  const after = await browser.post('/api/v1/auth/login/', { username_or_email: 'anna_p', password: 'thirdpass3' });
  expect(after.status).toBe(401);
  expect(after.body.detail).toBe('Неверный логин или пароль');
  const row = await t.sql('select username, email, password_hash, deleted_at from users');
  expect(row.rows).toEqual([{ username: null, email: null, password_hash: null, deleted_at: expect.any(Date) }]);
});
