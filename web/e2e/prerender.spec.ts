/** The public pages pre-rendered at build time: with JavaScript disabled they show their text, their
 * styles and working links; with JavaScript on the app hydrates them without a mismatch and stays
 * interactive (links navigate inside the app, without reloading the document). */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signedInUser } from './support/users';

const PAGES = [
  { path: '/', heading: 'Дипломные и курсовые работы по ГОСТ с помощью ИИ', text: 'Частые вопросы' },
  { path: '/reviews', heading: 'Отзывы', text: 'Отзывы оставляют пользователи, купившие полную версию работы' },
  { path: '/terms', heading: 'Пользовательское соглашение', text: 'Редакция от' },
  { path: '/privacy', heading: 'Политика конфиденциальности', text: 'Редакция от' },
] as const;

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  for (const p of PAGES) {
    test(`${p.path} shows its text, styled, with the header and footer links`, async ({ page }) => {
      const response = await page.goto(p.path);
      expect(response?.status()).toBe(200);
      await expect(heading(page, p.heading)).toBeVisible();
      await expect(page.getByText(p.text).first()).toBeVisible();
      // The CSS came with the HTML: Chakra's reset and the header's layout are applied.
      await expect(page.locator('body')).toHaveCSS('margin', '0px');
      await expect(page.locator('header')).toHaveCSS('position', 'sticky');
      for (const [name, href] of [
        ['Отзывы', '/reviews'],
        ['Войти', '/login'],
        ['Регистрация', '/register'],
        ['Пользовательское соглашение', '/terms'],
        ['Политика конфиденциальности', '/privacy'],
      ])
        await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    });
  }

  test('the landing banner is styled, and links lead from page to pre-rendered page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await expect(heading(page, PAGES[0].heading)).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expect(page.getByRole('link', { name: 'Создать новый проект' })).toHaveAttribute('href', '/demo');
    // The FAQ opens without script.
    const answer = page.getByText(/^Демо-версия: /);
    await expect(answer).toBeHidden();
    await page.locator('summary', { hasText: 'Сколько это стоит?' }).click();
    await expect(answer).toBeVisible();

    await page.getByRole('link', { name: 'Отзывы', exact: true }).click();
    await expect(page).toHaveURL(/\/reviews$/);
    await expect(heading(page, 'Отзывы')).toBeVisible();
    await page.getByRole('link', { name: 'Пользовательское соглашение' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(heading(page, 'Пользовательское соглашение')).toBeVisible();
    await page.getByRole('link', { name: 'Политика конфиденциальности' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(heading(page, 'Политика конфиденциальности')).toBeVisible();
    await page.locator('header a[href="/"]').first().click();
    await expect(heading(page, PAGES[0].heading)).toBeVisible();
  });
});

/** Errors the page reports: console errors (a failed request for the session is expected for a
 * guest and left out) and uncaught ones, where React reports a hydration mismatch. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Marks the document, so a later check tells an in-app navigation from a full page load. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) => page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true);

for (const width of [375, 1280]) {
  test(`at ${width} px every pre-rendered page hydrates without a mismatch and navigates inside the app`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const errors = collectErrors(page);
    for (const p of PAGES) {
      await page.goto(p.path, { waitUntil: 'networkidle' });
      await expect(heading(page, p.heading)).toBeVisible();
      expect(errors, p.path).toEqual([]);
    }
    await page.goto('/', { waitUntil: 'networkidle' });
    await markDocument(page);
    await page.getByRole('link', { name: 'Политика конфиденциальности' }).click();
    await expect(heading(page, 'Политика конфиденциальности')).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
    if (width < 560) await page.getByRole('button', { name: 'Открыть меню' }).click();
    await page.getByRole('link', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
  });
}

test('a signed-in user gets the pre-rendered landing, then their own header', async ({ page }) => {
  const errors = collectErrors(page);
  await signedInUser(page.request, 'prerender');
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Личный кабинет' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Войти' })).toHaveCount(0);
  await markDocument(page);
  await page.getByRole('link', { name: 'Личный кабинет' }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await sameDocument(page)).toBe(true);
  expect(errors).toEqual([]);
});
