/** Every screen at 375 px and 1440 px: a full-page screenshot (test-results/screens) and an axe
 * check with no serious or critical violation. */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, screenshot } from './support/check';
import { signedInUser } from './support/users';

const WIDTHS = [375, 1440];

interface Screen {
  name: string;
  path: string;
  /** Visible once the screen has loaded. */
  ready: (page: Page) => ReturnType<Page['getByRole']>;
  before?: (page: Page) => Promise<void>;
}

const guestScreens: Screen[] = [
  { name: 'landing', path: '/', ready: (p) => p.getByRole('heading', { name: 'Частые вопросы' }) },
  { name: 'reviews-guest', path: '/reviews', ready: (p) => p.getByTestId('review-card').first() },
  { name: 'terms', path: '/terms', ready: (p) => p.getByRole('heading', { name: 'Пользовательское соглашение', level: 1 }) },
  { name: 'privacy', path: '/privacy', ready: (p) => p.getByRole('heading', { name: 'Политика конфиденциальности', level: 1 }) },
  { name: 'register', path: '/register', ready: (p) => p.getByRole('button', { name: 'Зарегистрироваться' }) },
  { name: 'login', path: '/login', ready: (p) => p.getByRole('button', { name: 'Войти' }) },
  {
    name: 'verify-email',
    path: '/verify-email',
    before: async (p) => {
      await p.addInitScript(() => sessionStorage.setItem('email', 'student@example.ru'));
    },
    ready: (p) => p.getByText('student@example.ru'),
  },
  { name: 'recovery-request', path: '/recovery-request', ready: (p) => p.getByRole('button', { name: 'Получить письмо' }) },
  {
    name: 'recovery-verify',
    path: '/recovery-verify',
    before: async (p) => {
      await p.addInitScript(() => sessionStorage.setItem('email_recovery', 'student@example.ru'));
    },
    ready: (p) => p.getByText('student@example.ru'),
  },
  { name: 'recovery-update', path: '/recovery-update', ready: (p) => p.getByRole('button', { name: 'Сохранить пароль' }) },
  { name: 'not-found', path: '/no-such-page', ready: (p) => p.getByRole('heading', { name: 'Страница не найдена' }) },
];

const userScreens: Screen[] = [
  { name: 'home', path: '/home', ready: (p) => p.getByRole('heading', { name: 'Мои заказы' }) },
  { name: 'reviews-user', path: '/reviews?tab=my_reviews', ready: (p) => p.getByText('У вас пока нет отзывов') },
  { name: 'change-password', path: '/change-password', ready: (p) => p.getByRole('button', { name: 'Сменить пароль' }) },
  { name: 'demo', path: '/demo', ready: (p) => p.getByRole('heading', { name: 'Генерация работы' }) },
  // Somebody else's (or no) paper: the page stays empty, with the placeholder title.
  { name: 'preview-not-found', path: '/preview/1', ready: (p) => p.getByRole('heading', { name: 'Название дипломной работы' }) },
  { name: 'payment-not-found', path: '/payment/waiting?task_id=1', ready: (p) => p.getByText('Платёж не найден') },
];

async function visit(page: Page, screen: Screen) {
  await screen.before?.(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(screen.path);
    await expect(screen.ready(page)).toBeVisible();
    await screenshot(page, screen.name);
    await expectAccessible(page);
  }
}

test.describe('guest screens', () => {
  for (const screen of guestScreens) {
    test(screen.name, async ({ page }) => visit(page, screen));
  }
});

test.describe('signed-in screens', () => {
  for (const screen of userScreens) {
    test(screen.name, async ({ page }) => {
      await signedInUser(page.request, 'scr');
      await visit(page, screen);
    });
  }
});
