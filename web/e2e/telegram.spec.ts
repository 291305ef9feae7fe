/** Binding Telegram the whole way: the cabinet's button leads to the bot with a one-time token,
 * the real bot (its code and deps on the stack's database, fed through api/src/cli/bot-feed.ts,
 * since Telegram itself is beyond loopback) consumes it, and the profile shows the account bound;
 * unbinding on the site undoes it. */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, test } from './fixtures';
import { signedInUser } from './support/users';

/** The bot's answers to `text` from Telegram user `uid`. */
function feedBot(uid: number, text: string): string[] {
  const env = { ...process.env, ...JSON.parse(process.env.E2E_SERVER_ENV!) };
  const root = resolve(import.meta.dirname, '../..');
  const r = spawnSync(process.execPath, ['api/src/cli/bot-feed.ts', String(uid), text], { cwd: root, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bot-feed failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

test('bind Telegram through the bot, see it bound, unbind it', async ({ page }) => {
  const user = await signedInUser(page.request, 'tgb');
  const uid = 100_000_000 + (Date.now() % 100_000_000);
  // t.me is outside loopback: answer it locally and record where the browser went.
  let botUrl = '';
  await page.route('https://t.me/**', async (route) => {
    botUrl = route.request().url();
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Telegram</title><p>Бот</p>' });
  });
  await page.goto('/home');
  await expect(page.getByText('Telegram: не привязан')).toBeVisible();
  await page.getByRole('button', { name: 'Привязать Telegram' }).click();
  await expect(page).toHaveURL(/^https:\/\/t\.me\//);
  const link = new URL(botUrl);
  expect(link.pathname).toBe('/e2e_test_bot');
  const token = link.searchParams.get('start')!;
  expect(token).toMatch(/^[\w-]{16,64}$/);

  expect(feedBot(uid, `/start ${token}`)).toEqual([
    expect.stringMatching(new RegExp(`^Готово! Telegram привязан к аккаунту ${user.username}\\.`)),
  ]);
  // The link is spent: whoever opens it again is told so.
  expect(feedBot(uid + 1, `/start ${token}`)).toEqual([expect.stringMatching(/^Эта ссылка для привязки уже использована\./)]);

  await page.goto('/home');
  await expect(page.getByText('Telegram: привязан')).toBeVisible();
  const me = await page.request.get('/api/v1/users/me/');
  expect((await me.json()).telegram_uid).toBe(String(uid));

  await page.getByRole('button', { name: 'Отвязать Telegram' }).click();
  await expect(page.getByText('Успешно!')).toBeVisible();
  await expect(page.getByText('Telegram-аккаунт отвязан от вашего профиля.', { exact: false })).toBeVisible();
  await page.goto('/home');
  await expect(page.getByText('Telegram: не привязан')).toBeVisible();
  expect(feedBot(uid, '/status')).toEqual([expect.stringMatching(/^Telegram не привязан к аккаунту сервиса\./)]);
});
