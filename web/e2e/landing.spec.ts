/** The landing page: banner, the sample carousel at 800, 1200 and 1600 px, annotation, download,
 * FAQ. The samples are whatever the server publishes (the paper engine's, or the fixture). */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, screenshot, screenshotBoth } from './support/check';

interface Sample {
  title: string;
  annotation: string;
  downloadUrl?: string | null;
}

async function manifest(page: Page): Promise<Sample[]> {
  const r = await page.request.get('/samples/manifest.json');
  expect(r.status()).toBe(200);
  return r.json();
}

const visibleTitles = (page: Page) => page.locator('[data-visible=true] h3').allTextContents();

for (const [width, perView] of [
  [800, 1],
  [1200, 2],
  [1600, 3],
] as const) {
  test(`carousel at ${width} px shows ${perView} card(s), loops, and ignores clicks while sliding`, async ({ page }) => {
    const samples = await manifest(page);
    const n = samples.length;
    await page.setViewportSize({ width, height: 1000 });
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Карусель примеров работ' });
    await expect(carousel.locator('[data-visible=true]')).toHaveCount(Math.min(perView, n));
    expect(await visibleTitles(page)).toEqual(samples.slice(0, Math.min(perView, n)).map((s) => s.title));
    await screenshot(page, 'landing-carousel');

    if (n <= perView) {
      // Everything fits: no arrows, nothing to loop.
      await expect(carousel.getByRole('button', { name: 'Следующий пример' })).toHaveCount(0);
      return;
    }
    const next = carousel.getByRole('button', { name: 'Следующий пример' });
    const prev = carousel.getByRole('button', { name: 'Предыдущий пример' });

    // A double click: the second click lands during the 500 ms slide and is ignored.
    await next.dblclick();
    await expect(carousel).toHaveAttribute('data-animating', 'false');
    await expect(carousel.getByText(`2 из ${n}`)).toBeVisible();
    expect((await visibleTitles(page))[0]).toBe(samples[1].title);

    // Back past the first card: the last one comes round.
    await prev.click();
    await expect(carousel).toHaveAttribute('data-animating', 'false');
    await prev.click();
    await expect(carousel).toHaveAttribute('data-animating', 'false');
    await expect(carousel.getByText(`${n} из ${n}`)).toBeVisible();
    expect((await visibleTitles(page))[0]).toBe(samples[n - 1].title);
    const wrapped = [...samples.slice(n - 1), ...samples].slice(0, perView).map((s) => s.title);
    expect(await visibleTitles(page)).toEqual(wrapped);
  });
}

test('annotation, download, FAQ and the create-project button', async ({ page }) => {
  const samples = await manifest(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto('/');
  const card = page.locator('[data-visible=true]').first();

  await card.getByRole('button', { name: 'Посмотреть аннотацию' }).click();
  const dialog = page.getByRole('dialog', { name: 'Аннотация' });
  await expect(dialog.getByText(samples[0].annotation)).toBeVisible();
  await screenshotBoth(page, 'annotation-dialog');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Закрыть' }).click();
  await expect(dialog).toBeHidden();

  if (samples[0].downloadUrl) {
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Скачать' }).click();
    expect((await download).suggestedFilename()).toBe(`${samples[0].title}.docx`);
    await expect(card.getByRole('button', { name: 'Скачать' })).toBeEnabled();
  }

  // The FAQ is an accordion of disclosure elements: one answer open at a time.
  const generationAnswer = page.getByText(/^От 5 до 20 минут/);
  await expect(generationAnswer).toBeHidden();
  await page.locator('summary', { hasText: 'Сколько времени занимает генерация?' }).click();
  await expect(generationAnswer).toBeVisible();
  await page.locator('summary', { hasText: 'Что такое разделённый список литературы?' }).click();
  await expect(page.getByText(/только при оформлении ссылок на источники сносками/)).toBeVisible();
  await expect(generationAnswer).toBeHidden();

  // The order form needs an account: a guest goes to /login first.
  await page.getByRole('link', { name: 'Создать новый проект' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
