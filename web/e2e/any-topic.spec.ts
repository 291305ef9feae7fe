/** The default installation writes on any topic (issue 21): on the stack as `npm start` runs it,
 * with no bibliographic database configured, a demo and a full paper ordered in the browser on a
 * topic the development collection does not have are delivered, with an attached .pdf and
 * without one. The form finds sources for the topic (the development stand-in's invented works),
 * lets the order be paid, and the papers list them marked as invented. */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readDocx, sandboxPay, sourcePdf } from './support/orders';
import { signedInUser } from './support/users';

const CITATION = 'Смирнов С. С. Надёжность веб-сервисов. — М.: Наука, 2023. — 180 с.';
const INVENTED_NOTE = 'Вымышленная запись режима разработки: такой публикации не существует';

test.describe.configure({ mode: 'parallel' });

/** Fills the order form, checks the estimate lets it be paid, pays in the sandbox; returns when the
 * payment page sent the browser back. */
async function order(page: Page, topic: string, type: 'demo' | 'full', withPdf: boolean) {
  await page.goto('/demo');
  await page.getByLabel('Тема работы').fill(topic);
  if (type === 'full') await page.getByRole('radiogroup', { name: 'Тип работы' }).getByText('Полная работа').click();
  if (withPdf) {
    await page.getByTestId('file-input').setInputFiles({ name: 'istochnik.pdf', mimeType: 'application/pdf', buffer: await sourcePdf() });
    await page.getByLabel('ГОСТ ссылка на источник 1').fill(CITATION);
  }
  // Sources for any topic: enough for the paper, so nothing to change and «Оплатить» enabled.
  const estimate = page.getByRole('status', { name: 'Источники по теме' });
  await expect(estimate).toContainText(/Найдено [1-9]\d* источник/, { timeout: 30_000 });
  const found = Number(/Найдено (\d+)/.exec((await estimate.textContent()) ?? '')![1]);
  expect(found).toBeGreaterThanOrEqual(type === 'full' ? 30 : 8);
  await expect(estimate).not.toContainText('Недостаточно источников');
  const pay = page.getByRole('button', { name: /^Оплатить/ });
  await expect(pay).toBeEnabled();
  await pay.click();
  await sandboxPay(page, /^Оплатить/);
  await expect(page.getByTestId('generation-stage')).toBeVisible();
}

/** The preview's list of sources: every found work marked as invented; the user's file as theirs. */
async function expectInventedSources(page: Page, withPdf: boolean) {
  const toggle = page.getByRole('button', { name: /^Список источников \(\d+\)$/ });
  await toggle.click();
  const items = page.getByRole('list', { name: 'Источники работы' }).getByRole('listitem');
  const count = await items.count();
  expect(count).toBeGreaterThan(withPdf ? 1 : 0);
  await expect(items.getByText('Вымышленная запись (режим разработки)')).toHaveCount(count - (withPdf ? 1 : 0));
  if (withPdf) await expect(items.getByText('Ваш файл')).toHaveCount(1);
}

for (const { topic, withPdf } of [
  { topic: 'Развитие электронной коммерции в малых городах России', withPdf: true },
  { topic: 'Устойчивость сервиса к сбоям', withPdf: false },
]) {
  test(`a demo and a full paper on a topic outside the development collection, ${withPdf ? 'with an attached .pdf' : 'without a file'}`, async ({
    page,
  }) => {
    test.setTimeout(420_000);
    await signedInUser(page.request, 'any');

    // The demo: written, previewed, its sources listed as invented.
    await order(page, topic, 'demo', withPdf);
    await expect(page).toHaveURL(/\/preview\/\d+$/, { timeout: 120_000 });
    await expect(page.getByRole('heading', { name: topic, level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('pdf-page').first().locator('canvas')).toBeVisible({ timeout: 30_000 });
    await expectInventedSources(page, withPdf);

    // The full paper: written to its 80 pages, then downloaded from the cabinet.
    await order(page, topic, 'full', withPdf);
    const paid = Date.now();
    await expect(page).toHaveURL(/\/home\?from_generation=true$/, { timeout: 300_000 });
    const seconds = Math.round((Date.now() - paid) / 1000);
    test.info().annotations.push({ type: 'full paper', description: `written in ${seconds} s after payment` });
    console.log(`full paper on «${topic}»: ${seconds} s from payment to the cabinet`);
    await page.getByRole('dialog', { name: 'Спасибо за покупку!' }).getByRole('button', { name: 'Не сейчас' }).click();
    await page.getByRole('tab', { name: 'Полные работы' }).click();
    const card = page.getByTestId('paper-card').filter({ hasText: topic });
    await expect(card).toHaveCount(1);
    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Скачать' }).click();
    const docx = await readDocx(readFileSync(await (await downloading).path()));
    expect(docx.title).toBe(topic);
    expect(docx.text).toContain('СПИСОК ИСПОЛЬЗОВАННЫХ ИСТОЧНИКОВ');
    expect(docx.text.split(INVENTED_NOTE).length - 1).toBeGreaterThanOrEqual(30);
    // The AI appendix says so too.
    expect(docx.text).toMatch(/списка — вымышленные записи \(отмечены в списке\)/);
    if (withPdf) expect(docx.text).toContain('Надёжность веб-сервисов');
  });
}
