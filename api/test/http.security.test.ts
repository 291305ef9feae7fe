/** Security headers on every response: API answers, errors, 404s, the web app (page, fallback and
 * static files), the sandbox payment page and Swagger UI; HSTS only with an https PUBLIC_URL. */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { Client, signUp, startTestApp, type TestApp } from './support/app.ts';
import { createPayment, newOrder } from './support/orders.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app-1234.js"></script>');
  writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await startTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The policy's directives by name. */
function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse) {
  const csp = directives(res);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  expect(csp.get('worker-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('form-action')).toEqual(["'self'", 'http://localhost:8000']);
  expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:8000']);
  expect(csp.has('upgrade-insecure-requests')).toBe(false);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('same-origin');
  expect(res.headers['strict-transport-security']).toBeUndefined();
}

describe('every response carries the security headers', () => {
  it('an API answer', async () => {
    const res = await new Client(t.app).get('/api/health');
    expect(res.status).toBe(200);
    expectSecurityHeaders(res.raw);
  });

  it('a 404 and other errors', async () => {
    const c = new Client(t.app);
    const missing = await c.get('/api/v1/no-such-thing/');
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing.raw);
    const unauthorized = await c.get('/api/v1/users/me/');
    expect(unauthorized.status).toBe(401);
    expectSecurityHeaders(unauthorized.raw);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.statusCode).toBe(400);
    expectSecurityHeaders(badJson);
    const missingFile = await c.get('/assets/missing-1234.js');
    expect(missingFile.status).toBe(404);
    expectSecurityHeaders(missingFile.raw);
  });

  it('the web app: its page, the fallback for client routes, its static files', async () => {
    const c = new Client(t.app);
    for (const path of ['/', '/papers', '/assets/app-1234.js', '/index.html']) {
      const res = await c.get(path);
      expect(res.status, path).toBe(200);
      expectSecurityHeaders(res.raw);
    }
  });

  it('the sandbox payment page', async () => {
    const u = await signUp(t);
    const created = await createPayment(u.client, newOrder());
    const page = await u.client.get(new URL(created.body.data.confirmation_url).pathname);
    expect(page.status).toBe(200);
    expect(String(page.raw.body)).toContain('Тестовая оплата');
    expectSecurityHeaders(page.raw);
  });

  it('Swagger UI and its files', async () => {
    const c = new Client(t.app);
    for (const path of [
      '/api/docs/',
      '/api/docs/static/swagger-ui-bundle.js',
      '/api/docs/static/swagger-initializer.js',
      '/api/docs/json',
    ]) {
      const res = await c.get(path);
      expect(res.status, path).toBe(200);
      expectSecurityHeaders(res.raw);
    }
    // The validator's badge would load an image from another site.
    expect(String((await c.get('/api/docs/static/swagger-initializer.js')).raw.body)).toContain('"validatorUrl":null');
  });
});

const builtWeb = join(REPO_ROOT, 'web', 'dist');
const builtPages = () => [
  join(builtWeb, 'index.html'),
  ...(existsSync(join(builtWeb, 'prerendered'))
    ? readdirSync(join(builtWeb, 'prerendered')).map((f) => join(builtWeb, 'prerendered', f))
    : []),
];
it.skipIf(!existsSync(join(builtWeb, 'index.html')))(
  'the built web app, pre-rendered pages included, has no inline scripts (the policy allows none)',
  () => {
    for (const page of builtPages()) expectNoInlineScripts(readFileSync(page, 'utf8'));
  },
);

function expectNoInlineScripts(html: string) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attributes, body] of scripts) {
    expect(attributes).toMatch(/\bsrc="\/assets\//);
    expect(body.trim()).toBe('');
  }
  expect(html).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
}

it('HSTS and upgrade-insecure-requests only when PUBLIC_URL is https', async () => {
  const secure = await startTestApp({ PUBLIC_URL: 'https://diplom.example.ru' });
  try {
    for (const path of ['/api/health', '/api/v1/no-such-thing/']) {
      const res = await secure.app.inject({ method: 'GET', url: path });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
      const csp = directives(res);
      expect(csp.has('upgrade-insecure-requests')).toBe(true);
      expect(csp.get('connect-src')).toEqual(["'self'", 'wss://diplom.example.ru']);
      expect(csp.get('form-action')).toEqual(["'self'", 'https://diplom.example.ru']);
    }
  } finally {
    await secure.close();
  }
});
