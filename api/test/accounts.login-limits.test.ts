/** Login rate limits that stop a guesser without locking the owner out: failures count per
 * account and address, per address, and (a slower cap) per account from everywhere. */
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { Client, signUp, startTestApp, type TestApp } from './support/app.ts';

const LOGIN = '/api/v1/auth/login/';
const LIMITS = {
  LOGIN_LIMIT_PER_MINUTE: '5',
  LOGIN_LIMIT_PER_HOUR: '8',
  LOGIN_ADDRESS_LIMIT_PER_MINUTE: '12',
  LOGIN_ACCOUNT_LIMIT_PER_HOUR: '20',
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(LIMITS);
});
afterAll(() => t.close());

/** A login from `address` (as the connection's peer), with extra headers; returns the status. */
async function loginFrom(app: TestApp, address: string, usernameOrEmail: string, password: string, headers: Record<string, string> = {}) {
  const res = await app.app.inject({
    method: 'POST',
    url: LOGIN,
    remoteAddress: address,
    headers,
    payload: { username_or_email: usernameOrEmail, password },
  });
  return res.statusCode;
}

/** `n` wrong passwords for `login` from `address`; their statuses. */
async function guesses(app: TestApp, address: string, login: string, n: number, headers: Record<string, string> = {}) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push(await loginFrom(app, address, login, `wrong-guess-${i}`, headers));
  return statuses;
}

/** Pretends the failures so far happened `minutes` ago (instead of waiting). */
const ageFailures = (minutes: number) => t.sql(`update failed_attempts set at = at - make_interval(mins => $1)`, [minutes]);

const repeat = <T>(value: T, n: number) => Array.from({ length: n }, () => value);

describe('one address guessing', () => {
  it('is stopped there, while the owner logs in from another address', async () => {
    const owner = await signUp(t);
    expect(await guesses(t, '198.51.100.7', owner.name, 6)).toEqual([...repeat(401, 5), 429]);
    // Locked for this account at this address: even the right password waits there.
    expect(await loginFrom(t, '198.51.100.7', owner.name, owner.password)).toBe(429);
    expect(await loginFrom(t, '203.0.113.9', owner.name, owner.password)).toBe(200);
    expect(await loginFrom(t, '203.0.113.9', owner.email, owner.password)).toBe(200);
    // Other accounts at that address are not touched.
    const other = await signUp(t);
    expect(await loginFrom(t, '198.51.100.7', other.name, other.password)).toBe(200);
  });

  it('the login name and the e-mail of one account count together', async () => {
    const owner = await signUp(t);
    const statuses = [
      ...(await guesses(t, '198.51.100.8', owner.name, 3)),
      ...(await guesses(t, '198.51.100.8', owner.email.toUpperCase(), 3)),
    ];
    expect(statuses).toEqual([...repeat(401, 5), 429]);
  });

  it('per hour too: past the minute, one address gets a few more guesses, then waits', async () => {
    const owner = await signUp(t);
    expect(await guesses(t, '198.51.100.9', owner.name, 6)).toEqual([...repeat(401, 5), 429]);
    await ageFailures(2);
    expect(await guesses(t, '198.51.100.9', owner.name, 4)).toEqual([401, 401, 401, 429]);
    expect(await loginFrom(t, '203.0.113.10', owner.name, owner.password)).toBe(200);
  });

  it('concurrent guesses cannot pass the limit together', async () => {
    const owner = await signUp(t);
    const statuses = await Promise.all(Array.from({ length: 15 }, (_, i) => loginFrom(t, '198.51.100.10', owner.name, `concurrent-${i}`)));
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('only failures count: the owner logs in as often as she likes', async () => {
    const owner = await signUp(t);
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push(await loginFrom(t, '198.51.100.11', owner.name, owner.password));
    expect(statuses).toEqual(repeat(200, 8));
  });

  it('spraying many login names from one address is stopped per address', async () => {
    const statuses = [];
    for (let i = 0; i < 13; i++) statuses.push(await loginFrom(t, '198.51.100.12', `nobody_${i}`, 'password1'));
    expect(statuses).toEqual([...repeat(401, 12), 429]);
    expect(await loginFrom(t, '198.51.100.13', 'nobody_0', 'password1')).toBe(401);
  });

  it('an IPv6 /64 is one address', async () => {
    const owner = await signUp(t);
    const statuses = [];
    for (let i = 1; i <= 6; i++) statuses.push(await loginFrom(t, `2001:db8:1:2::${i}`, owner.name, `v6-guess-${i}`));
    expect(statuses).toEqual([...repeat(401, 5), 429]);
    expect(await loginFrom(t, '2001:db8:1:3::1', owner.name, owner.password)).toBe(200);
  });
});

describe('many addresses guessing one account', () => {
  it('reach the account cap; refused attempts count nowhere; a password recovery lets the owner in', async () => {
    const owner = await signUp(t);
    // One address: 5 counted, then refused ones that must not count against the account.
    expect(await guesses(t, '192.0.2.1', owner.name, 15)).toEqual([...repeat(401, 5), ...repeat(429, 10)]);
    // Other addresses, 5 each, until the account's hourly cap of 20 failures.
    const spread = [];
    for (let a = 2; a <= 5; a++) spread.push(...(await guesses(t, `192.0.2.${a}`, owner.name, 5)));
    expect(spread).toEqual([...repeat(401, 15), ...repeat(429, 5)]);
    // The cap holds for everyone now, the owner included (the price of stopping a distributed guesser)...
    expect(await loginFrom(t, '203.0.113.50', owner.name, owner.password)).toBe(429);
    // ...until she proves her mailbox: a recovery forgets the failures.
    const c = new Client(t.app);
    await c.post('/api/v1/password-recovery/request/', { email: owner.email });
    await c.post('/api/v1/password-recovery/verify-code/', { code: await t.outbox.lastCode(owner.email) });
    expect((await c.post('/api/v1/password-recovery/update/', { password: 'recovered77' })).status).toBe(200);
    expect(await loginFrom(t, '203.0.113.50', owner.name, 'recovered77')).toBe(200);
  });
});

describe('behind a reverse proxy', () => {
  it('with TRUST_PROXY the forwarded client address counts', async () => {
    const proxied = await startTestApp({ ...LIMITS, TRUST_PROXY: 'loopback' });
    try {
      const owner = await signUp(proxied);
      const viaProxy = (client: string) => ({ 'x-forwarded-for': client });
      expect(await guesses(proxied, '127.0.0.1', owner.name, 6, viaProxy('198.51.100.20'))).toEqual([...repeat(401, 5), 429]);
      expect(await loginFrom(proxied, '127.0.0.1', owner.name, owner.password, viaProxy('203.0.113.20'))).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('without it a forged X-Forwarded-For changes nothing', async () => {
    const owner = await signUp(t);
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push(await loginFrom(t, '198.51.100.30', owner.name, `forged-${i}`, { 'x-forwarded-for': `10.9.8.${i}` }));
    expect(statuses).toEqual([...repeat(401, 5), 429]);
  });
});

describe('configuration', () => {
  const base = { NODE_ENV: 'test', SECRET_KEY: 'test-secret-key-that-is-long-enough-000000', DATA_DIR: tmpdir() };
  it('refuses an account cap that one address could reach, and a TRUST_PROXY that is not addresses', () => {
    expect(() => loadConfig({ ...base, LOGIN_LIMIT_PER_HOUR: '50', LOGIN_ACCOUNT_LIMIT_PER_HOUR: '50' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'nginx.local' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toEqual(['10.0.0.0/8', 'loopback']);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig(base).limits.login).toEqual({
      perAddressPerMinute: 30,
      perSubjectAndAddressPerMinute: 10,
      perSubjectAndAddressPerHour: 30,
      perSubjectPerHour: 200,
    });
  });
});
