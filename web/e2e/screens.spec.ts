/** What a guest sees: every screen at 375, 768 and 1280 px against its committed baseline, with its
 * layout and accessibility checked (support/screens.ts); the pre-rendered pages the same without
 * JavaScript; the landing's opened FAQ, its annotation dialog and its placeholders while the samples
 * load, the side menu and the cookie notice.
 * Signed-in screens: screens-user.spec.ts. Update the baselines after a deliberate change:
 * `npm run e2e -w web -- screens.spec.ts screens-user.spec.ts --update-snapshots`. */
import { expect, test } from './fixtures';
import { checkScreen, checkView, SIZES, type Screen } from './support/screens';

const EMAIL = 'student@example.ru';

/** The pre-rendered pages: they must look right before (and without) the script. */
const prerendered: Screen[] = [
  // Ready once the script has loaded and shown the samples.
  { name: 'landing', path: '/', ready: (p) => p.locator('[data-visible=true]').first() },
  {
    name: 'reviews',
    path: '/reviews',
    ready: (p) => p.getByTestId('review-card').first(),
    // The first page only: the whole page's screenshot makes the viewport as tall as the page, which
    // shows the list's end and loads the next page at a moment of its own (a flaky height).
    before: (p) =>
      p.route(
        (url) => url.pathname === '/api/v1/review/list/' && url.searchParams.get('offset') !== '0',
        async (route) => {
          const answer = await route.fetch();
          const body = (await answer.json()) as { reviews: unknown[]; total_count: number };
          await route.fulfill({ response: answer, json: { ...body, reviews: [] } });
        },
      ),
    // The oldest first: the seeded reviews, whatever the other tests are adding meanwhile.
    settle: async (p) => {
      await p.getByRole('combobox', { name: 'Сортировка' }).selectOption('date_asc');
      await expect(p.getByTestId('review-card').first()).toContainText('(#45)');
    },
  },
  { name: 'terms', path: '/terms', ready: (p) => p.getByRole('heading', { name: 'Пользовательское соглашение', level: 1 }) },
  { name: 'privacy', path: '/privacy', ready: (p) => p.getByRole('heading', { name: 'Политика конфиденциальности', level: 1 }) },
];

const guestScreens: Screen[] = [
  ...prerendered,
  { name: 'register', path: '/register', ready: (p) => p.getByRole('button', { name: 'Зарегистрироваться' }) },
  { name: 'login', path: '/login', ready: (p) => p.getByRole('button', { name: 'Войти' }) },
  {
    name: 'verify-email',
    path: '/verify-email',
    before: (p) => p.addInitScript((email) => sessionStorage.setItem('email', email), EMAIL),
    ready: (p) => p.getByText(EMAIL),
  },
  { name: 'recovery-request', path: '/recovery-request', ready: (p) => p.getByRole('button', { name: 'Получить письмо' }) },
  {
    name: 'recovery-verify',
    path: '/recovery-verify',
    before: (p) => p.addInitScript((email) => sessionStorage.setItem('email_recovery', email), EMAIL),
    ready: (p) => p.getByText(EMAIL),
  },
  { name: 'recovery-update', path: '/recovery-update', ready: (p) => p.getByRole('button', { name: 'Сохранить пароль' }) },
  { name: 'not-found', path: '/no-such-page', ready: (p) => p.getByRole('heading', { name: 'Страница не найдена' }) },
];

for (const screen of guestScreens) {
  test(`${screen.name} (guest)`, async ({ page }) => {
    test.setTimeout(120_000);
    await checkScreen(page, screen);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const screen of prerendered) {
    test(`${screen.name} (pre-rendered)`, async ({ page }) => {
      test.setTimeout(120_000);
      // Without the script the live parts stay placeholders: the page's own heading is enough.
      await checkScreen(
        page,
        { name: `${screen.name}-no-js`, path: screen.path, ready: (p) => p.getByRole('heading', { level: 1 }) },
        { scripts: false },
      );
    });
  }
});

test('the landing: the opened FAQ and the annotation dialog', async ({ page }) => {
  test.setTimeout(120_000);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/');
    // The samples and the footer's settings are in (the page's height is final) before a click scrolls it.
    await expect(page.locator('[data-visible=true]').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.locator('summary', { hasText: 'Сколько это стоит?' }).click();
    await expect(page.getByText(/^Демо-версия: /)).toBeVisible();
    await checkView(page, 'landing-faq-open', { fullPage: true });

    await page.locator('[data-visible=true]').first().getByRole('button', { name: 'Посмотреть аннотацию' }).click();
    await expect(page.getByRole('dialog', { name: 'Аннотация' })).toBeVisible();
    await checkView(page, 'landing-annotation');
  }
});

test('the side menu under 560 px', async ({ page }) => {
  await page.setViewportSize(SIZES[0]);
  await page.goto('/');
  // The pre-rendered page's menu button works once the page has hydrated (the samples come after).
  await expect(page.locator('[data-visible=true]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  await expect(page.getByRole('dialog', { name: 'Меню' }).getByRole('link', { name: 'Регистрация' })).toBeVisible();
  await checkView(page, 'side-menu-guest');
});

test.describe('a first visit', () => {
  test.use({ showCookieNotice: true });
  test('the cookie notice', async ({ page }) => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Уведомление о файлах cookie' })).toBeVisible();
      await expect(page.locator('[data-visible=true]').first()).toBeVisible();
      await checkView(page, 'cookie-notice');
    }
  });
});

test('the landing while its samples load', async ({ page }) => {
  // The samples' list never comes: the placeholders stay.
  await page.route('**/samples/manifest.json', () => undefined);
  for (const size of [SIZES[0], SIZES[2]]) {
    await page.setViewportSize(size);
    await page.goto('/');
    await expect(page.getByLabel('Загрузка примеров')).toBeVisible();
    // The rest of the page's live data is in: the footer's settings.
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'support@example.ru' })).toBeVisible();
    await checkView(page, 'landing-samples-loading', { fullPage: true });
  }
});
