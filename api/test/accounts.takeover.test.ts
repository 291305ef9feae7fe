/** Pre-account takeover: a registration of someone else's e-mail never changes her registration,
 * and only the code of a registration's own flow activates it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApp, type TestApp } from './support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const REGISTER = '/api/v1/registration/register/';
const VERIFY = '/api/v1/registration/verify-email/';
const RESEND = '/api/v1/registration/resend-verification-email/';
const LOGIN = '/api/v1/auth/login/';

/** Pretends the codes to `email` were sent long ago (instead of waiting a minute). */
const ageCodes = (email: string) =>
  t.sql(`update registrations set sent_at = now() - interval '2 minutes' where lower(email) = lower($1)`, [email]);

/** The victim registers from her browser; returns the browser and the code of her letter. */
async function victimRegisters(name: string) {
  const browser = new Client(t.app);
  const email = `${name}@example.ru`;
  const res = await browser.post(REGISTER, { username: name, email, password: 'victimPass1' });
  expect(res.status).toBe(201);
  return { browser, email, name, code: await t.outbox.lastCode(email) };
}

/** The account a login opens, or the status it gets. */
async function accountOf(username_or_email: string, password: string) {
  const c = new Client(t.app);
  const res = await c.post(LOGIN, { username_or_email, password });
  if (res.status !== 200) return res.status;
  return (await c.get('/api/v1/users/me/')).body;
}

describe('a second registration of the same e-mail', () => {
  it('answered 429 within a minute, changes nothing: the victim activates her own login and password', async () => {
    const v = await victimRegisters('victim_a');
    const attacker = new Client(t.app);
    const again = await attacker.post(REGISTER, { username: 'attacker_a', email: v.email.toUpperCase(), password: 'attackerPass1' });
    expect(again.status).toBe(429);
    expect(attacker.cookies.has('verification_token')).toBe(false);
    expect(await t.outbox.messagesTo(v.email)).toHaveLength(1);

    expect((await v.browser.post(VERIFY, { code: v.code })).status).toBe(200);
    expect(await accountOf(v.name, 'victimPass1')).toEqual({ username: 'victim_a', email: v.email, telegram_uid: null });
    expect(await accountOf(v.email, 'victimPass1')).toEqual({ username: 'victim_a', email: v.email, telegram_uid: null });
    expect(await accountOf(v.email, 'attackerPass1')).toBe(401);
    expect(await accountOf('attacker_a', 'attackerPass1')).toBe(401);
  });

  it('a minute later is a registration of its own; codes never cross; the first verified kills the other', async () => {
    const v = await victimRegisters('victim_b');
    await ageCodes(v.email);
    const attacker = new Client(t.app);
    expect((await attacker.post(REGISTER, { username: 'attacker_b', email: v.email, password: 'attackerPass1' })).status).toBe(201);
    const attackerCode = await t.outbox.lastCode(v.email);
    expect(await t.outbox.messagesTo(v.email)).toHaveLength(2);

    // Each code belongs to its own registration's flow only (the victim's code in the attacker's
    // browser, the attacker's code in the victim's).
    if (attackerCode !== v.code) {
      expect((await attacker.post(VERIFY, { code: v.code })).body).toMatchObject({ code: 'code_wrong', data: { retries_left: 4 } });
      expect((await v.browser.post(VERIFY, { code: attackerCode })).body).toMatchObject({ code: 'code_wrong', data: { retries_left: 4 } });
    }

    expect((await v.browser.post(VERIFY, { code: v.code })).status).toBe(200);
    expect(await accountOf(v.name, 'victimPass1')).toEqual({ username: 'victim_b', email: v.email, telegram_uid: null });
    expect(await accountOf(v.email, 'attackerPass1')).toBe(401);
    expect(await accountOf('attacker_b', 'attackerPass1')).toBe(401);

    // The attacker's registration is dead: its own code, a resend and a login get nothing.
    const late = await attacker.post(VERIFY, { code: attackerCode });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('code_invalid');
    expect((await attacker.post(RESEND, { email: v.email })).body.code).toBe('email_already_verified');
    expect((await t.sql(`select count(*)::int as n from registrations where lower(email) = $1`, [v.email])).rows[0].n).toBe(0);
    expect((await t.sql(`select username from users where lower(email) = $1`, [v.email])).rows).toEqual([{ username: 'victim_b' }]);
  });

  it("logging in with the attacker's password continues only the attacker's registration", async () => {
    const v = await victimRegisters('victim_c');
    await ageCodes(v.email);
    const attacker = new Client(t.app);
    await attacker.post(REGISTER, { username: 'attacker_c', email: v.email, password: 'attackerPass1' });
    await ageCodes(v.email);

    // The attacker's login: 403 with a flow of his own registration, where the victim's code is wrong.
    const attackerLogin = await attacker.post(LOGIN, { username_or_email: v.email, password: 'attackerPass1' });
    expect(attackerLogin.status).toBe(403);
    if ((await t.outbox.lastCode(v.email)) !== v.code) {
      expect((await attacker.post(VERIFY, { code: v.code })).body.code).toBe('code_wrong');
    }

    // The victim logs in on another device with her password: her registration, a new code.
    const phone = new Client(t.app);
    const victimLogin = await phone.post(LOGIN, { username_or_email: v.email, password: 'victimPass1' });
    expect(victimLogin.status).toBe(403);
    expect(victimLogin.body.data.email).toBe(v.email);
    expect((await phone.post(VERIFY, { code: await t.outbox.lastCode(v.email) })).status).toBe(200);
    expect(await accountOf(v.email, 'victimPass1')).toEqual({ username: 'victim_c', email: v.email, telegram_uid: null });
    expect(await accountOf(v.email, 'attackerPass1')).toBe(401);
  });

  it("resend serves only the caller's own registration, never hands out someone else's flow", async () => {
    const v = await victimRegisters('victim_d');
    await ageCodes(v.email);
    const stranger = new Client(t.app);
    const res = await stranger.post(RESEND, { email: v.email });
    expect(res.status).toBe(404);
    expect(res.body.data).toBeUndefined();
    expect(stranger.cookies.has('verification_token')).toBe(false);
    expect(await t.outbox.messagesTo(v.email)).toHaveLength(1);

    // The attacker resends for his own registration of the same e-mail: the victim's code stays hers.
    const attacker = new Client(t.app);
    await attacker.post(REGISTER, { username: 'attacker_d', email: v.email, password: 'attackerPass1' });
    await ageCodes(v.email);
    expect((await attacker.post(RESEND, { email: v.email })).status).toBe(200);
    expect((await v.browser.post(VERIFY, { code: v.code })).status).toBe(200);
    expect(await accountOf(v.name, 'victimPass1')).toEqual({ username: 'victim_d', email: v.email, telegram_uid: null });
  });
});

describe('one login asked for by two pending registrations', () => {
  it('the first verified takes it; the other gets 409 with the conflict when its code is entered', async () => {
    const first = new Client(t.app);
    const second = new Client(t.app);
    expect((await first.post(REGISTER, { username: 'shared_name', email: 'first@example.ru', password: 'firstPass1' })).status).toBe(201);
    expect((await second.post(REGISTER, { username: 'Shared_Name', email: 'second@example.ru', password: 'secondPass1' })).status).toBe(
      201,
    );
    expect((await second.post(VERIFY, { code: await t.outbox.lastCode('second@example.ru') })).status).toBe(200);

    const lost = await first.post(VERIFY, { code: await t.outbox.lastCode('first@example.ru') });
    expect(lost.status).toBe(409);
    expect(lost.body).toMatchObject({ code: 'registration_conflict', detail: { conflicts: ['username'] } });
    // Dead: its owner registers again with another login.
    expect(await accountOf('first@example.ru', 'firstPass1')).toBe(401);
    expect(await accountOf('shared_name', 'secondPass1')).toEqual({
      username: 'Shared_Name',
      email: 'second@example.ru',
      telegram_uid: null,
    });
    expect((await first.post(REGISTER, { username: 'first_name', email: 'first@example.ru', password: 'firstPass1' })).status).toBe(201);
  });
});
