/** Access rules of the route table, and the session rules: a 401 from any call signs the user out. */
import { expect, test } from './fixtures';
import { logIn, signedInUser } from './support/users';

const privatePages = ['/home', '/change-password', '/demo', '/preview/1', '/payment/waiting?task_id=1'];
const guestPages = ['/register', '/login', '/verify-email', '/recovery-request', '/recovery-verify', '/recovery-update'];
const publicPages = ['/', '/reviews', '/terms', '/privacy'];

test('a guest is sent from private pages to /login and comes back after logging in', async ({ page }) => {
  // 15 pages before logging in: over a minute when the machine is busy.
  test.slow();
  for (const path of privatePages) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
  }
  for (const path of [...publicPages, ...guestPages]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\$&')}$`));
  }

  const user = await signedInUser(page.request, 'acc');
  await page.context().clearCookies();
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Логин или email').fill(user.username);
  await page.getByLabel('Пароль', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: user.username })).toBeVisible();
});

test('a signed-in user is sent from guest-only pages to /', async ({ page }) => {
  // 11 pages: over a minute when the machine is busy.
  test.slow();
  await signedInUser(page.request, 'acc');
  for (const path of guestPages) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
  }
  for (const path of privatePages) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\$&')}$`));
  }
});

test('a 401 from any call signs the user out; logout goes to /', async ({ page, browser }) => {
  const user = await signedInUser(page.request, 'acc');
  await page.goto('/reviews');
  await expect(page.getByRole('tab', { name: 'Мои отзывы' })).toBeVisible();

  // The session ends elsewhere (logout from all devices in another browser).
  const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  await logIn(other.request, user);
  const r = await other.request.post('/api/v1/auth/logout-all/', { headers: { origin: process.env.E2E_BASE_URL! }, data: {} });
  expect(r.status()).toBe(200);
  await other.close();

  // The next private call answers 401: the page forgets the user.
  await page.getByRole('tab', { name: 'Мои отзывы' }).click();
  await expect(page.getByRole('link', { name: 'Войти' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Мои отзывы' })).toHaveCount(0);

  await logIn(page.request, user);
  await page.goto('/home');
  // The cabinet is shown (its session known) before the user leaves: a click before that went nowhere on a loaded machine.
  await expect(page.getByRole('heading', { name: 'Личный кабинет', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Выйти', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Войти' })).toBeVisible();
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
});

test('«Выйти» pressed while the account actions are still loading signs out once they have', async ({ page }) => {
  await signedInUser(page.request, 'early');
  // The account actions' part of the page is held back, as on a slow connection.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/account-chrome-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/reviews');
  await page.getByRole('button', { name: 'Выйти', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Личный кабинет' })).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Войти' })).toBeVisible();
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
});
