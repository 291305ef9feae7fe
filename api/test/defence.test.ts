/**
 * The defence kit on the server, with the sandbox provider and a real worker: bought for a paid
 * full paper, made (progress on the socket, e-mails), its four files served to the owner only; a
 * kit that cannot be made is refunded; the books balance.
 */
import { readFile } from 'node:fs/promises';
import { createPdfConverterPool } from '@app/paper';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refundOrderBySupport } from '../src/modules/payments/lifecycle.ts';
import { Client, signUp, startTestApp, type TestApp } from './support/app.ts';
import { expectMoneyBalanced, sandboxBooks, waitForMoneySettled } from './support/money.ts';
import { createPayment, decideInSandbox, paymentDeps, sampleDocx, socketTranscript, waitForOrders } from './support/orders.ts';

let t: TestApp;
let docx: Buffer;
let pdf: Buffer;
beforeAll(async () => {
  t = await startTestApp({}, { worker: true });
  docx = await readFile(new URL('../../paper/samples/sme-regions-full.docx', import.meta.url));
  const pool = createPdfConverterPool({ size: 1 });
  try {
    pdf = await pool.convert(docx);
  } finally {
    await pool.close();
  }
});
afterAll(() => t.close());

/** A paid full paper of the user whose files are `files` (the sample's by default); its id. */
async function paidFullPaper(username: string, files = { docx, pdf }, paid = true): Promise<number> {
  const key = `papers/${username}-${Math.random().toString(36).slice(2)}`;
  await t.services.storage.put(`${key}.docx`, files.docx, 'application/octet-stream');
  await t.services.storage.put(`${key}.pdf`, files.pdf, 'application/pdf');
  const { rows } = await t.sql(
    `insert into papers (user_id, type, tariff, title, annotation, structure, options, docx_key, pdf_key, page_count, paid_at)
     select id, 'full', 'professional', 'Цифровая трансформация управления малым бизнесом в регионах России', 'Аннотация', '{}',
            '{"min_publication_year": 2015, "required_volume": 80, "references": []}', $2, $3, 79, ${paid ? 'now()' : 'null'}
     from users where username = $1 returning id`,
    [username, `${key}.docx`, `${key}.pdf`],
  );
  return rows[0].id;
}

const done = (m: { status: string }[]) => m.some((x) => ['completed', 'failed'].includes(x.status));
const buy = (client: Parameters<typeof createPayment>[0], paperId: number) => createPayment(client, { kind: 'defence', paper_id: paperId });

describe('the defence kit', () => {
  it('bought, made with progress on the socket, its files to the owner only, once', { timeout: 300_000 }, async () => {
    const u = await signUp(t);
    await t.sql('update users set telegram_uid = $1 where username = $2', ['555024', u.name]);
    const paperId = await paidFullPaper(u.name);
    const before = await u.client.get(`/api/v1/papers/${paperId}/defence/`);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ state: 'none', available: true, price: 990, task_id: null, files: null });

    const created = await buy(u.client, paperId);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { task_id, confirmation_url, amount } = created.body.data;
    expect(amount).toBe(990);
    expect((await u.client.get(`/api/v1/papers/${paperId}/defence/`)).body).toMatchObject({ state: 'pending_payment', task_id });
    const socket = await socketTranscript(t, u.client, `/api/v1/users/ws/${task_id}`);
    const paid = await decideInSandbox(u.client, confirmation_url, 'pay');
    expect(paid.raw.headers.location).toBe(`http://localhost:8000/defence/${paperId}?task_id=${task_id}`);
    const transcript = await socket.waitFor(done, 240_000);
    socket.close();
    const last = transcript.at(-1);
    expect(last.status, JSON.stringify(last)).toBe('completed');
    const progress = transcript.filter((m) => m.status === 'in_progress');
    expect(progress.map((m) => m.stage)).toEqual(expect.arrayContaining(['Вёрстка и нормоконтроль слайдов', 'Доклад к защите']));
    expect(progress.map((m) => m.progress)).toEqual([...progress.map((m) => m.progress)].sort((a, b) => a - b));

    const ready = await u.client.get(`/api/v1/papers/${paperId}/defence/`);
    expect(ready.body).toMatchObject({
      state: 'ready',
      progress: 100,
      files: {
        slides: `/api/v1/papers/${paperId}/defence/slides.pptx`,
        speech: `/api/v1/papers/${paperId}/defence/speech.docx`,
        questions: `/api/v1/papers/${paperId}/defence/questions.docx`,
        preview: `/api/v1/papers/${paperId}/defence/preview.pdf`,
      },
    });
    expect(ready.body.summary.slides).toBeGreaterThanOrEqual(10);
    expect(ready.body.summary.speech_words).toBeGreaterThanOrEqual(700);
    expect(ready.body.summary.questions).toBeGreaterThanOrEqual(15);
    const files = ready.body.files as Record<string, string>;
    const types = {
      slides: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      speech: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      questions: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      preview: 'application/pdf',
    };
    for (const [name, url] of Object.entries(files)) {
      const r = await u.client.get(url);
      expect(r.status, url).toBe(200);
      expect(r.raw.headers['content-type']).toBe(types[name as keyof typeof types]);
      expect(r.raw.headers['cache-control']).toBe('private, no-store');
      expect(r.raw.rawPayload.subarray(0, name === 'preview' ? 5 : 2).toString()).toBe(name === 'preview' ? '%PDF-' : 'PK');
    }
    expect(
      decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(String((await u.client.get(files.slides)).raw.headers['content-disposition']))![1]),
    ).toBe('Презентация — Цифровая трансформация управления малым бизнесом в регионах России.pptx');

    // A stranger gets none of it: not the state, not a file, not the socket, not a purchase.
    const stranger = await signUp(t);
    expect((await stranger.client.get(`/api/v1/papers/${paperId}/defence/`)).status).toBe(404);
    for (const url of Object.values(files)) expect((await stranger.client.get(url)).status).toBe(404);
    expect((await buy(stranger.client, paperId)).body).toMatchObject({ code: 'paper_not_found' });
    const theirs = await socketTranscript(t, stranger.client, `/api/v1/users/ws/${task_id}`);
    await theirs.waitFor(() => false, 5_000).catch(() => undefined);
    expect(theirs.closed()).toEqual({ code: 4404 });
    expect((await new Client(t.app).get(files.slides)).status).toBe(401);

    // Once: a second purchase is refused.
    expect((await buy(u.client, paperId)).body).toMatchObject({ code: 'defence_already_bought' });
    const ready2 = await t.outbox.waitFor(u.email, (m) => m.subject === 'Комплект к защите готов');
    expect(ready2.text).toContain(`http://localhost:8000/defence/${paperId}`);
    expect((await t.outbox.messagesTo(u.email)).find((m) => m.subject === 'Оплата получена')?.text).toContain('комплект к защите');
    // The e-mail goes out inside the transaction that queues the Telegram job: that job is in once it commits.
    await vi.waitFor(
      async () => {
        const jobs = await t.sql(`select data from pgboss.job where name = 'telegram' and data->>'orderId' = $1`, [task_id]);
        expect(jobs.rows.map((r) => r.data.kind)).toEqual(expect.arrayContaining(['payment_succeeded', 'generation_completed']));
      },
      { timeout: 10_000 },
    );
    await expectMoneyBalanced(t, await sandboxBooks(t));

    // Support refunds it: the files are no longer served, and the kit may be bought again.
    await refundOrderBySupport(paymentDeps(t), task_id, 'Жалоба на доклад');
    await waitForMoneySettled(t);
    expect((await u.client.get(files.slides)).body).toMatchObject({ code: 'defence_not_ready' });
    expect((await u.client.get(`/api/v1/papers/${paperId}/defence/`)).body).toMatchObject({ state: 'none' });
    await expectMoneyBalanced(t, await sandboxBooks(t));

    // The account deleted: the kit's files go with it.
    const { rows } = await t.sql(
      `select unnest(array[slides_key, speech_key, questions_key, preview_key]) as key from defence_kits where paper_id = $1`,
      [paperId],
    );
    expect(rows).toHaveLength(4);
    expect((await u.client.delete('/api/v1/users/delete/')).status).toBe(200);
    for (const { key } of rows) await expect(t.services.storage.open(key), key).rejects.toThrow();
  });

  it('only for a bought full paper; not twice at once', async () => {
    const u = await signUp(t);
    const unpaid = await paidFullPaper(u.name, { docx, pdf }, false);
    expect((await buy(u.client, unpaid)).body).toMatchObject({
      code: 'defence_paper_not_purchased',
      detail: 'Подготовка к защите доступна для купленной полной версии работы',
    });
    expect((await u.client.get(`/api/v1/papers/${unpaid}/defence/`)).body).toMatchObject({ state: 'none', available: false });
    expect((await buy(u.client, 999_999)).status).toBe(404);
    const paperId = await paidFullPaper(u.name);
    await t.sql(
      `insert into orders (id, user_id, kind, paper_type, tariff, topic, options, source_paper_id, amount, status, payment_expires_at)
       select gen_random_uuid(), id, 'defence', 'full', 'basic', 'Тема', '{}', $2, 490, 'generating', now() from users where username = $1`,
      [u.name, paperId],
    );
    expect((await buy(u.client, paperId)).body).toMatchObject({ code: 'defence_in_progress' });
    const files = await u.client.get(`/api/v1/papers/${paperId}/defence/slides.pptx`);
    expect(files.body).toMatchObject({ code: 'defence_not_ready', detail: 'Комплект к защите ещё не готов' });
  });

  it('a paper the kit cannot be made of: failed, refunded, told; it may be bought again', { timeout: 240_000 }, async () => {
    const u = await signUp(t);
    const paperId = await paidFullPaper(u.name, { docx: await sampleDocx(), pdf });
    const created = await buy(u.client, paperId);
    const socket = await socketTranscript(t, u.client, `/api/v1/users/ws/${created.body.data.task_id}`);
    await decideInSandbox(u.client, created.body.data.confirmation_url, 'pay');
    const last = (await socket.waitFor(done, 200_000)).at(-1);
    socket.close();
    expect(last).toMatchObject({ status: 'failed' });
    expect(last.error).toContain('Не удалось подготовить комплект к защите');
    await waitForOrders(t, [created.body.data.task_id], ['failed']);
    await waitForMoneySettled(t);
    const failed = await t.outbox.waitFor(u.email, (m) => m.subject === 'Не удалось подготовить комплект к защите');
    // The refund promised once, though the kit's message says it too.
    expect(failed.text?.split('Оплата будет возвращена автоматически.')).toHaveLength(2);
    expect(failed.text).toContain('Мы пришлём письмо, когда возврат пройдёт.');
    await t.outbox.waitFor(u.email, (m) => m.subject === 'Возврат выполнен');
    expect((await u.client.get(`/api/v1/papers/${paperId}/defence/`)).body).toMatchObject({
      state: 'failed',
      error: expect.stringContaining('введение'),
    });
    expect((await u.client.get('/api/v1/payment/refunds/')).body.refunds[0]).toMatchObject({ amount: 990, status: 'succeeded' });
    expect((await buy(u.client, paperId)).status).toBe(200);
    await expectMoneyBalanced(t, await sandboxBooks(t));
  });
});
