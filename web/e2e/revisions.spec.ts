/** Revisions until the defence on the real stack (sandbox payments, the offline writer, LibreOffice):
 * a bought full paper, «Доработать» in the cabinet, the supervisor's .docx with three Word comments
 * uploaded, the round's progress on the generation's screen, version 2 and its «Лист доработок»
 * and «Отчёт об источниках» downloaded, each remark's outcome shown; a stranger neither sees nor
 * revises the paper. */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { expectAccessible, screenshot } from './support/check';
import { orderNewPaper, readDocx, sandboxPay } from './support/orders';
import { withSupervisorComments } from './support/revisions';
import { createVerifiedUser, logIn, signedInUser } from './support/users';

const TOPIC = 'Цифровая трансформация малого бизнеса в регионах России';
const origin = () => ({ origin: process.env.E2E_BASE_URL! });

test("a bought paper revised by its supervisor's Word comments: v2 and its «Лист доработок»; a stranger sees nothing", async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  await signedInUser(page.request, 'rev');

  // A full paper, bought through the sandbox.
  await orderNewPaper(page, TOPIC, 'full');
  await sandboxPay(page, /^Оплатить 1\s?990/);
  await expect(page).toHaveURL(/\/home\?from_generation=true$/, { timeout: 240_000 });

  // «Доработать» on the paper's card in the cabinet.
  await page.goto('/home');
  await page.getByRole('tab', { name: 'Полные работы' }).click();
  const card = page.getByTestId('paper-card').filter({ hasText: TOPIC });
  await card.getByRole('link', { name: 'Доработать' }).click();
  await expect(page).toHaveURL(/\/papers\/\d+\/revisions$/);
  const paperId = Number(/\/papers\/(\d+)\//.exec(page.url())![1]);
  await expect(page.getByRole('heading', { name: 'Доработка работы', level: 1 })).toBeVisible();
  await expect(page.getByTestId('rounds-left')).toContainText('Бесплатных доработок осталось: 3 из 3');
  await expect(page.getByTestId('paper-version')).toHaveCount(1);
  await expectAccessible(page);

  // The supervisor's copy: the delivered .docx with three Word comments.
  const v1 = await page.request.get(`/api/v1/papers/${paperId}/versions/1/docx/`);
  expect(v1.status()).toBe(200);
  const supervisors = await withSupervisorComments(Buffer.from(await v1.body()), [
    { under: '2.1', text: 'Раскройте подробнее' },
    { under: '3.2', text: 'Приведите пример' },
    { under: '1.3', text: 'Добавьте результаты анкетирования сотрудников' },
  ]);
  await page.getByTestId('remarks-docx').setInputFiles({
    name: 'работа с замечаниями.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: supervisors,
  });
  await expect(page.getByTestId('remarks-docx-name')).toHaveText('работа с замечаниями.docx');
  await page.getByRole('button', { name: 'Доработать бесплатно' }).click();

  // The round's progress on the generation's screen, then back to the paper's versions.
  await expect(page).toHaveURL(new RegExp(`/payment/waiting\\?task_id=[0-9a-f-]{36}&revision=${paperId}$`));
  await expect(page.getByRole('heading', { name: 'Доработка работы', level: 1 })).toBeVisible();
  await expect(page.getByTestId('generation-stage')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/papers/${paperId}/revisions$`), { timeout: 240_000 });

  const versions = page.getByTestId('paper-version');
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText('Версия 2');
  await expect(page.getByTestId('rounds-left')).toContainText('Бесплатных доработок осталось: 2 из 3');
  const round = page.getByTestId('revision-round');
  await expect(round).toContainText('3 замечания к версии 1 → версия 2');
  await expect(round).toContainText('Готово');
  const outcomes = round.getByTestId('remark-outcome');
  await expect(outcomes).toHaveCount(3);
  await expect(outcomes.filter({ hasText: 'Раскройте подробнее' })).toContainText('Выполнено');
  await expect(outcomes.filter({ hasText: 'Раскройте подробнее' })).toContainText(/Где: п\. 2\.1 «.+», с\. \d+/);
  await expect(outcomes.filter({ hasText: 'Приведите пример' })).toContainText('Выполнено');
  await expect(outcomes.filter({ hasText: 'анкетирования' })).toContainText('Требует данных автора');
  await expectAccessible(page);
  await screenshot(page, 'revisions');

  // Version 2 and its «Лист доработок», downloaded.
  const latest = versions.first();
  let downloading = page.waitForEvent('download');
  await latest.getByRole('button', { name: 'Лист доработок' }).click();
  const report = await readDocx(readFileSync(await (await downloading).path()));
  expect(report.text).toContain('ЛИСТ ДОРАБОТОК');
  expect(report.text).toContain('Раскройте подробнее');
  expect(report.text).toContain('Требует данных автора');
  downloading = page.waitForEvent('download');
  await latest.getByRole('button', { name: 'Скачать .docx' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${TOPIC} (версия 2).docx`);
  const v2 = await readDocx(readFileSync(await download.path()));
  expect(v2.title).toBe(TOPIC);
  expect(v2.text).toContain('Например,');
  // «Отчёт об источниках» of version 2, as a PDF.
  const [evidence, evidenceFile] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/versions/2/evidence.pdf')),
    page.waitForEvent('download'),
    latest.getByRole('button', { name: 'Отчёт об источниках PDF' }).click(),
  ]);
  expect(evidence.status()).toBe(200);
  expect(evidence.headers()['content-type']).toContain('application/pdf');
  expect(evidenceFile.suggestedFilename()).toBe(`Отчёт об источниках — ${TOPIC} (версия 2).pdf`);

  // A stranger: not the page, not the files, not a round.
  const stranger = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    await logIn(stranger.request, await createVerifiedUser(stranger.request, 'str'));
    expect((await stranger.request.get(`/api/v1/papers/${paperId}/revisions/`)).status()).toBe(404);
    expect((await stranger.request.get(`/api/v1/papers/${paperId}/versions/2/docx/`)).status()).toBe(404);
    expect((await stranger.request.get(`/api/v1/papers/${paperId}/versions/2/report/`)).status()).toBe(404);
    const revise = await stranger.request.post(`/api/v1/papers/${paperId}/revisions/`, {
      headers: origin(),
      multipart: { remarks: 'Раскройте подробнее п. 2.1' },
    });
    expect(revise.status()).toBe(404);
    const strangerPage = await stranger.newPage();
    await strangerPage.addInitScript(() => sessionStorage.setItem('cookie_accepted', 'true'));
    await strangerPage.goto(`/papers/${paperId}/revisions`);
    await expect(strangerPage.getByText('Работа не найдена')).toBeVisible();
  } finally {
    await stranger.close();
  }
});
