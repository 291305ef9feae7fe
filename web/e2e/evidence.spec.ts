/** The proof in the student's hands, on the real stack (sandbox payments, the offline writer, the
 * development sources, LibreOffice): a demo ordered with the title page's name; on its preview a
 * citation of the PDF opens its entry of «Отчёт об источниках» (by mouse and by keyboard), the
 * report downloads as .docx and PDF; a link for the supervisor is created and opened in a fresh
 * browser with no cookies (the PDF, its citations and the report; nothing of the account), then
 * revoked, after which the same address, like any stranger's token, says the link does not open. */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Response } from '@playwright/test';
import type { EvidenceReport } from '@app/contract';
import { expect, recordCspViolations, test } from './fixtures';
import { expectAccessible, screenshot } from './support/check';
import { orderNewPaper, readDocx, sandboxPay } from './support/orders';
import { signedInUser } from './support/users';

const TOPIC = 'Цифровая трансформация малого бизнеса в России';
const STUDENT = 'Смирнова Анна Сергеевна';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** Spaces as a person reads them (the PDF and the panel use no-break ones). */
const plain = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A browser context like the tests' own: loopback only, and every CSP violation recorded. */
async function freshContext(browser: Browser): Promise<{ context: BrowserContext; violations: string[] }> {
  const context = await browser.newContext();
  await context.route(
    (url) => !['localhost', '127.0.0.1'].includes(url.hostname),
    (route) => route.abort('blockedbyclient'),
  );
  return { context, violations: await recordCspViolations(context) };
}

/** Clicks a download button: the file's response (its content type) and what the browser saved. */
async function download(page: Page, button: string, path: RegExp): Promise<{ response: Response; name: string; body: Buffer }> {
  const [response, file] = await Promise.all([
    page.waitForResponse((r) => path.test(new URL(r.url()).pathname)),
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  expect(response.status()).toBe(200);
  return { response, name: file.suggestedFilename(), body: readFileSync(await file.path()) };
}

/** A demo bought through the sandbox, written; its preview open. Returns its id. */
async function orderDemo(page: Page, options: Record<string, unknown>): Promise<number> {
  await orderNewPaper(page, TOPIC, 'demo', options);
  await sandboxPay(page, /^Оплатить 30/);
  await expect(page).toHaveURL(/\/preview\/\d+$/, { timeout: 120_000 });
  return Number(/\/preview\/(\d+)$/.exec(page.url())![1]);
}

/** The report the API gives the owner (a demo's: only its citations). */
async function reportOf(page: Page, paperId: number): Promise<EvidenceReport> {
  const response = await page.request.get(`/api/v1/papers/${paperId}/evidence/`);
  expect(response.status()).toBe(200);
  const report = (await response.json()) as EvidenceReport;
  expect(report.entries.length).toBeGreaterThan(0);
  return report;
}

test('a citation opens its entry of the report; the report downloads; a supervisor’s link opens, then is revoked', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const user = await signedInUser(page.request, 'proof');

  // A demo whose title page names the student, bought through the sandbox.
  const paperId = await orderDemo(page, { title_page: { student: STUDENT } });
  const report = await reportOf(page, paperId);

  // Every citation of the report is a button over the PDF, and nothing else is.
  const citations = page.getByTestId('citation');
  await expect(page.getByTestId('pdf-page').last().locator('canvas')).toBeVisible({ timeout: 30_000 });
  await expect(citations).toHaveCount(report.entries.length, { timeout: 30_000 });
  const shown = await citations.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-entry'))));
  // In the order of the text, as the report has them.
  expect(shown).toEqual(report.entries.map((e) => e.n));

  // A click on a citation: the panel with its entry.
  const citation = citations.nth(Math.min(1, shown.length - 1));
  const entry = report.entries.find((e) => e.n === shown[Math.min(1, shown.length - 1)])!;
  await citation.click();
  const panel = page.getByRole('dialog', { name: new RegExp(`^Ссылка \\[${entry.work}`) });
  await expect(panel).toBeVisible();
  expect(plain((await panel.textContent()) ?? '')).toContain(plain(entry.sentence));
  await expect(panel).toContainText(`${entry.work}. ${entry.title}`);
  await expect(panel.getByTestId('evidence-quote')).toContainText(entry.quote.slice(0, 40));
  await expect(panel.getByTestId('evidence-verdict')).toContainText(`Ключевые термины: ${entry.keyTerms.length} из ${entry.keyTermsTotal}`);
  await expect(panel.getByTestId('evidence-verdict')).toContainText(
    entry.readAs === 'full_text' ? 'Прочитан полный текст' : 'Прочитана аннотация',
  );
  if (entry.keyTerms.length) await expect(panel.getByTestId('evidence-quote').locator('mark').first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'evidence-panel', false);
  // Escape closes it; the focus is back on the citation.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(citation).toBeFocused();
  // From the keyboard: the citations are buttons in the tab order.
  await page.keyboard.press('Tab');
  await expect(citations.nth(Math.min(2, shown.length - 1))).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: /^Ссылка \[/ })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Закрыть' }).first().click();
  await expect(page.getByRole('dialog')).toBeHidden();

  // The report's files.
  const docx = await download(page, 'Скачать отчёт .docx', /\/evidence\.docx$/);
  expect(docx.response.headers()['content-type']).toContain(DOCX);
  expect(docx.name).toMatch(/^Отчёт об источниках — .+\.docx$/);
  expect((await readDocx(docx.body)).text).toContain(entry.title);
  const pdf = await download(page, 'Скачать отчёт PDF', /\/evidence\.pdf$/);
  expect(pdf.response.headers()['content-type']).toContain('application/pdf');
  expect(pdf.name).toMatch(/^Отчёт об источниках — .+\.pdf$/);
  expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');

  // A link for the supervisor: its address shown once.
  const links = page.getByRole('region', { name: 'Ссылка для научного руководителя' });
  await expect(links.getByText('Ссылок пока нет.')).toBeVisible();
  await links.getByRole('button', { name: 'Создать ссылку' }).click();
  const address = await links.getByLabel('Адрес ссылки').inputValue();
  expect(address).toMatch(new RegExp(`^${process.env.E2E_BASE_URL}/s/[A-Za-z0-9_-]{43}$`));
  await expect(links.getByTestId('created-link')).toContainText('Адрес показывается только один раз');
  await expect(links.getByTestId('share-link')).toHaveCount(1);
  await expect(links.getByTestId('share-link')).toContainText('ещё не открывали');

  // The supervisor, in a browser of their own: no cookies, no account.
  const guest = await freshContext(browser);
  const supervisor = await guest.context.newPage();
  const asked: string[] = [];
  supervisor.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await supervisor.goto(address);
  await expect(supervisor.getByRole('heading', { name: TOPIC, level: 1 })).toBeVisible();
  await expect(supervisor.getByTestId('shared-paper')).toContainText(`Автор: ${STUDENT}`);
  await expect(supervisor.getByTestId('shared-paper')).toContainText('Ссылка действует до');
  await expect(supervisor.getByTestId('pdf-page').first().locator('canvas')).toBeVisible({ timeout: 30_000 });
  await expect(
    supervisor.getByRole('region', { name: 'Отчёт об источниках' }).getByRole('button', { name: 'Скачать отчёт PDF' }),
  ).toBeVisible();
  const guestCitation = supervisor.getByTestId('citation').first();
  await expect(guestCitation).toBeVisible({ timeout: 30_000 });
  await guestCitation.click();
  await expect(supervisor.getByRole('dialog', { name: /^(Ссылка \[|Сноска )/ }).getByTestId('evidence-quote')).toBeVisible();
  await expectAccessible(supervisor);
  await supervisor.keyboard.press('Escape');
  await expect(supervisor.getByRole('dialog')).toBeHidden();
  await expectAccessible(supervisor);
  await screenshot(supervisor, 'shared-paper');
  const guestPdf = await download(supervisor, 'Скачать отчёт PDF', /\/evidence\.pdf$/);
  expect(guestPdf.response.headers()['content-type']).toContain('application/pdf');
  // Nothing of the account: no e-mail, no login, no session asked for, no account code loaded.
  const html = await supervisor.content();
  expect(html).not.toContain(user.email);
  expect(html).not.toContain(user.username);
  expect(asked).not.toContain('/api/v1/users/me/');
  expect(asked.filter((p) => /account|side-menu|home/.test(p))).toEqual([]);
  await expect(supervisor.getByRole('link', { name: 'Личный кабинет' })).toHaveCount(0);

  // The owner sees it was opened, and revokes it after confirming.
  await page.reload();
  const row = page.getByRole('region', { name: 'Ссылка для научного руководителя' }).getByTestId('share-link');
  await expect(row).toContainText('открывали 1 раз');
  await row.getByRole('button', { name: 'Отозвать' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Отозвать ссылку?' });
  await confirm.getByRole('button', { name: 'Отозвать' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Отозвана');
  await expect(row.getByRole('button', { name: 'Отозвать' })).toHaveCount(0);

  // The same address no longer opens; nor does a stranger's random token.
  await supervisor.reload();
  await expect(supervisor.getByRole('heading', { name: 'Ссылка недействительна или отозвана', level: 1 })).toBeVisible();
  await expect(supervisor.getByTestId('pdf-page')).toHaveCount(0);
  await expectAccessible(supervisor);
  const stranger = await guest.context.newPage();
  await stranger.goto(`${process.env.E2E_BASE_URL}/s/${randomBytes(32).toString('base64url')}`);
  await expect(stranger.getByRole('heading', { name: 'Ссылка недействительна или отозвана', level: 1 })).toBeVisible();
  await screenshot(stranger, 'shared-invalid');
  await guest.context.close();
  expect(guest.violations, 'Content Security Policy violations of the supervisor’s pages').toEqual([]);
});

test('footnotes: the raised number in the text and the footnote at the page’s foot both open its entry', async ({ page }) => {
  test.setTimeout(300_000);
  await signedInUser(page.request, 'notes');
  const paperId = await orderDemo(page, { use_footnotes: true });
  const report = await reportOf(page, paperId);
  expect(report.entries.every((e) => e.footnote !== null)).toBe(true);

  await expect(page.getByTestId('pdf-page').last().locator('canvas')).toBeVisible({ timeout: 30_000 });
  const marks = page.getByRole('button', { name: /^Сноска \d+: фрагмент источника$/ });
  const notes = page.getByRole('button', { name: /^Текст сноски \d+: фрагмент источника$/ });
  await expect(marks.first()).toBeVisible({ timeout: 30_000 });
  const numbers = async (buttons: typeof marks) =>
    buttons.evaluateAll((els) => els.map((e) => Number(/\d+/.exec(e.getAttribute('aria-label')!)![0])));
  // Every footnote of the report: its mark in the text and its text at the foot.
  const footnotes = report.entries.map((e) => e.footnote!);
  expect(new Set(await numbers(marks))).toEqual(new Set(footnotes));
  expect(new Set(await numbers(notes))).toEqual(new Set(footnotes));

  const last = report.entries[report.entries.length - 1];
  await page.getByRole('button', { name: `Текст сноски ${last.footnote}: фрагмент источника` }).click();
  const panel = page.getByRole('dialog', { name: `Сноска ${last.footnote}` });
  await expect(panel).toBeVisible();
  expect(plain((await panel.textContent()) ?? '')).toContain(plain(last.sentence));
  await expect(panel).toContainText(`Сноска ${last.footnote}: `);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});
