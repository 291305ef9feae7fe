/** Accounts for tests, created through the real API (the browser flow is tested on its own). */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { PASSWORD } from './constants';
import { codeFromMail } from './mail';
import { previewPdf } from './orders';

let counter = 0;

export interface TestUser {
  username: string;
  email: string;
  password: string;
}

/** A unique name of 3-20 characters. */
export function uniqueUser(prefix = 'u'): TestUser {
  counter += 1;
  const id = `${Date.now().toString(36).slice(-6)}${process.pid.toString(36).slice(-2)}${counter}`;
  const username = `${prefix}_${id}`.slice(0, 20);
  return { username, email: `${username}@example.ru`, password: PASSWORD };
}

const origin = () => ({ origin: process.env.E2E_BASE_URL! });

/** Registers and verifies an account; `request` keeps the cookies (use page.request for a page). */
export async function createVerifiedUser(request: APIRequestContext, prefix = 'u'): Promise<TestUser> {
  const user = uniqueUser(prefix);
  await register(request, user);
  return user;
}

async function register(request: APIRequestContext, user: TestUser): Promise<void> {
  const reg = await request.post('/api/v1/registration/register/', {
    headers: origin(),
    data: { username: user.username, email: user.email, password: user.password },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const code = await codeFromMail(user.email, 0);
  const verify = await request.post('/api/v1/registration/verify-email/', { headers: origin(), data: { code } });
  expect(verify.status(), await verify.text()).toBe(200);
}

export async function logIn(request: APIRequestContext, user: TestUser): Promise<void> {
  const r = await request.post('/api/v1/auth/login/', {
    headers: origin(),
    data: { username_or_email: user.username, password: user.password },
  });
  expect(r.status(), await r.text()).toBe(200);
}

/** A signed-in user (cookies in the page's context). */
export async function signedInUser(request: APIRequestContext, prefix = 'u'): Promise<TestUser> {
  const user = await createVerifiedUser(request, prefix);
  await logIn(request, user);
  return user;
}

/** Signs in as `user`, registering it first on a stack that does not have it yet (an account with
 * the same name in every run, as screenshots show it). */
export async function signedInFixedUser(request: APIRequestContext, user: TestUser): Promise<void> {
  const r = await request.post('/api/v1/auth/login/', {
    headers: origin(),
    data: { username_or_email: user.username, password: user.password },
  });
  if (r.status() === 200) return;
  await register(request, user);
  await logIn(request, user);
}

/** Runs the API's seed command against the running stack (same environment as the server). */
export function seed(...args: string[]): string {
  const env = { ...process.env, ...JSON.parse(process.env.E2E_SERVER_ENV!) };
  const root = resolve(import.meta.dirname, '../../..');
  const r = spawnSync(process.execPath, ['api/src/cli/seed.ts', ...args], { cwd: root, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`seed ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}

/** An unpaid demo of `username` whose preview is a PDF of `pages` pages of text; its id. */
export async function seedDemo(username: string, pages: number): Promise<number> {
  const file = join(tmpdir(), `e2e-preview-${process.pid}-${pages}.pdf`);
  writeFileSync(file, await previewPdf(pages));
  return Number(/paper (\d+)/.exec(seed('demo-paper', username, file))![1]);
}
