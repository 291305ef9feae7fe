/** The paying user's whole path on the server, with the sandbox provider and a real worker:
 * order a demo, pay, watch both sockets, get the preview, buy the full version, download it. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { expectMoneyBalanced, sandboxBooks } from './support/money.ts';
import { createPayment, decideInSandbox, newOrder, samplePdf, socketTranscript, TOPIC } from './support/orders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { worker: true });
});
afterAll(() => t.close());

const done = (msgs: { status: string }[]) => msgs.some((m) => ['completed', 'failed'].includes(m.status));

it('demo: create, pay in the sandbox, progress on both sockets, preview; then the full version', { timeout: 600_000 }, async () => {
  const u = await signUp(t);
  const pdf = await samplePdf();
  const created = await createPayment(
    u.client,
    newOrder({ gost_citations: ['Иванов И. И. Цифровая экономика. – М. : Наука, 2020. – 200 с.'] }),
    {
      files: [{ name: 'files', value: pdf, fileName: 'источник.pdf', contentType: 'application/pdf' }],
    },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const { task_id, confirmation_url, amount } = created.body.data;
  expect(amount).toBe(30);
  expect(confirmation_url).toMatch(/\/api\/v1\/payment\/sandbox\/sbx_/);

  const status = await u.client.get('/api/v1/users/has_active_generation/');
  expect(status.status).toBe(202);
  expect(status.body.data).toMatchObject({ type: 'pending_payment', topic: TOPIC, task_id, confirmation_url });

  const payment = await socketTranscript(t, u.client, `/api/v1/payment/ws/${task_id}`);
  const generation = await socketTranscript(t, u.client, `/api/v1/users/ws/${task_id}`);
  await payment.waitFor((m) => m.length >= 1);
  expect(payment.messages[0]).toEqual({ status: 'pending' });
  await generation.waitFor((m) => m.length >= 1);
  expect(generation.messages[0]).toMatchObject({ status: 'waiting', progress: 0, type: 'demo', paper_id: null });

  const paid = await decideInSandbox(u.client, confirmation_url, 'pay');
  expect(paid.status).toBe(303);
  expect(paid.raw.headers.location).toBe(`http://localhost:8000/payment/waiting?task_id=${task_id}`);

  await payment.waitFor((m) => m.some((x) => x.status === 'succeeded'));
  expect(payment.messages.map((m) => m.status)).toEqual(['pending', 'succeeded']);
  const transcript = await generation.waitFor(done);
  const last = transcript.at(-1);
  expect(last.status, JSON.stringify(last)).toBe('completed');
  expect(last.paper_id).toEqual(expect.any(Number));
  // Progress only goes forward, through named Russian stages.
  const progress = transcript.filter((m) => m.status === 'in_progress');
  expect(progress.length).toBeGreaterThan(3);
  expect(progress.map((m) => m.progress)).toEqual([...progress.map((m) => m.progress)].sort((a, b) => a - b));
  expect(progress.every((m) => /[а-я]/i.test(m.stage))).toBe(true);
  payment.close();
  generation.close();

  // The preview: detail, a PDF, no .docx for a demo.
  const demoId = last.paper_id;
  const detail = await u.client.get(`/api/v1/papers/${demoId}/`);
  expect(detail.status).toBe(200);
  expect(detail.body).toMatchObject({
    id: demoId,
    type: 'demo',
    generation_model: 'basic',
    download_url: `/api/v1/papers/${demoId}/preview.pdf`,
    full_version: null,
  });
  expect(Object.keys(detail.body.structure)).toHaveLength(3);
  expect(Object.keys(detail.body.structure)[0]).toMatch(/^1\. /);
  expect(detail.body.options.references).toEqual(['Иванов И. И. Цифровая экономика. – М. : Наука, 2020. – 200 с.']);
  // The list of sources for the preview page: the attached file, verified as the user's own, opened
  // through our download of it, for its owner only; the works the development stand-in found, each
  // marked as invented, without a link.
  const sources = detail.body.sources as { number: number; verified_by: string; url: string | null }[];
  const userFiles = sources.filter((s) => s.verified_by === 'user_file');
  expect(userFiles).toHaveLength(1);
  const fileUrl = `/api/v1/papers/${demoId}/sources/${userFiles[0].number}/file/`;
  expect(userFiles[0]).toEqual({
    number: expect.any(Number),
    text: expect.stringContaining('Цифровая экономика'),
    verified_by: 'user_file',
    url: fileUrl,
  });
  expect(sources.filter((s) => s.verified_by !== 'user_file').every((s) => s.verified_by === 'invented' && s.url === null)).toBe(true);
  const own = await u.client.get(fileUrl);
  expect(own.status).toBe(200);
  expect(Buffer.compare(own.raw.rawPayload, Buffer.from(pdf))).toBe(0);
  expect(own.raw.headers['content-type']).toBe('application/octet-stream');
  expect(own.raw.headers['content-disposition']).toBe(
    `attachment; filename="________.pdf"; filename*=UTF-8''${encodeURIComponent('источник.pdf')}`,
  );
  const found = sources.find((s) => s.verified_by !== 'user_file');
  if (found) expect((await u.client.get(`/api/v1/papers/${demoId}/sources/${found.number}/file/`)).status).toBe(404);
  const stranger = await signUp(t);
  expect((await stranger.client.get(fileUrl)).status).toBe(404);
  const preview = await u.client.get(detail.body.download_url);
  expect(preview.status).toBe(200);
  expect(preview.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  expect((await u.client.get(`/api/v1/papers/${demoId}/docx/`)).status).toBe(404);
  const demos = await u.client.get('/api/v1/papers/?paper_type=demo');
  expect(demos.body).toMatchObject({ total_count: 1, papers: [{ id: demoId, download_url: null }] });
  expect((await u.client.get('/api/v1/users/has_active_generation/')).status).toBe(400);

  // Buy the full version from the demo.
  const full = await createPayment(u.client, {
    kind: 'from_demo',
    paper_id: demoId,
    model_name: 'basic',
    paper_type: 'full',
    min_publication_year: 2015,
    required_volume: 80,
    gost_citations: [],
  });
  expect(full.status, JSON.stringify(full.body)).toBe(200);
  expect(full.body.data.amount).toBe(1990);
  const fullSocket = await socketTranscript(t, u.client, `/api/v1/users/ws/${full.body.data.task_id}`);
  await decideInSandbox(u.client, full.body.data.confirmation_url, 'pay');
  // Bought: while it is being written the demo says so, and is not sold again.
  expect((await u.client.get(`/api/v1/papers/${demoId}/`)).body.full_version).toEqual({ download_url: null });
  const again = await createPayment(u.client, {
    kind: 'from_demo',
    paper_id: demoId,
    model_name: 'basic',
    paper_type: 'full',
    min_publication_year: 2015,
    required_volume: 80,
    gost_citations: [],
  });
  expect(again.status).toBe(409);
  expect(again.body).toMatchObject({
    code: 'demo_already_bought',
    detail: 'Полная версия этой работы уже куплена: скачайте её в личном кабинете',
  });
  const fullLast = (await fullSocket.waitFor(done)).at(-1);
  expect(fullLast).toMatchObject({ status: 'completed', type: 'full' });
  fullSocket.close();

  const fulls = await u.client.get('/api/v1/papers/?paper_type=full');
  expect(fulls.body.total_count).toBe(1);
  const paper = fulls.body.papers[0];
  expect(paper.title).toBe(detail.body.title); // the full paper keeps the demo's title
  // ...and its chapter 1, which cites the file attached to the demo: the full paper lists it and serves it to its owner.
  const fullDetail = await u.client.get(`/api/v1/papers/${paper.id}/`);
  const userFile = fullDetail.body.sources.find((s: { verified_by: string }) => s.verified_by === 'user_file');
  expect(userFile?.text, JSON.stringify(fullDetail.body.sources)).toMatch(/Иванов\sИ\.\sИ\. Цифровая экономика/);
  const served = await u.client.get(userFile.url);
  expect(served.status).toBe(200);
  expect(Buffer.compare(served.raw.rawPayload, pdf)).toBe(0);
  expect(paper.download_url).toBe(`/api/v1/papers/${paper.id}/docx/`);
  const docx = await u.client.get(paper.download_url);
  expect(docx.status).toBe(200);
  expect(docx.raw.headers['content-disposition']).toContain(encodeURIComponent(paper.title));
  expect(docx.raw.rawPayload.subarray(0, 2).toString()).toBe('PK');
  // The demo's card now downloads the full version, and its preview offers it instead of a sale.
  expect((await u.client.get('/api/v1/papers/?paper_type=demo')).body.papers).toMatchObject([
    { id: demoId, download_url: paper.download_url },
  ]);
  expect((await u.client.get(`/api/v1/papers/${demoId}/`)).body.full_version).toEqual({ download_url: paper.download_url });
  await u.client.get('/api/v1/users/has_active_generation/');
  const third = await createPayment(u.client, {
    kind: 'from_demo',
    paper_id: demoId,
    model_name: 'basic',
    paper_type: 'full',
    min_publication_year: 2015,
    required_volume: 80,
    gost_citations: [],
  });
  expect(third.body.code).toBe('demo_already_bought');
  await expectMoneyBalanced(t, await sandboxBooks(t));
  // A paid full paper makes one review available.
  expect((await u.client.get('/api/v1/review/available/')).body.data.count).toBe(1);
});
