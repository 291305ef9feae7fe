/** What a signed-in user sees: every screen at 375, 768 and 1280 px against its committed baseline,
 * with its layout and accessibility checked (support/screens.ts), and the dialogs of the cabinet,
 * the reviews and the order form. One account for the whole file (the same name in every run),
 * with an unpaid demo whose preview has three pages and a paid full paper, seeded once.
 * Update the baselines after a deliberate change:
 * `npm run e2e -w web -- screens.spec.ts screens-user.spec.ts --update-snapshots`. */
import type { Cookie, Page } from '@playwright/test';
import { expect, test as base } from './fixtures';
import { PASSWORD } from './support/constants';
import { checkScreen, checkView, SIZES, type Screen } from './support/screens';
import { seed, seedDemo, signedInFixedUser, type TestUser } from './support/users';

const USER: TestUser = { username: 'anna_smirnova', email: 'anna.smirnova@example.ru', password: PASSWORD };
/** No such paper (the preview of somebody else's paper looks the same). */
const MISSING_PAPER = '/preview/2147480000';

interface Account {
  cookies: Cookie[];
  demoId: number;
  /** The paid full paper: its revisions and its defence kit's page. */
  fullId: number;
}

const test = base.extend<{ signedIn: void }, { account: Account }>({
  account: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
      await signedInFixedUser(request, USER);
      // A worker that takes over after a failure finds the papers already there.
      const papers = async (type: string) =>
        ((await (await request.get(`/api/v1/papers/?paper_type=${type}`)).json()) as { papers: { id: number }[] }).papers;
      const demoId = (await papers('demo'))[0]?.id ?? (await seedDemo(USER.username, 3));
      if ((await papers('full')).length === 0) seed('paid-paper', USER.username);
      const fullId = (await papers('full'))[0].id;
      const { cookies } = await request.storageState();
      await request.dispose();
      await use({ cookies, demoId, fullId });
    },
    { scope: 'worker' },
  ],
  signedIn: [
    async ({ context, account }, use) => {
      await context.addCookies(account.cookies);
      await use();
    },
    { auto: true },
  ],
});

/** The PDF's pages drawn and the purchase panel's estimate of the sources in. */
const previewReady = async (p: Page) => {
  await expect(p.getByTestId('locked-page')).toContainText('Для получения полного доступа');
  await expect(p.getByTestId('pdf-page').last().locator('canvas')).toBeVisible({ timeout: 30_000 });
  await expect(p.getByRole('status', { name: 'Источники по теме' }).first()).toBeVisible({ timeout: 30_000 });
};

const userScreens = ({ demoId, fullId }: Pick<Account, 'demoId' | 'fullId'>): Screen[] => [
  {
    name: 'landing-user',
    path: '/',
    ready: (p) => p.locator('[data-visible=true]').first(),
    // The header's own links (hidden under 560 px) once the session is known.
    settle: (p) => expect(p.locator('header a[href="/home"]')).toBeAttached(),
  },
  { name: 'reviews-user', path: '/reviews?tab=my_reviews', ready: (p) => p.getByText('У вас пока нет отзывов') },
  { name: 'home', path: '/home', ready: (p) => p.getByTestId('paper-card').first() },
  {
    name: 'preview',
    path: `/preview/${demoId}`,
    ready: (p) => p.getByTestId('locked-page').getByText('приобрести файл'),
    settle: previewReady,
  },
  { name: 'preview-missing', path: MISSING_PAPER, ready: (p) => p.getByRole('heading', { name: 'Название дипломной работы' }) },
  { name: 'payment-not-found', path: '/payment/waiting?task_id=1', ready: (p) => p.getByText('Платёж не найден') },
  { name: 'demo', path: '/demo', ready: (p) => p.getByRole('heading', { name: 'Генерация работы' }) },
  { name: 'change-password', path: '/change-password', ready: (p) => p.getByRole('button', { name: 'Сменить пароль' }) },
  { name: 'revisions', path: `/papers/${fullId}/revisions`, ready: (p) => p.getByTestId('rounds-left') },
  { name: 'defence', path: `/defence/${fullId}`, ready: (p) => p.getByRole('heading', { name: 'Подготовка к защите', level: 1 }) },
];

for (const { name } of userScreens({ demoId: 0, fullId: 0 })) {
  test(`${name} (signed in)`, async ({ page, account }) => {
    test.setTimeout(120_000);
    await checkScreen(
      page,
      userScreens(account).find((s) => s.name === name)!,
    );
  });
}

test('the side menu under 560 px', async ({ page }) => {
  await page.setViewportSize(SIZES[0]);
  await page.goto('/home');
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  await expect(page.getByRole('dialog', { name: 'Меню' }).getByRole('button', { name: 'Выйти', exact: true })).toBeVisible();
  await checkView(page, 'side-menu-user');
});

test('the cabinet: the generation status, the account deletion and the thanks for a purchase', async ({ page }) => {
  test.setTimeout(120_000);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/home');
    await page.getByRole('button', { name: 'Отслеживать процесс генерации' }).click();
    const status = page.getByRole('dialog', { name: 'Нет активных работ' });
    await expect(status).toBeVisible();
    await checkView(page, 'home-no-active-generation');
    await status.getByRole('button', { name: 'Закрыть' }).first().click();
    await expect(status).toBeHidden();

    if (size.width < 560) {
      await page.getByRole('button', { name: 'Открыть меню' }).click();
      await page.getByRole('dialog', { name: 'Меню' }).getByRole('button', { name: 'Удалить аккаунт' }).click();
    } else await page.getByRole('button', { name: 'Удалить аккаунт' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Подтверждение удаления' });
    await expect(confirm).toBeVisible();
    await checkView(page, 'home-delete-account');
    await confirm.getByRole('button', { name: 'Отмена' }).click();
    await expect(confirm).toBeHidden();

    await page.goto('/home?from_generation=true');
    await expect(page.getByRole('dialog')).toBeVisible();
    await checkView(page, 'home-thanks');
  }
});

test('the review and the order form dialogs', async ({ page }) => {
  test.setTimeout(120_000);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/reviews?tab=my_reviews&add_review=true');
    await expect(page.getByRole('dialog')).toBeVisible();
    await checkView(page, 'reviews-create');

    await page.goto('/demo');
    // Ticking «Своё оглавление» opens its dialog.
    await page.getByText('Своё оглавление').click();
    await expect(page.getByRole('dialog', { name: 'Своё оглавление' })).toBeVisible();
    await checkView(page, 'demo-structure');
  }
});
