/** HTTP conventions: trailing slashes, OpenAPI, health, Origin check, unknown routes. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeBindToken } from '../src/modules/telegram/binding.ts';
import { Client, signUp, startTestApp, type TestApp } from './support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('accepts paths with and without the trailing slash', async () => {
  const u = await signUp(t);
  expect((await u.client.get('/api/v1/users/me/')).status).toBe(200);
  expect((await u.client.get('/api/v1/users/me')).status).toBe(200);
});

it('serves OpenAPI generated from the contract, with Swagger UI', async () => {
  const c = new Client(t.app);
  const spec = await c.get('/api/docs/json');
  expect(spec.status).toBe(200);
  expect(Object.keys(spec.body.paths)).toEqual(
    expect.arrayContaining(['/api/v1/registration/register/', '/api/v1/payment/create/', '/api/v1/review/{id}/']),
  );
  expect(spec.body.paths['/api/v1/auth/login/'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
    'username_or_email',
  );
  const ui = await c.get('/api/docs/');
  expect(ui.status).toBe(200);
  expect(String(ui.raw.headers['content-type'])).toContain('text/html');
});

it('health checks the database', async () => {
  const res = await new Client(t.app).get('/api/health');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ status: 'ok', database: true });
});

describe('Origin check on state-changing requests', () => {
  it('refuses a foreign origin with 403 and accepts our own', async () => {
    const evil = new Client(t.app, { origin: 'https://evil.example' });
    const res = await evil.post('/api/v1/auth/login/', { username_or_email: 'x_user', password: 'password1' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('Доступ запрещен');
    const ours = new Client(t.app, { origin: 'http://localhost:8000' });
    expect((await ours.post('/api/v1/auth/login/', { username_or_email: 'x_user', password: 'password1' })).status).toBe(401);
    const sameHost = new Client(t.app, { origin: 'http://127.0.0.1:8123', host: '127.0.0.1:8123' });
    expect((await sameHost.post('/api/v1/auth/login/', { username_or_email: 'x_user', password: 'password1' })).status).toBe(401);
  });
});

it('serves the built web app: pre-rendered pages for their paths, index.html for other client routes, and the public config', async () => {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'prerendered'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'prerendered', 'index.html'), '<!doctype html><div id="root"><h1>Landing</h1></div>');
  writeFileSync(join(dist, 'prerendered', 'reviews.html'), '<!doctype html><div id="root"><h1>Reviews</h1></div>');
  writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  const samples = mkdtempSync(join(tmpdir(), 'samples-'));
  mkdirSync(join(samples, 'src'));
  writeFileSync(join(samples, 'manifest.json'), '[]');
  writeFileSync(join(samples, 'sample-1.docx'), 'PK');
  writeFileSync(join(samples, 'src', 'secret.txt'), 'source text');
  const web = await startTestApp({
    WEB_DIST: dist,
    SAMPLES_DIR: samples,
    SUPPORT_EMAIL: 'help@example.ru',
    TELEGRAM_BOT_USERNAME: 'paper_bot',
  });
  try {
    const c = new Client(web.app);
    for (const page of ['/home', '/preview/12', '/reviewsx', '/terms']) {
      const res = await c.get(page);
      expect(res.status, page).toBe(200);
      expect(res.raw.body, page).toContain('<div id="root"></div>');
      expect(res.raw.headers['cache-control']).toBe('no-cache');
    }
    for (const [page, heading] of [
      ['/', 'Landing'],
      ['/?from=ad', 'Landing'],
      ['/reviews', 'Reviews'],
      ['/reviews/', 'Reviews'],
      ['/reviews?tab=my_reviews', 'Reviews'],
    ]) {
      const res = await c.get(page);
      expect(res.status, page).toBe(200);
      expect(res.raw.body, page).toContain(`<h1>${heading}</h1>`);
      expect(res.raw.headers['cache-control']).toBe('no-cache');
    }
    const asset = await c.get('/assets/app-1234.js');
    expect(asset.raw.headers['cache-control']).toContain('immutable');
    expect((await c.get('/assets/missing.js')).status).toBe(404);
    expect((await c.get('/samples/manifest.json')).body).toEqual([]);
    expect((await c.get('/samples/sample-1.docx')).status).toBe(200);
    expect((await c.get('/samples/src/secret.txt')).status).toBe(404);
    expect((await c.get('/api/v1/unknown/')).status).toBe(404);
    expect((await c.get('/api/v1/config/')).body).toEqual({
      support_email: 'help@example.ru',
      telegram_bot_username: 'paper_bot',
      legal_entity: expect.any(String),
    });
  } finally {
    await web.close();
    rmSync(dist, { recursive: true, force: true });
    rmSync(samples, { recursive: true, force: true });
  }
});

it('unknown API routes answer 404 with a Russian detail', async () => {
  const res = await new Client(t.app).get('/api/v1/nothing-here/');
  expect(res.status).toBe(404);
  expect(res.body.detail).toBe('Ресурс не найден');
});

describe('Telegram bind tokens (consumed by the bot)', () => {
  it('binds once; unknown, used, expired and already-bound cases change nothing', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const tokenOf = async (c: Client) => (await c.get('/api/v1/telegram/bind/')).body.data.token as string;
    const em = () => t.orm.em.fork();

    expect(await consumeBindToken(em(), 'no-such-token', '1001')).toEqual({ ok: false, reason: 'unknown' });
    const token = await tokenOf(a.client);
    expect(await consumeBindToken(em(), token, '1001')).toEqual({ ok: true, username: a.name });
    expect((await a.client.get('/api/v1/users/me/')).body.telegram_uid).toBe('1001');
    expect(await consumeBindToken(em(), token, '1001')).toEqual({ ok: false, reason: 'used' });

    const expiring = await tokenOf(b.client);
    await t.sql(`update telegram_bind_tokens set expires_at = now() - interval '1 second' where used_at is null`);
    expect(await consumeBindToken(em(), expiring, '2002')).toEqual({ ok: false, reason: 'expired' });

    // The Telegram account 1001 already belongs to A: B cannot take it.
    const forB = await tokenOf(b.client);
    expect(await consumeBindToken(em(), forB, '1001')).toEqual({ ok: false, reason: 'telegram_taken' });
    expect((await b.client.get('/api/v1/users/me/')).body.telegram_uid).toBeNull();
    expect(await consumeBindToken(em(), forB, '2002')).toEqual({ ok: true, username: b.name });
  });
});
