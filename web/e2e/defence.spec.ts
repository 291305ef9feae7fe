/** «Подготовка к защите» of a bought full paper: bought in the sandbox from the cabinet, its making
 * watched, its slides shown in the PDF viewer, its three files downloaded; a stranger gets none. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import JSZip from 'jszip';
import { expect, test } from './fixtures';
import { expectAccessible, screenshotBoth } from './support/check';
import { signedInUser } from './support/users';

const root = resolve(import.meta.dirname, '../..');
const TITLE = 'Цифровая трансформация управления малым бизнесом в регионах России';

/** A paid full paper of the user, made of a committed sample (`seed.ts full-paper`); its id. */
function paidFullPaper(username: string): number {
  const env = { ...process.env, ...JSON.parse(process.env.E2E_SERVER_ENV!) };
  const r = spawnSync(process.execPath, ['api/src/cli/seed.ts', 'full-paper', username, 'paper/samples/sme-regions-full.docx'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`seeding the paper failed: ${r.stderr}`);
  return Number(/paper (\d+)/.exec(r.stdout)![1]);
}

test('buy the defence kit, watch it being made, see the slides, download the three files; a stranger gets none', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const user = await signedInUser(page.request, 'kit');
  const paperId = paidFullPaper(user.username);

  // From the cabinet's full paper.
  await page.goto('/home');
  await page.getByRole('tab', { name: 'Полные работы' }).click();
  const card = page.getByTestId('paper-card').filter({ hasText: TITLE });
  await card.getByRole('link', { name: 'Подготовка к защите' }).click();
  await expect(page).toHaveURL(`/defence/${paperId}`);
  await expect(page.getByRole('heading', { name: 'Подготовка к защите', level: 1 })).toBeVisible();
  await expect(page.getByText('15–20 вопросов комиссии с краткими ответами')).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, 'defence-offer');

  // Paid in the sandbox; back on the kit's page, its making is followed.
  await page.getByRole('button', { name: /^Купить за 490\s₽$/ }).click();
  await expect(page).toHaveTitle('Тестовая оплата');
  await page.getByRole('button', { name: /490/ }).click();
  await expect(page).toHaveURL(new RegExp(`/defence/${paperId}\\?task_id=[0-9a-f-]{36}$`));
  const stages = new Set<string>();
  const stage = page.getByTestId('defence-stage');
  const ready = page.getByTestId('defence-ready');
  await expect(async () => {
    if (await stage.isVisible()) stages.add((await stage.textContent()) ?? '');
    await expect(ready).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 240_000, intervals: [250] });
  expect([...stages].filter(Boolean).length, [...stages].join(' / ')).toBeGreaterThan(0);
  await expect(ready).toContainText(/Комплект готов: 1\d слайдов, доклад на \d+ слов, \d+ вопросов комиссии/);

  // The slides in the PDF viewer, one page a slide.
  await expect(page.getByRole('heading', { name: 'Слайды' })).toBeVisible();
  await expect(page.getByTestId('pdf-page').first().locator('canvas')).toBeVisible({ timeout: 30_000 });
  expect(await page.getByTestId('pdf-page').count()).toBeGreaterThanOrEqual(10);
  await expectAccessible(page);
  await screenshotBoth(page, 'defence-ready');

  // The three files, named after the paper.
  const files: [string, string, string][] = [
    ['Скачать презентацию', `Презентация — ${TITLE}.pptx`, 'ppt/presentation.xml'],
    ['Скачать доклад', `Доклад — ${TITLE}.docx`, 'word/document.xml'],
    ['Скачать вопросы и ответы', `Вопросы комиссии — ${TITLE}.docx`, 'word/document.xml'],
  ];
  for (const [button, name, part] of files) {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: button }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(name);
    const zip = await JSZip.loadAsync(readFileSync((await download.path())!));
    expect(zip.file(part), `${name}: ${part}`).not.toBeNull();
  }
  const speech = await (await page.request.get(`/api/v1/papers/${paperId}/defence/speech.docx`)).body();
  expect(await (await JSZip.loadAsync(speech)).file('word/document.xml')!.async('string')).toContain('Доклад к защите');

  // A stranger: neither the state, nor a file, nor the page.
  const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const stranger = await other.newPage();
  await signedInUser(stranger.request, 'str');
  expect((await stranger.request.get(`/api/v1/papers/${paperId}/defence/`)).status()).toBe(404);
  for (const file of ['slides.pptx', 'speech.docx', 'questions.docx', 'preview.pdf'])
    expect((await stranger.request.get(`/api/v1/papers/${paperId}/defence/${file}`)).status()).toBe(404);
  await stranger.goto(`/defence/${paperId}`);
  await expect(stranger.getByText('Работа не найдена')).toBeVisible();
  await other.close();
});
