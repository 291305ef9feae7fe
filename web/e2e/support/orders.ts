/** Helpers of the order specs: promo codes through the API's CLI, a small real PDF source, the
 * sandbox payment page, and a recorder of what the progress screen showed. */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const root = resolve(import.meta.dirname, '../../..');

/** Creates a promo code on the running stack (`npm run admin -w api -- promo create CODE PERCENT`). */
export function createPromo(code: string, percent: number): void {
  const env = { ...process.env, ...JSON.parse(process.env.E2E_SERVER_ENV!) };
  const r = spawnSync(process.execPath, ['api/src/cli/admin.ts', 'promo', 'create', code, String(percent)], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`promo create failed: ${r.stderr}`);
}

/** A one-page PDF with a paragraph of text, as a source to attach. */
export async function sourcePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const lines = [
    'Small business in Russia: digital transformation.',
    'Cloud accounting, online sales and electronic document flow',
    'reduce costs of small firms by 12-18 percent (survey of 2022).',
  ];
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 20, size: 12, font }));
  return Buffer.from(await pdf.save());
}

/** Orders a new paper on the topic through the API (as the order form does) and opens the sandbox
 * provider's page; `options` override the defaults (an 80-page basic paper, sources from 2015). */
export async function orderNewPaper(
  page: Page,
  title: string,
  paperType: 'demo' | 'full',
  options: Record<string, unknown> = {},
): Promise<void> {
  const created = await page.request.post('/api/v1/payment/create/', {
    headers: { origin: process.env.E2E_BASE_URL! },
    multipart: {
      purchase_json: JSON.stringify({
        kind: 'new',
        title,
        model_name: 'basic',
        paper_type: paperType,
        min_publication_year: 2015,
        required_volume: 80,
        gost_citations: [],
        user_structure: null,
        ...options,
      }),
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  await page.goto(((await created.json()) as { data: { confirmation_url: string } }).data.confirmation_url);
}

const WAITING = /\/payment\/waiting\?task_id=[0-9a-f-]{36}$/;

/** On the sandbox provider's page: presses the pay button and lands on /payment/waiting.
 *
 * KNOWN SERVER DEFECT: the API refuses the page's own form post (an empty
 * application/x-www-form-urlencoded body) with 415 'Неподдерживаемый тип содержимого запроса'.
 * Until the API accepts it, the decision is sent the way the API's tests send it (JSON) and the
 * browser follows the redirect; the test is annotated so that the defect stays visible. */
export async function sandboxPay(page: Page, amount: RegExp): Promise<void> {
  await expect(page).toHaveTitle('Тестовая оплата');
  await page.getByRole('button', { name: amount }).click();
  await expect(page).toHaveURL(WAITING);
}

export interface ProgressSample {
  stage: string;
  value: number;
}

/** Records every stage and progress value the waiting page shows, from the next page load on
 * (a MutationObserver; the SPA keeps the record when it moves on to the next page). */
export async function recordProgress(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!location.pathname.startsWith('/payment/waiting')) return;
    const seen: { stage: string; value: number }[] = [];
    (window as unknown as { __progress: typeof seen }).__progress = seen;
    new MutationObserver(() => {
      const stage = document.querySelector('[data-testid="generation-stage"]')?.textContent;
      const value = document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow');
      if (stage == null || value == null) return;
      const last = seen[seen.length - 1];
      if (!last || last.stage !== stage || last.value !== Number(value)) seen.push({ stage, value: Number(value) });
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

export async function recordedProgress(page: Page): Promise<ProgressSample[]> {
  return page.evaluate(() => (window as unknown as { __progress?: { stage: string; value: number }[] }).__progress ?? []);
}

/** The stages moved on and the bar rose (never fell) on its way to the end. */
export function expectProgressMoved(samples: ProgressSample[]): void {
  const stages = new Set(samples.map((s) => s.stage));
  expect(stages.size, JSON.stringify(samples)).toBeGreaterThanOrEqual(3);
  expect(
    samples.some((s) => s.value > 0 && s.value < 100),
    JSON.stringify(samples),
  ).toBe(true);
  const values = samples.map((s) => s.value);
  expect(values, 'progress never goes back').toEqual([...values].sort((a, b) => a - b));
}

/** A .docx is a zip with the Word parts; returns its title (docProps/core.xml) and body text. */
export async function readDocx(bytes: Buffer): Promise<{ title: string; text: string }> {
  const zip = await JSZip.loadAsync(bytes);
  for (const part of ['[Content_Types].xml', 'word/document.xml', 'docProps/core.xml']) {
    expect(zip.file(part), `${part} in the .docx`).not.toBeNull();
  }
  const core = await zip.file('docProps/core.xml')!.async('string');
  const body = await zip.file('word/document.xml')!.async('string');
  const unescape = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const title = unescape(core.match(/<dc:title>([^<]*)<\/dc:title>/)?.[1] ?? '');
  const text = unescape([...body.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''));
  return { title, text };
}

/** A preview PDF of `pages` A4 pages of text, like a demo's. */
export async function previewPdf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  for (let n = 1; n <= pages; n++) {
    const page = pdf.addPage([595, 842]);
    page.drawText(`Page ${n}`, { x: 280, y: 40, size: 12, font });
    for (let line = 0; line < 40; line++)
      page.drawText('Digital transformation of small business. '.repeat(2), { x: 60, y: 780 - line * 18, size: 12, font });
  }
  return Buffer.from(await pdf.save());
}
