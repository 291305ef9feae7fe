/** «Отчёт об источниках» as the eye sees it, at 375, 768 and 1280 px against committed baselines
 * (support/screens.ts: layout and axe checked too): the preview with its report and the links for a
 * supervisor, a citation's panel open, a link just created, a supervisor's page and the page of a
 * link that does not open.
 *
 * The preview is a seeded demo whose PDF is e2e/support/evidence/brackets.pdf (pages 7–9 of a demo
 * the offline writer made from the development sources) and its report brackets.json; the report,
 * the links and the link's page are answered by the test, so that the baselines follow this page's
 * look, not the engine's text or the calendar. What the real stack does with all of it:
 * evidence.spec.ts. Update the baselines after a deliberate change:
 * `npm run e2e -w web -- screens-evidence.spec.ts --update-snapshots`. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Cookie, Page } from '@playwright/test';
import type { EvidenceReport, ShareLink } from '@app/contract';
import { expect, test as base } from './fixtures';
import { PASSWORD } from './support/constants';
import { checkScreen, checkView, SIZES } from './support/screens';
import { seed, signedInFixedUser, type TestUser } from './support/users';

const USER: TestUser = { username: 'olga_petrova', email: 'olga.petrova@example.ru', password: PASSWORD };
const FIXTURE = resolve(import.meta.dirname, 'support/evidence');
const PDF_FILE = `${FIXTURE}/brackets.pdf`;
const REPORT: EvidenceReport = JSON.parse(readFileSync(`${FIXTURE}/brackets.json`, 'utf8'));
const TOKEN = 'eXvJ2cQm7TzR0aLk9pWd4sHy1bNf6gUo3iEr8tYq5wA';
/** The address the API gives a new link (its own PUBLIC_URL; a fixed one here: the port changes from run to run). */
const LINK = `https://academic.example.ru/s/${TOKEN}`;

interface Account {
  cookies: Cookie[];
  demoId: number;
}

const test = base.extend<{ signedIn: void }, { account: Account }>({
  account: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
      await signedInFixedUser(request, USER);
      const demos = ((await (await request.get('/api/v1/papers/?paper_type=demo')).json()) as { papers: { id: number }[] }).papers;
      const demoId = demos[0]?.id ?? Number(/paper (\d+)/.exec(seed('demo-paper', USER.username, PDF_FILE))![1]);
      const { cookies } = await request.storageState();
      await request.dispose();
      await use({ cookies, demoId });
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

/** The report of the demo and its links (create, list, revoke), as the API answers them. */
async function answerEvidence(page: Page, demoId: number): Promise<void> {
  const links: ShareLink[] = [];
  await page.route(`**/api/v1/papers/${demoId}/evidence/`, (route) => route.fulfill({ json: REPORT }));
  await page.route(`**/api/v1/papers/${demoId}/links/**`, async (route) => {
    const request = route.request();
    const revoked = /\/links\/(\d+)\/$/.exec(new URL(request.url()).pathname);
    if (request.method() === 'DELETE' && revoked) {
      links.find((l) => l.id === Number(revoked[1]))!.revoked_at = '2026-11-21T09:00:00.000Z';
      return route.fulfill({ json: { ok: true } });
    }
    if (request.method() === 'POST') {
      const link: ShareLink = {
        id: links.length + 1,
        version: null,
        created_at: '2026-11-20T10:00:00.000Z',
        expires_at: '2099-12-20T10:00:00.000Z',
        revoked_at: null,
        openings: 0,
        last_opened_at: null,
      };
      links.unshift(link);
      return route.fulfill({ status: 201, json: { ...link, url: LINK } });
    }
    return route.fulfill({ json: { links } });
  });
}

/** A supervisor's link to the demo, as the API answers a guest. */
async function answerSharedPaper(page: Page): Promise<void> {
  await page.route(`**/api/v1/shared/${TOKEN}/`, (route) =>
    route.fulfill({
      json: {
        title: REPORT.title,
        kind: 'demo',
        version: null,
        author: 'Петрова Ольга Николаевна',
        page_count: 3,
        expires_at: '2099-12-20T10:00:00.000Z',
        report: REPORT,
      },
    }),
  );
  await page.route(`**/api/v1/shared/${TOKEN}/paper.pdf`, (route) =>
    route.fulfill({ body: readFileSync(PDF_FILE), contentType: 'application/pdf' }),
  );
}

/** Every page of the PDF drawn with its citations. */
const citationsReady = async (p: Page) => {
  await expect(p.getByTestId('pdf-page').last().locator('canvas')).toBeVisible({ timeout: 30_000 });
  await expect(p.getByTestId('citation')).toHaveCount(REPORT.entries.length, { timeout: 30_000 });
};

test('the preview with «Отчёт об источниках» and the links for a supervisor', async ({ page, account }) => {
  test.setTimeout(120_000);
  await checkScreen(page, {
    name: 'evidence-preview',
    path: `/preview/${account.demoId}`,
    before: (p) => answerEvidence(p, account.demoId),
    ready: (p) => p.getByRole('heading', { name: 'Ссылка для научного руководителя' }),
    settle: async (p) => {
      await citationsReady(p);
      await expect(p.getByRole('status', { name: 'Источники по теме' }).first()).toBeVisible({ timeout: 30_000 });
      await expect(p.getByText('Ссылок пока нет.')).toBeVisible();
    },
  });
});

test('a citation’s panel: a side panel, a bottom sheet on a phone', async ({ page, account }) => {
  test.setTimeout(120_000);
  await answerEvidence(page, account.demoId);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`/preview/${account.demoId}`);
    await citationsReady(page);
    await expect(page.getByRole('status', { name: 'Источники по теме' }).first()).toBeVisible({ timeout: 30_000 });
    // Opened where the page's top is in view: the page behind the panel is the same in every run.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('[data-testid="citation"][data-entry="12"]').dispatchEvent('click');
    const panel = page.getByRole('dialog', { name: 'Ссылка [2, с.\u00a047]' });
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('evidence-verdict')).toContainText('Ключевые термины: 15 из 15');
    await checkView(page, 'evidence-panel');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  }
});

test('a link just created, its address shown once', async ({ page, account }) => {
  test.setTimeout(120_000);
  await answerEvidence(page, account.demoId);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`/preview/${account.demoId}`);
    const section = page.getByRole('region', { name: 'Ссылка для научного руководителя' });
    await section.getByRole('button', { name: 'Создать ссылку' }).click();
    await expect(section.getByLabel('Адрес ссылки')).toHaveValue(LINK);
    await expect(section.getByTestId('share-link').first()).toContainText('Действует');
    await expect(page.getByRole('status', { name: 'Источники по теме' }).first()).toBeVisible({ timeout: 30_000 });
    await citationsReady(page);
    // The whole page: a section lower down would have the sticky purchase panel over it.
    await checkView(page, 'evidence-links', { fullPage: true });
  }
});

test('a supervisor’s page', async ({ page }) => {
  test.setTimeout(120_000);
  await checkScreen(page, {
    name: 'shared-paper',
    path: `/s/${TOKEN}`,
    before: answerSharedPaper,
    ready: (p) => p.getByRole('heading', { name: REPORT.title, level: 1 }),
    settle: citationsReady,
  });
});

test('a link that does not open', async ({ page }) => {
  test.setTimeout(120_000);
  await checkScreen(page, {
    name: 'shared-invalid',
    path: '/s/no-such-link-0000000000000000000000000000000000',
    ready: (p) => p.getByRole('heading', { name: 'Ссылка недействительна или отозвана', level: 1 }),
  });
});
