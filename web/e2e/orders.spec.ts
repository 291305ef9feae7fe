/** The paying user's journey on the real stack (sandbox payments, the offline writer, LibreOffice
 * previews): order a demo with a promo code and a PDF source, pay, watch it being written, preview
 * it, buy the full version, download the .docx, leave a review. And the unpaid order: the pending
 * purchase dialog (406), the cabinet's status modal with its countdown, cancelling. */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, screenshot, screenshotBoth } from './support/check';
import { codeFromMail } from './support/mail';
import { createPromo, expectProgressMoved, readDocx, recordedProgress, recordProgress, sandboxPay, sourcePdf } from './support/orders';
import { signedInUser, uniqueUser } from './support/users';

const TOPIC = 'Цифровая трансформация малого бизнеса в России';
const CITATION = 'Иванов И. И. Малый бизнес в цифровой экономике. — М.: Наука, 2022. — 215 с.';

async function register(page: Page) {
  const user = uniqueUser('pay');
  await page.goto('/register');
  await page.getByLabel('Логин').fill(user.username);
  await page.getByLabel('Пароль', { exact: true }).fill(user.password);
  await page.getByLabel('Подтвердите пароль').fill(user.password);
  await page.getByLabel('Email').fill(user.email);
  await page.getByText('Я принимаю').click({ position: { x: 4, y: 4 } });
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await page.getByLabel('Код из письма').fill(await codeFromMail(user.email, 0));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Логин или email').fill(user.username);
  await page.getByLabel('Пароль', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('link', { name: 'Личный кабинет' })).toBeVisible();
  return user;
}

test('the whole journey: demo with a promo code and a source, preview, full version, .docx, review', async ({ page }) => {
  test.setTimeout(300_000);
  const promo = `E2E${Date.now().toString(36).slice(-6).toUpperCase()}`;
  createPromo(promo, 20);
  const user = await register(page);

  // The order form, from the landing page.
  await page.goto('/');
  await page.getByRole('link', { name: 'Создать новый проект' }).first().click();
  await expect(page).toHaveURL(/\/demo$/);
  await expect(page.getByRole('heading', { name: 'Генерация работы', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Оплатить 30\s₽$/ })).toBeVisible();

  await page.getByLabel('Тема работы').fill(TOPIC);
  await page.getByText('Оформление ссылок на источники сносками').click();
  await page.getByTestId('file-input').setInputFiles({ name: 'istochnik.pdf', mimeType: 'application/pdf', buffer: await sourcePdf() });
  await page.getByLabel('ГОСТ ссылка на источник 1').fill(CITATION);
  await page.getByLabel('Промокод').fill(promo);
  await expect(page.getByText('Промокод применён: скидка 20%')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Оплатить 24\s₽$/ })).toBeVisible();
  await expect(page.getByTestId('price')).toContainText('30');
  await expectAccessible(page);
  await screenshotBoth(page, 'demo-filled', true);

  await page.getByRole('button', { name: /^Оплатить 24\s₽$/ }).click();
  await recordProgress(page);
  await sandboxPay(page, /^Оплатить 24/);

  // The payment is confirmed, then the demo is written: stages and the bar move, then its preview.
  await expect(page.getByTestId('generation-stage')).toBeVisible();
  await expect(page).toHaveURL(/\/preview\/\d+$/, { timeout: 120_000 });
  const demoPreview = new URL(page.url()).pathname;
  expectProgressMoved(await recordedProgress(page));

  // The preview: title, annotation, contents, the PDF pages and the locked page.
  await expect(page.getByRole('heading', { name: TOPIC, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Аннотация' })).toBeVisible();
  const contents = page.getByTestId('contents');
  await expect(contents).toContainText('Введение');
  await expect(contents).toContainText(/Глава 1\. \S/);
  await expect(contents).toContainText(/1\.1 \S/);
  await expect(contents).toContainText('Заключение');
  await expect(contents).toContainText('Список использованных источников и литературы');
  const pages = page.getByTestId('pdf-page');
  await expect(pages.first().locator('canvas')).toBeVisible({ timeout: 30_000 });
  const pageCount = await pages.count();
  expect(pageCount).toBeGreaterThanOrEqual(10);
  expect(pageCount).toBeLessThanOrEqual(15);
  const locked = page.getByTestId('locked-page');
  await expect(locked).toContainText('Для получения полного доступа необходимо приобрести файл');
  const buy = page.locator('#buy-section');
  await expect(buy.getByRole('heading', { name: 'Получение полного доступа' })).toBeVisible();
  await expect(buy).toContainText('Обычный');
  await expect(buy.getByRole('button', { name: /^Оплатить 1\s990\s₽$/ })).toBeVisible();
  // Every page is as wide as the preview column minus 6 px.
  const column = await pages.first().evaluate((el) => el.parentElement!.getBoundingClientRect().width);
  const canvasWidth = await pages
    .first()
    .locator('canvas')
    .evaluate((el) => el.getBoundingClientRect().width);
  expect(Math.abs(canvasWidth - (column - 6))).toBeLessThanOrEqual(1);
  await expectAccessible(page);
  await screenshotBoth(page, 'preview-top');
  await pages.nth(1).scrollIntoViewIfNeeded();
  await screenshotBoth(page, 'preview-pages');

  // Down at the locked page: the sticky copy of the panel (as wide as the panel) and the
  // scroll-to-top button; the link takes the user up to the buy section.
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await locked.scrollIntoViewIfNeeded();
    await expect(locked.locator('canvas, svg').first()).toBeVisible();
    const sticky = page.getByTestId('sticky-purchase');
    await expect(sticky).toBeVisible();
    const panelWidth = (await page.getByTestId('purchase-panel').boundingBox())!.width;
    const stickyWidth = (await sticky.boundingBox())!.width;
    expect(Math.abs(stickyWidth - panelWidth)).toBeLessThanOrEqual(1);
    await expect(page.getByRole('button', { name: 'Прокрутить наверх' })).toBeVisible();
    await screenshot(page, 'preview-locked-page', false);
  }
  await page.getByRole('button', { name: 'Прокрутить наверх' }).click();
  await page.waitForFunction(() => window.scrollY === 0);
  await expect(page.getByRole('button', { name: 'Прокрутить наверх' })).toBeHidden();
  await expect(page.getByTestId('sticky-purchase')).toBeHidden();
  // On a narrow screen the buy section sits above the pages: the locked page's link goes back up to
  // its pay button (the section, with the sources found, is taller than the screen).
  await page.setViewportSize({ width: 375, height: 900 });
  await locked.scrollIntoViewIfNeeded();
  await locked.getByRole('link', { name: 'приобрести файл' }).click();
  await expect(page.getByTestId('purchase-panel').getByRole('button', { name: /^Оплатить/ })).toBeInViewport();
  await page.setViewportSize({ width: 1440, height: 900 });
  // The section folds and unfolds from its header.
  await buy.getByRole('button', { name: 'Получение полного доступа' }).click();
  await expect(buy.getByRole('button', { name: /^Оплатить/ })).toBeHidden();
  await buy.getByRole('button', { name: 'Получение полного доступа' }).click();

  // Buy the full version from the preview.
  await buy.getByRole('button', { name: /^Оплатить 1\s990\s₽$/ }).click();
  await sandboxPay(page, /^Оплатить 1\s?990/);
  await expect(page.getByTestId('generation-stage')).toBeVisible();
  await expect(page).toHaveURL(/\/home\?from_generation=true$/, { timeout: 120_000 });
  expectProgressMoved(await recordedProgress(page));

  // Thanks and a review.
  const thanks = page.getByRole('dialog', { name: 'Спасибо за покупку!' });
  await expect(thanks).toBeVisible();
  // Behind the modal (hidden from the accessibility tree while it is open), the full tab is selected.
  await expect(page.getByRole('tab', { name: 'Полные работы', includeHidden: true })).toHaveAttribute('aria-selected', 'true');
  await thanks.getByRole('button', { name: 'Оставить отзыв' }).click();
  await expect(page).toHaveURL(/\/reviews\?tab=my_reviews$/);
  const form = page.getByRole('dialog', { name: 'Новый отзыв' });
  const comment = `Демо за минуту, полная версия с оформлением по ГОСТ (${user.username})`;
  await form.getByLabel('Комментарий').fill(comment);
  await form.getByRole('button', { name: 'Отправить' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('review-card')).toContainText(comment);

  // The full paper in the cabinet: 'Скачать' gives a .docx named and titled after the topic.
  await page.getByRole('link', { name: 'Личный кабинет' }).click();
  await page.getByRole('tab', { name: 'Полные работы' }).click();
  const card = page.getByTestId('paper-card').filter({ hasText: TOPIC });
  await expect(card).toHaveCount(1);
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotBoth(page, 'home-papers', true);
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Скачать' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${TOPIC}.docx`);
  const docx = await readDocx(readFileSync(await download.path()));
  expect(docx.title).toBe(TOPIC);
  expect(docx.text).toContain(TOPIC);

  // The demo tab: the demo is still there, and since its full version is bought it is not sold
  // again: its card downloads the full version, and its preview offers that download.
  await page.getByRole('tab', { name: 'Демо работы' }).click();
  const demoCard = page.getByRole('tabpanel', { name: 'Демо работы' }).getByTestId('paper-card').filter({ hasText: TOPIC });
  await expect(demoCard.getByRole('button', { name: 'Скачать' })).toBeVisible();
  await expect(demoCard.getByRole('button', { name: 'Купить' })).toHaveCount(0);
  await page.goto(demoPreview);
  const bought = page.getByTestId('full-version-bought');
  await expect(bought).toContainText('Полная версия этой работы уже куплена');
  await expect(bought.getByRole('button', { name: 'Скачать' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Оплатить/ })).toHaveCount(0);
});

test('an unpaid order: the pending purchase dialog, the status modal with its countdown, cancelling', async ({ page }) => {
  test.setTimeout(120_000);
  await signedInUser(page.request, 'pnd');
  await page.goto('/demo');
  await expect(page.getByRole('heading', { name: 'Генерация работы', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, 'demo', true);

  // Form rules in the browser: validation, the two file dialogs, the table of contents dialog.
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page.getByText('Тема диплома обязательна для заполнения')).toBeVisible();
  await page.getByTestId('file-input').setInputFiles([{ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('png') }]);
  const unsupported = page.getByRole('alertdialog', { name: 'Неподдерживаемый формат файла' });
  await expect(unsupported).toContainText('photo.png');
  await screenshotBoth(page, 'demo-unsupported-file-dialog');
  await unsupported.getByRole('button', { name: 'Понятно' }).click();
  const six = Array.from({ length: 6 }, (_, i) => ({
    name: `source-${i + 1}.txt`,
    mimeType: 'text/plain',
    buffer: Buffer.from('Текст источника'),
  }));
  await page.getByTestId('file-input').setInputFiles(six);
  const tooMany = page.getByRole('alertdialog', { name: 'Превышен лимит файлов' });
  await expect(tooMany).toContainText('Можно загрузить максимум 5 файлов');
  await screenshotBoth(page, 'demo-too-many-files-dialog');
  await tooMany.getByRole('button', { name: 'Понятно' }).click();
  await page.getByText('Своё оглавление').click();
  const toc = page.getByRole('dialog', { name: 'Своё оглавление' });
  await toc.getByRole('button', { name: 'Добавить подраздел 1.4' }).click();
  await toc.getByRole('button', { name: 'Сохранить' }).click();
  await expect(toc.getByText('Название главы обязательно').first()).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, 'demo-contents-dialog');
  await toc.getByRole('button', { name: 'Закрыть' }).click();
  await expect(page.getByRole('checkbox', { name: 'Своё оглавление' })).not.toBeChecked();

  // An order left unpaid on the payment page.
  await page.getByLabel('Тема работы').fill('Правовое регулирование электронной коммерции');
  await page.getByRole('button', { name: /^Оплатить 30\s₽$/ }).click();
  await expect(page).toHaveTitle('Тестовая оплата');
  const status = await page.request.get('/api/v1/users/has_active_generation/');
  expect(status.status()).toBe(202);
  const taskId = ((await status.json()) as { data: { task_id: string } }).data.task_id;

  await page.goto(`/payment/waiting?task_id=${taskId}`);
  await expect(page.getByText('Подождите, идёт подтверждение платежа')).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, 'payment-waiting');

  // A second order: 406, the pending purchase dialog.
  await page.goto('/demo');
  await page.getByLabel('Тема работы').fill('Ещё одна тема для новой работы');
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  let pending = page.getByRole('dialog', { name: 'Незавершенная покупка' });
  await expect(pending).toContainText('Правовое регулирование электронной коммерции');
  await expect(pending.getByTestId('pending-countdown')).toHaveText(/^(29|30):\d\d$/);
  await expectAccessible(page);
  await screenshotBoth(page, 'pending-payment-dialog');
  await pending.getByRole('button', { name: 'Отслеживать генерацию' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/waiting\\?task_id=${taskId}$`));

  // The cabinet's status modal: the same order, counting down; cancel it.
  await page.goto('/home');
  await page.getByRole('button', { name: 'Отслеживать процесс генерации' }).click();
  pending = page.getByRole('dialog', { name: 'Незавершенная покупка' });
  const countdown = pending.getByTestId('pending-countdown');
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first!);
  await pending.getByRole('button', { name: 'Отменить платёж' }).click();
  await expect(pending.getByText('Платеж успешно отменен')).toBeVisible();
  await expect(pending).toBeHidden();

  await page.getByRole('button', { name: 'Отслеживать процесс генерации' }).click();
  const none = page.getByRole('dialog', { name: 'Нет активных работ' });
  await expect(none).toBeVisible();
  await screenshotBoth(page, 'generation-status-none-dialog');
  await none.getByRole('button', { name: 'Закрыть' }).click();
  await expect(page.getByText('Здесь могла бы быть ваша работа')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotBoth(page, 'home-empty', true);

  await page.goto(`/payment/waiting?task_id=${taskId}`);
  await expect(page.getByText('Платёж отменён')).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, 'payment-canceled');
});

test('the progress screen and a failed generation, with the sockets played by the test', async ({ page }) => {
  // The real sockets are exercised by the journey; here their answers are fixed so that the
  // screens can be looked at and checked at both widths.
  await signedInUser(page.request, 'prg');
  let generation = { status: 'in_progress', stage: 'Пишем главу 2: анализ практики', progress: 46, error: null as string | null };
  await page.routeWebSocket(/\/api\/v1\/payment\/ws\//, (ws) => ws.send(JSON.stringify({ status: 'succeeded' })));
  await page.routeWebSocket(/\/api\/v1\/users\/ws\//, (ws) => ws.send(JSON.stringify({ ...generation, type: 'demo', paper_id: null })));
  const task = '00000000-0000-4000-8000-000000000000';

  await page.goto(`/payment/waiting?task_id=${task}`);
  await expect(page.getByTestId('generation-stage')).toHaveText('Пишем главу 2: анализ практики');
  await expect(page.getByRole('progressbar', { name: 'Ход генерации: 46%' })).toHaveAttribute('aria-valuenow', '46');
  await expectAccessible(page);
  await screenshotBoth(page, 'payment-progress');

  generation = { status: 'failed', stage: '', progress: 0, error: 'Не удалось создать работу. Мы уже разбираемся, деньги не потеряются.' };
  await page.reload();
  await expect(page.getByText('Не удалось создать работу. Мы уже разбираемся, деньги не потеряются.')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await expectAccessible(page);
  await screenshotBoth(page, 'payment-failed');
});
