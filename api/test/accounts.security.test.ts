/** Security properties of the accounts: attempt limits, revocation, hashing, secret-free logs,
 * rate limits. */
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signUp, startTestApp, type TestApp } from './support/app.ts';
import { freePort } from './support/ports.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('codes', () => {
  it('guessing stops at the attempt limit, even for the right code afterwards', async () => {
    const c = new Client(t.app);
    await c.post('/api/v1/registration/register/', { username: 'guesser', email: 'guesser@example.ru', password: 'password1' });
    const code = await t.outbox.lastCode('guesser@example.ru');
    const wrong = Array.from({ length: 5 }, (_, i) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'));
    const left = [];
    for (const guess of wrong) {
      const res = await c.post('/api/v1/registration/verify-email/', { code: guess });
      left.push(res.body.data?.retries_left);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const right = await c.post('/api/v1/registration/verify-email/', { code });
    expect(right.status).toBe(400);
    expect(right.body.data).toBeUndefined();
  });

  it('concurrent guesses cannot exceed the limit', async () => {
    const c = new Client(t.app);
    await c.post('/api/v1/registration/register/', { username: 'racer', email: 'racer@example.ru', password: 'password1' });
    const code = await t.outbox.lastCode('racer@example.ru');
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'));
    const results = await Promise.all(guesses.map((g) => c.post('/api/v1/registration/verify-email/', { code: g })));
    const counted = results.filter((r) => r.body.data?.retries_left !== undefined);
    expect(counted).toHaveLength(5);
    const { rows } = await t.sql(`select attempts_left from registrations where username = 'racer'`);
    expect(rows[0].attempts_left).toBe(0);
  });

  it('codes and tokens are stored only as hashes', async () => {
    const c = new Client(t.app);
    await c.post('/api/v1/registration/register/', { username: 'hashed', email: 'hashed@example.ru', password: 'password1' });
    const code = await t.outbox.lastCode('hashed@example.ru');
    const { rows } = await t.sql(`select code_hash, flow_token_hash, password_hash from registrations where username = 'hashed'`);
    expect(rows[0].code_hash).not.toContain(code);
    expect(rows[0].flow_token_hash).not.toBe(c.cookies.get('verification_token'));
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$/);
  });
});

describe('sessions and passwords', () => {
  it('password hashes are argon2id and sessions are stored hashed', async () => {
    const u = await signUp(t, 'argon_user');
    const { rows } = await t.sql(`select password_hash from users where username = 'argon_user'`);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$/);
    const sessions = await t.sql(`select token_hash from sessions s join users u on u.id = s.user_id where u.username = 'argon_user'`);
    expect(sessions.rows[0].token_hash).not.toBe(u.client.cookies.get('session'));
  });

  it('the session cookie is HttpOnly and SameSite=Lax', async () => {
    const u = await signUp(t);
    const res = await new Client(t.app).post('/api/v1/auth/login/', { username_or_email: u.name, password: u.password });
    const cookie = String(res.raw.headers['set-cookie']);
    expect(cookie).toMatch(/session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('a session does not outlive logout-all, a password change or account deletion', async () => {
    for (const end of ['logout-all', 'change-password', 'delete'] as const) {
      const u = await signUp(t);
      const second = new Client(t.app);
      await second.post('/api/v1/auth/login/', { username_or_email: u.name, password: u.password });
      const stolen = new Client(t.app);
      stolen.cookies.set('session', second.cookies.get('session')!);
      if (end === 'logout-all') await u.client.post('/api/v1/auth/logout-all/');
      if (end === 'change-password') await u.client.post('/api/v1/users/change-password/', { password: 'brandnew12' });
      if (end === 'delete') await u.client.delete('/api/v1/users/delete/');
      for (const c of [u.client, second, stolen]) expect((await c.get('/api/v1/users/me/')).status, end).toBe(401);
    }
  });
});

describe('rate limits', () => {
  it('answers 429 with a Russian detail past the login limit', async () => {
    const limited = await startTestApp({ LOGIN_LIMIT_PER_MINUTE: '3' });
    try {
      const c = new Client(limited.app);
      const statuses = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await c.post('/api/v1/auth/login/', { username_or_email: 'victim', password: `guess${i}1234` })).status);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const res = await c.post('/api/v1/auth/login/', { username_or_email: 'victim', password: 'x12345678' });
      expect(res.body.detail).toBe('Слишком много запросов. Попробуйте позже');
    } finally {
      await limited.close();
    }
  });

  it('limits registrations per address and code mails per e-mail', async () => {
    const limited = await startTestApp({ REGISTER_LIMIT_PER_HOUR: '2', CODE_REQUESTS_LIMIT_PER_HOUR: '2' });
    try {
      // Browsers at one address (the limit counts the address, the flows are each browser's own).
      const browsers = [1, 2, 3].map(() => new Client(limited.app));
      const reg = (n: number) =>
        browsers[n - 1].post('/api/v1/registration/register/', {
          username: `limit${n}`,
          email: `limit${n}@example.ru`,
          password: 'password1',
        });
      expect([(await reg(1)).status, (await reg(2)).status, (await reg(3)).status]).toEqual([201, 201, 429]);
      const age = () => limited.sql(`update registrations set sent_at = now() - interval '2 minutes'`);
      const resend = () => browsers[0].post('/api/v1/registration/resend-verification-email/', { email: 'limit1@example.ru' });
      await age();
      expect((await resend()).status).toBe(200);
      await age();
      expect((await resend()).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('logs', () => {
  it('never contain a password, a code or a session token (mail over real SMTP)', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let data = '';
        stream.on('data', (chunk) => (data += chunk));
        stream.on('end', () => {
          received.push(data);
          done();
        });
      },
    });
    const port = await freePort();
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    const app = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`, LOG_LEVEL: 'trace' });
    try {
      const c = new Client(app.app);
      const password = 'SuperSecret77';
      await c.post('/api/v1/registration/register/', { username: 'logged', email: 'logged@example.ru', password });
      const code = /(\d{6})/.exec(received.join(''))![1];
      await c.post('/api/v1/registration/verify-email/', { code });
      await c.post('/api/v1/auth/login/', { username_or_email: 'logged', password });
      await c.get('/api/v1/users/me/');
      await c.post('/api/v1/password-recovery/request/', { email: 'logged@example.ru' });
      await c.post('/api/v1/auth/login/', { username_or_email: 'logged', password: 'WrongSecret88' });
      const session = c.cookies.get('session')!;
      const logs = app.logs.join('\n');
      expect(logs.length).toBeGreaterThan(1000); // requests were logged at trace level
      for (const secret of [password, 'WrongSecret88', code, session, c.cookies.get('recovery_token')!]) {
        expect(logs).not.toContain(secret);
      }
    } finally {
      await app.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
