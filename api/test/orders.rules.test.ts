/** Order rules: one unpaid order (406), one running generation (409), files (413, 415), promo
 * codes (validity, usage limit), expiry, cancel, and owners only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expirePendingOrders } from '../src/modules/payments/unpaid.ts';
import { Client, signUp, startTestApp, type TestApp } from './support/app.ts';
import { insertPaidFullPaper } from './support/fixtures.ts';
import { createPayment, decideInSandbox, newOrder, paymentDeps, sampleDocx, samplePdf, socketTranscript } from './support/orders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const gost = (n: number) => `Автор ${n}. Название источника номер ${n}. – М. : Наука, 2020. – 100 с.`;

describe('one order at a time', () => {
  it('406 with the pending data while unpaid; 409 while generating', async () => {
    const u = await signUp(t);
    const first = await createPayment(u.client, newOrder());
    expect(first.status).toBe(200);
    const second = await createPayment(u.client, newOrder({ paper_type: 'full' }));
    expect(second.status).toBe(406);
    expect(second.body).toMatchObject({
      detail: 'У вас есть незавершенная покупка',
      data: {
        confirmation_url: first.body.data.confirmation_url,
        task_id: first.body.data.task_id,
        payment_id: first.body.data.payment_id,
        topic: newOrder().title,
      },
    });
    expect(second.body.data.minutes_to_cancel * 60 + second.body.data.seconds_to_cancel).toBeGreaterThan(29 * 60);

    await decideInSandbox(u.client, first.body.data.confirmation_url, 'pay'); // no worker: it stays queued
    const third = await createPayment(u.client, newOrder());
    expect(third.status).toBe(409);
    expect(third.body.detail).toBe('У вас уже есть активная задача на генерацию');
    expect((await u.client.get('/api/v1/users/has_active_generation/')).status).toBe(200);
  });
});

describe('files', () => {
  it('accepts .txt, .pdf and .docx checked by content, one citation each', async () => {
    const u = await signUp(t);
    const res = await createPayment(u.client, newOrder({ gost_citations: [gost(1), gost(2), gost(3)] }), {
      files: [
        { name: 'files', value: Buffer.from('Текст источника в кодировке UTF-8. '.repeat(20)), fileName: 'заметки.txt' },
        { name: 'files', value: await samplePdf(), fileName: 'статья.pdf' },
        { name: 'files', value: await sampleDocx(), fileName: 'глава.docx' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const files = await t.sql('select file_name, kind, citation from order_files order by position');
    expect(files.rows.map((r) => r.kind)).toEqual(['txt', 'pdf', 'docx']);
  });

  it('415 for a wrong extension or content that does not match it; 400 for an empty file', async () => {
    const u = await signUp(t);
    const exe = await createPayment(u.client, newOrder({ gost_citations: [gost(1)] }), {
      files: [{ name: 'files', value: Buffer.from('MZ\x90\x00binary'), fileName: 'program.exe' }],
    });
    expect(exe.status).toBe(415);
    const fake = await createPayment(u.client, newOrder({ gost_citations: [gost(1)] }), {
      files: [{ name: 'files', value: Buffer.from('plain text, not a pdf at all '.repeat(5)), fileName: 'fake.pdf' }],
    });
    expect(fake.status).toBe(415);
    expect(fake.body.detail).toContain('fake.pdf');
    const empty = await createPayment(u.client, newOrder({ gost_citations: [gost(1)] }), {
      files: [{ name: 'files', value: Buffer.alloc(0), fileName: 'empty.txt' }],
    });
    expect(empty.status).toBe(400);
    // Nothing was created by the refused requests.
    expect((await u.client.get('/api/v1/users/has_active_generation/')).status).toBe(400);
  });

  it('413 for more than 5 files or a file over the size limit', async () => {
    const u = await signUp(t);
    const six = Array.from({ length: 6 }, (_, i) => ({
      name: 'files',
      value: Buffer.from(`Источник ${i} `.repeat(30)),
      fileName: `s${i}.txt`,
    }));
    const many = await createPayment(u.client, newOrder({ gost_citations: [1, 2, 3, 4, 5].map(gost) }), { files: six });
    expect(many.status).toBe(413);
    const big = await createPayment(u.client, newOrder({ gost_citations: [gost(1)] }), {
      files: [{ name: 'files', value: Buffer.alloc(21 * 1024 * 1024, 0x61), fileName: 'big.txt' }],
    });
    expect(big.status).toBe(413);
    expect((await u.client.get('/api/v1/users/has_active_generation/')).status).toBe(400);
  });

  it('412 when citations and files do not pair up; 422 for an invalid purchase_json', async () => {
    const u = await signUp(t);
    const unpaired = await createPayment(u.client, newOrder({ gost_citations: [gost(1)] }));
    expect(unpaired.status).toBe(412);
    const invalid = await createPayment(u.client, newOrder({ title: 'коротко' }));
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail).toBe('Тема диплома должна содержать минимум 10 символов');
    const split = await createPayment(u.client, newOrder({ separate_bibliography: true }));
    expect(split.status).toBe(422);
  });
});

describe('from a demo', () => {
  it("400 for a paper that is not the user's demo", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const fullOfA = await insertPaidFullPaper(t, a.name);
    for (const [client, paperId] of [
      [b.client, fullOfA],
      [a.client, fullOfA],
      [a.client, 999999],
    ] as const) {
      const res = await createPayment(client, { kind: 'from_demo', paper_id: paperId, paper_type: 'full', model_name: 'basic' });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Демо работа не найдена');
    }
  });
});

describe('promo codes', () => {
  it('validity period and usage limit, with the discount in the price (never below 10)', async () => {
    await t.sql(`insert into promo_codes (code, percent, valid_from, valid_until, usage_limit) values
      ('HALF', 50, null, null, 2), ('OLD', 20, now() - interval '10 days', now() - interval '1 day', null),
      ('SOON', 20, now() + interval '1 day', null, null), ('ALL99', 99, null, null, null)`);
    const u = await signUp(t);
    expect((await u.client.get('/api/v1/payment/promo-code/half/')).body).toEqual({ ok: true, data: { discount: 50 } });
    for (const code of ['OLD', 'SOON', 'NOPE']) {
      const res = await u.client.get(`/api/v1/payment/promo-code/${code}/`);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Промокод не найден');
    }
    expect((await new Client(t.app).get('/api/v1/payment/promo-code/HALF/')).status).toBe(401);

    const paid = await createPayment(u.client, newOrder(), { promo: 'HALF' });
    expect(paid.body.data.amount).toBe(15);
    await u.client.post('/api/v1/payment/cancel/', { payment_id: paid.body.data.payment_id });
    const cheap = await createPayment(u.client, newOrder(), { promo: 'ALL99' });
    expect(cheap.body.data.amount).toBe(10);
    await u.client.post('/api/v1/payment/cancel/', { payment_id: cheap.body.data.payment_id });
    const expired = await createPayment(u.client, newOrder(), { promo: 'OLD' });
    expect(expired.status).toBe(412);
    expect(expired.body.detail).toBe('Промокод не найден');

    // The limit of 2 holds: two other users take it, the third is refused.
    const x = await signUp(t);
    const y = await signUp(t);
    const z = await signUp(t);
    expect((await createPayment(x.client, newOrder(), { promo: 'HALF' })).status).toBe(200);
    expect((await createPayment(y.client, newOrder(), { promo: 'HALF' })).status).toBe(200);
    expect((await createPayment(z.client, newOrder(), { promo: 'HALF' })).status).toBe(412);
    expect((await z.client.get('/api/v1/payment/promo-code/HALF/')).status).toBe(400);
  });
});

describe('cancel and expiry', () => {
  it("cancel: 200 once, then 400; another user's payment is 400", async () => {
    const u = await signUp(t);
    const other = await signUp(t);
    const created = await createPayment(u.client, newOrder());
    const pid = created.body.data.payment_id;
    expect((await other.client.post('/api/v1/payment/cancel/', { payment_id: pid })).status).toBe(400);
    expect((await u.client.post('/api/v1/payment/cancel/', { payment_id: pid })).status).toBe(200);
    const again = await u.client.post('/api/v1/payment/cancel/', { payment_id: pid });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe('Платеж не найден или уже обработан');
    // The sandbox page now says the payment is over; paying there changes nothing.
    const page = await u.client.get(new URL(created.body.data.confirmation_url).pathname);
    expect(String(page.raw.body)).toContain('Платёж уже обработан');
  });

  it('an unpaid order expires: the payment socket says canceled and a new order is possible', async () => {
    const u = await signUp(t);
    const created = await createPayment(u.client, newOrder());
    const socket = await socketTranscript(t, u.client, `/api/v1/payment/ws/${created.body.data.task_id}`);
    await socket.waitFor((m) => m.length > 0);
    expect(await expirePendingOrders(paymentDeps(t))).toBe(0);
    await t.sql(`update orders set payment_expires_at = now() - interval '1 second' where id = $1`, [created.body.data.task_id]);
    expect(await expirePendingOrders(paymentDeps(t))).toBe(1);
    await socket.waitFor((m) => m.some((x) => x.status === 'canceled'));
    expect(socket.messages.map((m) => m.status)).toEqual(['pending', 'canceled']);
    socket.close();
    expect((await t.sql('select status from orders where id = $1', [created.body.data.task_id])).rows[0].status).toBe('expired');
    expect((await createPayment(u.client, newOrder())).status).toBe(200);
  });
});

describe('owners only', () => {
  it("user A gets 404 for B's papers and files, and B's sockets say not found", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const paperOfB = await insertPaidFullPaper(t, b.name);
    for (const path of [`/api/v1/papers/${paperOfB}/`, `/api/v1/papers/${paperOfB}/docx/`, `/api/v1/papers/${paperOfB}/preview.pdf`]) {
      expect((await a.client.get(path)).status, path).toBe(404);
    }
    expect((await a.client.get('/api/v1/papers/?paper_type=full')).body.total_count).toBe(0);
    const orderOfB = (await createPayment(b.client, newOrder())).body.data.task_id;
    const pay = await socketTranscript(t, a.client, `/api/v1/payment/ws/${orderOfB}`);
    await pay.waitFor(() => false, 10_000).catch(() => undefined);
    expect(pay.messages).toEqual([{ status: 'not_found' }]);
    expect(pay.closed()).toEqual({ code: 4404 });
    const gen = await socketTranscript(t, a.client, `/api/v1/users/ws/${orderOfB}`);
    await gen.waitFor(() => false, 10_000).catch(() => undefined);
    expect(gen.messages).toEqual([]);
    expect(gen.closed()).toEqual({ code: 4404 });
    const guest = await socketTranscript(t, new Client(t.app), `/api/v1/users/ws/${orderOfB}`);
    await guest.waitFor(() => false, 10_000).catch(() => undefined);
    expect(guest.closed()).toEqual({ code: 4401 });
  });
});
