/** The site on a phone, a tablet and a laptop (issue 16): binding Telegram on an installation
 * without a bot says why it cannot be done; at the end of the preview the footer's links take a
 * real tap while the purchase panel stays in reach. (Every screen at 375, 768 and 1280 px is
 * checked for anything covered, cut off or out of reach by screens.spec.ts and screens-user.spec.ts.) */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startBotlessServer, type BotlessServer } from './support/botless-server';
import { screenshot } from './support/check';
import { isTappable, scrollToEnd } from './support/reachability';
import { SIZES } from './support/screens';
import { seedDemo, signedInUser } from './support/users';

/** No such paper (the preview of somebody else's paper looks the same). */
const MISSING_PAPER = '/preview/2147480000';
const FOOTER_LINKS = ['Пользовательское соглашение', 'Политика конфиденциальности', 'support@example.ru'];

test.describe('Telegram on an installation without a bot', () => {
  let botless: BotlessServer;
  test.beforeAll(async () => {
    botless = await startBotlessServer();
  });
  test.afterAll(async () => {
    await botless?.stop();
  });

  test('«Привязать Telegram» says on screen why binding is not available, in the cabinet and in the side menu', async ({ page }) => {
    // Signed in on the stack; the session cookie (localhost, any port) holds on the bot-less server.
    await signedInUser(page.request, 'nobot');
    await page.goto(`${botless.url}/home`);
    await expect(page.getByText('Telegram: не привязан')).toBeVisible();
    await page.getByRole('button', { name: 'Привязать Telegram' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Привязка Telegram недоступна' });
    await expect(dialog).toContainText('бот сервиса не подключён');
    expect(page.url()).toBe(`${botless.url}/home`);
    await dialog.getByRole('button', { name: 'Закрыть' }).first().click();
    await expect(dialog).toBeHidden();

    await page.setViewportSize(SIZES[0]);
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await page.getByRole('dialog', { name: 'Меню' }).getByRole('button', { name: 'Привязать Telegram' }).click();
    await expect(dialog).toContainText('бот сервиса не подключён');
    await expect(page.getByText('Telegram: не привязан')).toBeAttached();
    // A configured-off feature is no fault: the server logged no error for it.
    expect(botless.output()).not.toContain('"level":50');
  });
});

/** Scrolls to the end of the page and taps every footer link there (a covered link fails). */
async function tapFooterLinks(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  const open = async () => {
    await page.goto(path);
    await ready(page);
    await scrollToEnd(page);
  };
  await open();
  const footer = page.getByRole('contentinfo');
  for (const name of FOOTER_LINKS) {
    const link = footer.getByRole('link', { name });
    // Where the end of the page leaves it, before the tap could scroll it anywhere else.
    await expect.poll(() => isTappable(link), { message: `«${name}» at the end of ${path}`, timeout: 3000 }).toBe(true);
    if (name.includes('@')) {
      // A mail link leaves for the mail app: note the tap instead of following it.
      await page.evaluate(() =>
        document.addEventListener(
          'click',
          (e) => {
            const a = (e.target as Element).closest('a[href^="mailto:"]');
            if (!a) return;
            e.preventDefault();
            document.body.dataset.mailto = a.getAttribute('href')!;
          },
          { capture: true, once: true },
        ),
      );
      await link.click({ timeout: 3000 });
      await expect(page.locator('body')).toHaveAttribute('data-mailto', 'mailto:support@example.ru');
    } else {
      await link.click({ timeout: 3000 });
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
      await open();
    }
  }
}

for (const size of SIZES) {
  test(`preview at ${size.width} px: at the end of the page every footer link takes a tap and the purchase panel stays in reach`, async ({
    page,
  }) => {
    const user = await signedInUser(page.request, 'foot');
    const id = await seedDemo(user.username, 12);
    await page.setViewportSize(size);
    const rendered = async (p: Page) => {
      await expect(p.getByTestId('locked-page')).toContainText('Для получения полного доступа');
      await expect(p.getByTestId('pdf-page').last().locator('canvas')).toBeVisible({ timeout: 30_000 });
    };
    await tapFooterLinks(page, `/preview/${id}`, rendered);

    // The panel is still in reach at the end of the page: its copy's pay button takes a tap.
    await scrollToEnd(page);
    const pay = page.getByTestId('sticky-purchase').getByRole('button', { name: /^Оплатить/ });
    await expect.poll(() => isTappable(pay), { message: 'the pay button of the sticky copy', timeout: 3000 }).toBe(true);
    await screenshot(page, 'preview-end', false);
    // And the locked page's link takes the user up to the panel itself.
    await page.getByTestId('locked-page').getByText('приобрести файл').click();
    await expect.poll(() => isTappable(page.getByTestId('purchase-panel').getByRole('button', { name: /^Оплатить/ }))).toBe(true);

    await tapFooterLinks(page, MISSING_PAPER, async (p) => {
      await expect(p.getByRole('heading', { name: 'Название дипломной работы' })).toBeVisible();
    });
  });
}
