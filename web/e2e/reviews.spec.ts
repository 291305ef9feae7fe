/** The reviews page against the real API: stats, infinite scroll over the seeded reviews, sort,
 * tabs and query parameters, and create / edit / delete of one's own review. */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, gotoHydrated, screenshotBoth } from './support/check';
import { SEEDED_REVIEWS } from './support/constants';
import { seed, signedInUser } from './support/users';

test.describe.configure({ mode: 'serial' });

async function stats(page: Page): Promise<{ total_reviews: number; avg_rating: number }> {
  const r = await page.request.get('/api/v1/review/stats/');
  return (await r.json()).data;
}

/**
 * The total on the screen is the server's, and at least `atLeast`. Other tests running at the same
 * time (the order journey leaves a review) may change the total, so it is not fixed in advance.
 */
async function expectTotalShown(page: Page, atLeast: number) {
  await expect(async () => {
    const shown = Number(await page.getByTestId('total-reviews').textContent());
    expect(shown).toBe((await stats(page)).total_reviews);
    expect(shown).toBeGreaterThanOrEqual(atLeast);
  }).toPass({ timeout: 10_000 });
}

test('infinite scroll: 20 at a time with 8 placeholders, to the end of the list', async ({ page }) => {
  const { total_reviews, avg_rating } = await stats(page);
  expect(total_reviews).toBeGreaterThanOrEqual(SEEDED_REVIEWS);

  // Hold the second page until its placeholders have been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/review/list/**', async (route) => {
    if (new URL(route.request().url()).searchParams.get('offset') === '20') await held;
    await route.continue();
  });

  await page.goto('/reviews');
  const cards = page.getByTestId('review-card');
  await expect(cards).toHaveCount(20);
  await expect(page.getByTestId('total-reviews')).toHaveText(String(total_reviews));
  await expect(page.getByTestId('avg-rating')).toHaveText(avg_rating.toFixed(1).replace('.', ','));

  await cards.last().scrollIntoViewIfNeeded();
  await expect(page.getByTestId('review-skeletons').locator('.chakra-skeleton')).toHaveCount(8);
  release();
  await expect(cards).toHaveCount(40);
  await expect(page.getByTestId('review-skeletons')).toHaveCount(0);

  await cards.last().scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(total_reviews);
  await expect(page.getByText('Все отзывы загружены')).toBeVisible();
  await expect(page.getByText(/^\d{1,2} [а-я]+ \d{4} г\.$/).first()).toBeVisible();
});

test('sort by rating', async ({ page }) => {
  await gotoHydrated(page, '/reviews');
  const first = page.getByTestId('review-card').first();
  await page.getByLabel('Сортировка').selectOption({ label: 'Сначала с низкой оценкой' });
  await expect(first.getByRole('img', { name: 'Оценка 1 из 5' })).toBeVisible();
  await page.getByLabel('Сортировка').selectOption({ label: 'Сначала с высокой оценкой' });
  await expect(first.getByRole('img', { name: 'Оценка 5 из 5' })).toBeVisible();
  await page.getByLabel('Сортировка').selectOption({ label: 'Сначала старые' });
  await expect(first).toContainText('(#45)');
});

test('a guest: no my-reviews tab; leaving a review asks to log in', async ({ page }) => {
  await page.goto('/reviews?tab=my_reviews');
  await expect(page.getByRole('tab', { name: 'Все отзывы' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Мои отзывы' })).toHaveCount(0);
  // A link, so that it leads to the login even before the pre-rendered page has hydrated.
  const leave = page.getByRole('link', { name: 'Оставить отзыв' });
  await expect(leave).toHaveAttribute('href', '/login');
  await leave.click();
  await expect(page).toHaveURL(/\/login$/);
});

test('without a paid full paper: no button, and the server says why', async ({ page }) => {
  await signedInUser(page.request, 'nrv');
  await page.goto('/reviews?tab=my_reviews');
  await expect(page.getByRole('tab', { name: 'Мои отзывы' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('У вас пока нет отзывов')).toBeVisible();
  await expect(page.getByText('Оставить отзыв', { exact: true })).toHaveCount(0);

  await page.goto('/reviews?add_review=true');
  const dialog = page.getByRole('dialog', { name: 'Новый отзыв' });
  await dialog.getByLabel('Комментарий').fill('Хочу оставить отзыв без покупки');
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expect(dialog.getByText('Отзыв можно оставить после покупки полной версии работы')).toBeVisible();
});

test('create, edit and delete one’s own review', async ({ page }) => {
  const user = await signedInUser(page.request, 'rv');
  seed('paid-paper', user.username);
  const before = (await stats(page)).total_reviews;

  // After a paid generation the cabinet thanks the user and invites a review.
  await page.goto('/home?from_generation=true');
  const thanks = page.getByRole('dialog', { name: 'Спасибо за покупку!' });
  await expect(thanks).toBeVisible();
  await screenshotBoth(page, 'purchase-thanks-dialog');
  await thanks.getByRole('button', { name: 'Оставить отзыв' }).click();
  await expect(page).toHaveURL(/\/reviews\?tab=my_reviews$/);

  const dialog = page.getByRole('dialog', { name: 'Новый отзыв' });
  await expect(dialog.getByRole('radio', { name: '5 из 5' })).toHaveAttribute('aria-checked', 'true');
  await dialog.getByLabel('Комментарий').fill('Коротко');
  await expect(dialog.getByTestId('comment-counter')).toHaveText('7 / 500');
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expect(dialog.getByText('Комментарий должен содержать от 10 до 500 символов')).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, 'review-dialog');

  const comment = `Работа пришла за 12 минут, оформление по ГОСТ без замечаний (${user.username})`;
  await dialog.getByLabel('Комментарий').fill(comment);
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expect(dialog).toBeHidden();
  await expectTotalShown(page, before + 1);
  // One paid paper, one review: the button goes away.
  await expect(page.getByText('Оставить отзыв', { exact: true })).toHaveCount(0);

  await expect(page.getByRole('tab', { name: 'Мои отзывы' })).toHaveAttribute('aria-selected', 'true');
  const mine = page.getByTestId('review-card');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(comment);
  await expect(mine.getByRole('img', { name: 'Оценка 5 из 5' })).toBeVisible();
  await screenshotBoth(page, 'reviews-mine');

  // Edit and delete appear only on the my-reviews tab.
  await page.getByRole('tab', { name: 'Все отзывы' }).click();
  await expect(page.getByTestId('review-card').filter({ hasText: comment })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Редактировать' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Мои отзывы' }).click();

  await mine.getByRole('button', { name: 'Редактировать' }).click();
  const edit = page.getByRole('dialog', { name: 'Редактирование отзыва' });
  await expect(edit.getByLabel('Комментарий')).toHaveValue(comment);
  await edit.getByRole('radio', { name: '3 из 5' }).click();
  await edit.getByLabel('Комментарий').fill('Исправленный отзыв: пришлось дописать практическую часть');
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(edit).toBeHidden();
  await expect(mine).toContainText('Исправленный отзыв');
  await expect(mine.getByRole('img', { name: 'Оценка 3 из 5' })).toBeVisible();

  await mine.getByRole('button', { name: 'Удалить' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Удаление отзыва' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, 'delete-review-dialog');
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('У вас пока нет отзывов')).toBeVisible();
  await expectTotalShown(page, before);
  await expect(page.getByRole('button', { name: 'Оставить отзыв' })).toBeVisible();

  // Another user's review cannot be edited: the API answers 404.
  const other = (await (await page.request.get('/api/v1/review/list/?limit=1')).json()).reviews[0];
  const patch = await page.request.patch(`/api/v1/review/${other.id}/`, {
    headers: { origin: process.env.E2E_BASE_URL! },
    data: { rating: 1, comment: 'Чужой отзыв не меняется' },
  });
  expect(patch.status()).toBe(404);
});
