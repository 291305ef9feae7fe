/** The shared layout: side menu at 375 px, account actions, Telegram, footer, cookie notice. */
import { expect, test } from './fixtures';
import { expectAccessible, gotoHydrated, screenshot, screenshotBoth } from './support/check';
import { logIn, signedInUser } from './support/users';

test.use({ viewport: { width: 375, height: 800 } });

test('side menu for a guest: opens, navigates, closes on an outside click and above 560 px', async ({ page }) => {
  await gotoHydrated(page, '/');
  await expect(page.getByRole('link', { name: 'Отзывы' })).toBeHidden();
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  const menu = page.getByRole('dialog', { name: 'Меню' });
  await expect(menu).toBeVisible();
  for (const item of ['Главная', 'Отзывы', 'Войти', 'Регистрация']) await expect(menu.getByRole('link', { name: item })).toBeVisible();
  await expect(menu.getByText('Личный кабинет')).toHaveCount(0);
  await screenshot(page, 'side-menu-guest');
  await expectAccessible(page);

  // An outside click (on the backdrop, left of the panel) closes it.
  await page.mouse.click(20, 400);
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: 'Открыть меню' }).click();
  await menu.getByRole('link', { name: 'Отзывы' }).click();
  await expect(page).toHaveURL(/\/reviews$/);
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: 'Открыть меню' }).click();
  await expect(menu).toBeVisible();
  await page.setViewportSize({ width: 800, height: 800 });
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Открыть меню' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Отзывы' })).toBeVisible();
});

test('side menu for a user: every item; logout from all devices', async ({ page }) => {
  await signedInUser(page.request, 'menu');
  await page.goto('/home');
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  const menu = page.getByRole('dialog', { name: 'Меню' });
  for (const item of ['Главная', 'Отзывы', 'Личный кабинет', 'Сменить пароль'])
    await expect(menu.getByRole('link', { name: item })).toBeVisible();
  for (const item of ['Выйти со всех устройств', 'Привязать Telegram', 'Удалить аккаунт', 'Выйти']) {
    await expect(menu.getByRole('button', { name: item, exact: true })).toBeVisible();
  }
  await screenshot(page, 'side-menu-user');
  await expectAccessible(page);

  await menu.getByRole('link', { name: 'Сменить пароль' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  await page.goto('/home');
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  await menu.getByRole('button', { name: 'Выйти со всех устройств' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Открыть меню' })).toBeVisible();
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
});

test('delete account from the side menu, with the confirmation dialog', async ({ page }) => {
  const user = await signedInUser(page.request, 'del');
  await page.goto('/home');
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  await page.getByRole('dialog', { name: 'Меню' }).getByRole('button', { name: 'Удалить аккаунт' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Подтверждение удаления' });
  await expect(confirm.getByText('Вы уверены, что хотите удалить аккаунт? Это действие нельзя будет отменить.')).toBeVisible();
  await screenshot(page, 'delete-account-dialog');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Отмена' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/home$/);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Удалить аккаунт' }).click();
  await screenshot(page, 'delete-account-dialog');
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Войти' })).toBeVisible();
  const login = await page.request.post('/api/v1/auth/login/', {
    headers: { origin: process.env.E2E_BASE_URL! },
    data: { username_or_email: user.username, password: user.password },
  });
  expect(login.status()).toBe(401);
});

test('bind Telegram: the browser goes to the bot with the token as the start parameter', async ({ page }) => {
  await signedInUser(page.request, 'tg');
  // t.me is outside loopback: answer it locally and record where the browser went.
  let botUrl = '';
  await page.route('https://t.me/**', async (route) => {
    botUrl = route.request().url();
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Telegram</title><p>Бот</p>' });
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  await expect(page.getByText('Telegram: не привязан')).toBeVisible();
  await page.getByRole('button', { name: 'Привязать Telegram' }).click();
  await expect(page).toHaveURL(/^https:\/\/t\.me\//);
  expect(botUrl).toMatch(/^https:\/\/t\.me\/e2e_test_bot\?start=[\w-]{8,}$/);
});

test('cookie notice: guests only, kept for the session', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 375, height: 800 } });
  await context.route(
    (url) => !['localhost', '127.0.0.1'].includes(url.hostname),
    (route) => route.abort(),
  );
  const page = await context.newPage();
  await page.goto('/');
  const notice = page.getByRole('region', { name: 'Уведомление о файлах cookie' });
  await expect(notice).toBeVisible();
  await screenshotBoth(page, 'cookie-notice');
  await expectAccessible(page);
  await notice.getByRole('button', { name: 'Принять' }).click();
  await expect(notice).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Частые вопросы' })).toBeVisible();
  await expect(notice).toBeHidden();

  // A signed-in user never sees it.
  const user = await signedInUser(page.request, 'ck');
  const fresh = await context.newPage();
  await fresh.goto('/');
  await expect(fresh.getByRole('heading', { name: 'Частые вопросы' })).toBeVisible();
  await expect(fresh.getByRole('region', { name: 'Уведомление о файлах cookie' })).toBeHidden();
  await logIn(fresh.request, user);
  await context.close();
});

test('footer: documents and the support address from the configuration', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'support@example.ru' })).toHaveAttribute('href', 'mailto:support@example.ru');
  await expect(footer.getByText(/^ИП /)).toBeVisible();
  await footer.getByRole('link', { name: 'Пользовательское соглашение' }).click();
  await expect(page.getByRole('heading', { name: 'Пользовательское соглашение', level: 1 })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Политика конфиденциальности' }).click();
  await expect(page.getByRole('heading', { name: 'Политика конфиденциальности', level: 1 })).toBeVisible();
});
