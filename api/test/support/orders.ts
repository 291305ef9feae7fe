/** Helpers for order tests: multipart bodies, sample files, socket transcripts. */
import { randomBytes } from 'node:crypto';
import { Document, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { WebSocket } from 'ws';
import { reconcile } from '../../src/modules/payments/reconcile.ts';
import type { Client, TestApp } from './app.ts';
import { untilOrderEvents } from './events.ts';

export interface Part {
  name: string;
  value: string | Buffer;
  fileName?: string;
  contentType?: string;
}

export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.fileName !== undefined ? `; filename="${p.fileName}"` : ''}`;
    const type = p.fileName !== undefined ? `\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const TOPIC = 'Цифровая трансформация малого бизнеса в регионах России';

export function newOrder(overrides: Record<string, unknown> = {}) {
  return {
    kind: 'new',
    title: TOPIC,
    use_footnotes: false,
    separate_bibliography: false,
    min_publication_year: 2015,
    required_volume: 80,
    gost_citations: [],
    user_structure: null,
    model_name: 'basic',
    paper_type: 'demo',
    ...overrides,
  };
}

/** POST payment/create as the client's browser would. */
export async function createPayment(client: Client, purchase: unknown, extra: { files?: Part[]; promo?: string } = {}) {
  const { body, contentType } = multipart([
    { name: 'purchase_json', value: JSON.stringify(purchase) },
    ...(extra.promo ? [{ name: 'promo_code', value: extra.promo }] : []),
    ...(extra.files ?? []),
  ]);
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await client.app.inject({
    method: 'POST',
    url: '/api/v1/payment/create/',
    payload: body,
    headers: { 'content-type': contentType, cookie },
  });
  return { status: res.statusCode, body: res.json() };
}

/** Pays (or cancels) in the sandbox the way the payer's browser does: open its page, press a button. */
export async function decideInSandbox(client: Client, confirmationUrl: string, decision: 'pay' | 'cancel') {
  const path = new URL(confirmationUrl).pathname;
  const page = await client.get(path);
  if (page.status !== 200 || !String(page.raw.body).includes('Тестовая оплата')) throw new Error(`sandbox page: ${page.status}`);
  // As the page's HTML form posts it: urlencoded, empty, from our own origin.
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await client.app.inject({
    method: 'POST',
    url: `${path}${decision}/`,
    payload: '',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:8000', cookie },
  });
  return { status: res.statusCode, raw: res };
}

export async function samplePdf(text = 'Источник о цифровой экономике. '.repeat(40)): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage();
  // Standard fonts have no Cyrillic; the extracted text only needs to be real text.
  const ascii = text.replace(/[^\x20-\x7e]/g, '');
  const latin = /[a-z]{2}/i.test(ascii) ? ascii : 'Digital economy of small business in the regions. '.repeat(20);
  latin
    .match(/.{1,80}/g)!
    .slice(0, 40)
    .forEach((line, i) => page.drawText(line, { x: 40, y: 800 - i * 14, size: 10, font }));
  return Buffer.from(await pdf.save());
}

export async function sampleDocx(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: Array.from(
          { length: 10 },
          (_, i) => new Paragraph(`Абзац ${i + 1} источника о цифровой трансформации малого бизнеса в регионах.`),
        ),
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** Opens a socket through inject and records every message until a predicate says stop. */
export async function socketTranscript(t: TestApp, client: Client, path: string) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const ws: WebSocket = await (t.app as any).injectWS(path, { headers: { cookie } });
  const messages: any[] = [];
  let closed: { code: number } | null = null;
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    waiters.splice(0).forEach((w) => w());
  });
  ws.on('close', (code) => {
    closed = { code };
    waiters.splice(0).forEach((w) => w());
  });
  /** Resolves once `until` holds for the messages so far (or the socket closed). */
  const waitFor = (until: (msgs: any[]) => boolean, timeoutMs = 120_000) =>
    new Promise<any[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`socket ${path}: timed out with ${JSON.stringify(messages.slice(-3))}`)), timeoutMs);
      const check = () => {
        if (until(messages) || closed) {
          clearTimeout(timer);
          resolve(messages);
        } else waiters.push(check);
      };
      check();
    });
  return { ws, messages, waitFor, closed: () => closed, close: () => ws.terminate() };
}

/** What the payment functions need, from a test app. */
export const paymentDeps = (t: TestApp) => ({ em: t.orm.em.fork(), provider: t.services.provider, jobs: t.services.jobs, log: t.app.log });

/** One run of the reconciliation, as the worker runs it every period. */
export const reconcileNow = (t: TestApp) =>
  reconcile({ ...paymentDeps(t), periodSeconds: 0, staleSeconds: t.config.worker.staleSeconds, maxAttempts: t.config.worker.maxAttempts });

/** Resolves when every given order has one of `statuses` (woken by order events). */
export async function waitForOrders(
  t: TestApp,
  orderIds: string[],
  statuses: string[],
  timeoutMs = 180_000,
): Promise<Record<string, string>> {
  const current = async () =>
    Object.fromEntries((await t.sql('select id, status from orders where id = any($1)', [orderIds])).rows.map((r) => [r.id, r.status]));
  return untilOrderEvents(
    t,
    async () => {
      const now = await current();
      return orderIds.every((id) => statuses.includes(now[id])) ? now : null;
    },
    async () => `orders not ${statuses.join('/')}: ${JSON.stringify(await current())}`,
    timeoutMs,
  );
}
