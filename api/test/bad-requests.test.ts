/** A few hundred generated bad requests across the account endpoints: every one gets a 4xx with a
 * Russian `detail` and a code of the contract (whose status it is), never a 5xx, and changes nothing. */
import { ERRORS, type ErrorCode } from '@app/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client, signUp, startTestApp, type TestApp } from './support/app.ts';

let t: TestApp;
let authed: Client;
beforeAll(async () => {
  t = await startTestApp();
  authed = (await signUp(t, 'fuzz_owner')).client;
});
afterAll(() => t.close());

const endpoints: { method: 'POST' | 'DELETE' | 'GET'; url: string; fields: Record<string, string> }[] = [
  {
    method: 'POST',
    url: '/api/v1/registration/register/',
    fields: { username: 'valid_name', email: 'valid@example.ru', password: 'password1' },
  },
  { method: 'POST', url: '/api/v1/registration/resend-verification-email/', fields: { email: 'valid@example.ru' } },
  { method: 'POST', url: '/api/v1/registration/verify-email/', fields: { code: '123456' } },
  { method: 'POST', url: '/api/v1/auth/login/', fields: { username_or_email: 'fuzz_owner', password: 'password123' } },
  { method: 'POST', url: '/api/v1/users/change-password/', fields: { password: 'newpassword1' } },
  { method: 'POST', url: '/api/v1/password-recovery/request/', fields: { email: 'valid@example.ru' } },
  { method: 'POST', url: '/api/v1/password-recovery/resend/', fields: { email: 'valid@example.ru' } },
  { method: 'POST', url: '/api/v1/password-recovery/verify-code/', fields: { code: '123456' } },
  { method: 'POST', url: '/api/v1/password-recovery/update/', fields: { password: 'newpassword1' } },
  { method: 'POST', url: '/api/v1/telegram/unbind/', fields: {} },
];

/** Deterministic pseudo-random numbers, so that a failure can be replayed. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

const badValues: unknown[] = [
  null,
  0,
  -1,
  1.5,
  true,
  [],
  {},
  ['a'],
  { $ne: '' },
  '',
  ' ',
  'x'.repeat(10_000),
  '\u0000\u0001',
  '💥'.repeat(300),
  'a'.repeat(21),
  '<b>',
  "'--",
];

function* badBodies(fields: Record<string, string>, random: () => number): Generator<{ payload: string; contentType: string }> {
  const json = (v: unknown) => ({ payload: JSON.stringify(v), contentType: 'application/json' });
  const keys = Object.keys(fields);
  for (const key of keys) {
    const { [key]: _dropped, ...rest } = fields;
    yield json(rest); // missing field
    for (const value of badValues) yield json({ ...fields, [key]: value });
  }
  yield json({ ...fields, unexpected_field: 'x' });
  yield { payload: JSON.stringify(fields).replace(/^\{/, '{"__proto__":{"admin":true},'), contentType: 'application/json' };
  yield json([fields]);
  yield json('just a string');
  yield json(42);
  yield json(null);
  yield { payload: '{"unterminated": ', contentType: 'application/json' };
  yield { payload: 'username=a&password=b', contentType: 'application/x-www-form-urlencoded' };
  yield { payload: 'plain text', contentType: 'text/plain' };
  yield { payload: JSON.stringify({ ...fields, padding: 'p'.repeat(70_000) }), contentType: 'application/json' };
  let nested: unknown = 'deep';
  for (let i = 0; i < 500; i++) nested = { n: nested };
  yield json({ ...fields, nested });
  for (let i = 0; i < 5; i++) {
    const garbled = Object.fromEntries(keys.map((k) => [k, badValues[Math.floor(random() * badValues.length)]]));
    yield json(garbled);
  }
}

it('answers every bad request with a 4xx, a Russian detail and its code', async () => {
  const random = rng(20261121);
  const before = await t.sql('select (select count(*) from users) as users, (select count(*) from sessions) as sessions');
  const failures: string[] = [];
  let sent = 0;
  for (const endpoint of endpoints) {
    for (const body of badBodies(endpoint.fields, random)) {
      const res = await authed.app.inject({
        method: endpoint.method,
        url: endpoint.url,
        payload: body.payload,
        headers: { 'content-type': body.contentType, cookie: `session=${authed.cookies.get('session')}` },
      });
      sent++;
      const { detail, code } = res.json() as { detail: unknown; code: ErrorCode };
      const text = typeof detail === 'string' ? detail : JSON.stringify(detail);
      if (res.statusCode < 400 || res.statusCode >= 500 || !/[а-яё]/i.test(text ?? '') || ERRORS[code]?.status !== res.statusCode) {
        failures.push(`${endpoint.url} ${body.payload.slice(0, 80)} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
  }
  expect(sent).toBeGreaterThan(300);
  expect(failures).toEqual([]);
  const after = await t.sql('select (select count(*) from users) as users, (select count(*) from sessions) as sessions');
  expect(after.rows).toEqual(before.rows);
  // The owner's session and password survived all of it.
  expect((await authed.get('/api/v1/users/me/')).status).toBe(200);
});

it('bad query and path parameters get 422 too', async () => {
  for (const url of ['/api/v1/review/list/?limit=abc', '/api/v1/review/list/?order_by=drop', '/api/v1/review/list/?offset=-5']) {
    const res = await authed.get(url);
    expect(res.status, url).toBe(422);
  }
});
