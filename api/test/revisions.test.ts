/**
 * Revisions until the defence on the server, with the sandbox provider and a real worker: a bought
 * full paper revised by a supervisor's .docx with Word comments (an included round), its versions
 * and «Лист доработок»; the rules (not bought, no remarks, too long, a round running, rounds used);
 * a paid round beyond the included one, and a paid round that fails and is refunded; a stranger
 * neither sees nor revises the paper. The books balance at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withComments } from '../../paper/dev/commented-docx.ts';
import { readZip } from '../../paper/src/zip.ts';
import { withoutMarkers } from '../../paper/src/passages/markers.ts';
import { readSnapshot } from '../src/modules/versions/versions.ts';
import { signUp, startTestApp, type Client, type TestApp } from './support/app.ts';
import { untilOrderEvents } from './support/events.ts';
import { expectMoneyBalanced, sandboxBooks } from './support/money.ts';
import { createPayment, decideInSandbox, multipart, newOrder, samplePdf, socketTranscript, type Part } from './support/orders.ts';

/** The order's own source: Russian text the offline writer retells and cites. */
const SOURCE_TEXT = Array.from(
  { length: 12 },
  (_, i) =>
    `Раздел ${i + 1}. Малые предприятия в регионах России переходят на облачные сервисы учёта и электронный документооборот, ` +
    'что сокращает издержки на управление и ускоряет расчёты с контрагентами. Региональные центры поддержки предпринимательства ' +
    'обучают владельцев малого бизнеса работе с маркетплейсами и цифровыми платформами продаж. Опыт Новосибирской области показывает, ' +
    'что совместные программы банков и муниципалитетов помогают малым предприятиям внедрять кассовые и учётные системы.',
).join('\n\n');

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let paperId: number;

beforeAll(async () => {
  // One included round, so that the second is paid for; a failed round is not retried.
  t = await startTestApp({ REVISION_ROUNDS_INCLUDED: '1', GENERATION_MAX_ATTEMPTS: '1' }, { worker: true });
  owner = await signUp(t);
  const created = await createPayment(
    owner.client,
    newOrder({ paper_type: 'full', gost_citations: ['Иванов И. И. Цифровая экономика. – М. : Наука, 2020. – 200 с.'] }),
    { files: [{ name: 'files', value: Buffer.from(SOURCE_TEXT), fileName: 'источник.txt', contentType: 'text/plain' }] },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  await decideInSandbox(owner.client, created.body.data.confirmation_url, 'pay');
  paperId = await untilFinished(created.body.data.task_id);
}, 600_000);
afterAll(() => t?.close());

/** The order's end: its paper's id once completed. */
async function untilFinished(taskId: string): Promise<number> {
  return untilOrderEvents(
    t,
    async () => {
      const { rows } = await t.sql('select status, paper_id, error from orders where id = $1', [taskId]);
      if (rows[0]?.status === 'failed')
        throw new Error(
          `order failed: ${rows[0].error} ${(await t.sql('select failure_detail from orders where id = $1', [taskId])).rows[0].failure_detail}`,
        );
      return rows[0]?.status === 'completed' ? (rows[0].paper_id as number) : null;
    },
    async () => JSON.stringify((await t.sql('select status, stage, error from orders where id = $1', [taskId])).rows[0]),
    300_000,
  );
}

async function postRevision(client: Client, id: number, form: { remarks?: string; scope?: unknown; pay?: boolean; docx?: Part }) {
  const { body, contentType } = multipart([
    ...(form.remarks !== undefined ? [{ name: 'remarks', value: form.remarks }] : []),
    ...(form.scope ? [{ name: 'scope', value: JSON.stringify(form.scope) }] : []),
    ...(form.pay !== undefined ? [{ name: 'pay', value: String(form.pay) }] : []),
    ...(form.docx ? [form.docx] : []),
  ]);
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await client.app.inject({
    method: 'POST',
    url: `/api/v1/papers/${id}/revisions/`,
    payload: body,
    headers: { 'content-type': contentType, cookie },
  });
  return { status: res.statusCode, body: res.json() };
}

/** The supervisor's copy of the paper: the delivered .docx with Word comments on paragraphs of the given subsections. */
async function supervisorsDocx(comments: { section: string; text: string }[]): Promise<Part> {
  const { rows } = await t.sql('select docx_key, state_key from paper_versions where paper_id = $1 and number = 1', [paperId]);
  const state = await readSnapshot(t.services.storage, rows[0].state_key);
  const texts = new Map(state.written.subsections);
  const uniqueSentence = (key: string) => {
    const elsewhere = [...texts]
      .filter(([k]) => k !== key)
      .map(([, p]) => withoutMarkers(p.join(' ')))
      .join(' ');
    return texts
      .get(key)!
      .slice(1)
      .flatMap((p) => withoutMarkers(p).split(/(?<=\.)\s/))
      .find((s) => s.length > 60 && !elsewhere.includes(s.slice(0, 50)))!;
  };
  const docx = await withComments(
    await t.services.storage.get(rows[0].docx_key),
    comments.map((c) => ({ on: uniqueSentence(c.section), text: c.text })),
  );
  return { name: 'docx', value: docx, fileName: 'замечания руководителя.docx', contentType: 'application/octet-stream' };
}

describe('a bought full paper', () => {
  it('is version 1 with the state a round starts from, and an included round is left', async () => {
    const info = await owner.client.get(`/api/v1/papers/${paperId}/revisions/`);
    expect(info.status).toBe(200);
    expect(info.body.versions).toEqual([
      {
        number: 1,
        created_at: expect.any(String),
        page_count: expect.any(Number),
        download_url: `/api/v1/papers/${paperId}/versions/1/docx/`,
        preview_url: `/api/v1/papers/${paperId}/versions/1/preview.pdf`,
        report_url: null,
      },
    ]);
    expect(info.body.rounds).toMatchObject({ included: 1, used: 0, left: 1, price: 490, blocked: null });
    expect(info.body.paper.sections[0]).toEqual({ key: 'introduction', title: 'Введение' });
    expect(info.body.paper.sections).toContainEqual({ key: '2.1', title: expect.any(String) });
  });

  it('is neither shown nor revised to a stranger; a round needs remarks it can read', async () => {
    const stranger = await signUp(t);
    expect((await stranger.client.get(`/api/v1/papers/${paperId}/revisions/`)).status).toBe(404);
    expect((await stranger.client.get(`/api/v1/papers/${paperId}/versions/1/docx/`)).status).toBe(404);
    expect((await stranger.client.get(`/api/v1/papers/${paperId}/versions/1/preview.pdf`)).status).toBe(404);
    const foreign = await postRevision(stranger.client, paperId, { remarks: 'Раскройте подробнее п. 2.1' });
    expect(foreign).toMatchObject({ status: 404, body: { code: 'paper_not_found' } });

    // A demo, and a full paper delivered before revisions (no kept state), of the stranger's own.
    const { rows } = await t.sql(
      `insert into papers (user_id, type, tariff, title, structure, options, docx_key, pdf_key, paid_at)
       select id, t, 'basic', 'Своя работа', '{}', '{"min_publication_year":2015,"required_volume":80,"references":[]}', 'x.docx', 'x.pdf', now()
       from users, (values ('demo'), ('full')) v(t) where username = $1 returning id, type`,
      [stranger.name],
    );
    const demo = rows.find((r) => r.type === 'demo').id;
    const legacy = rows.find((r) => r.type === 'full').id;
    expect(await postRevision(stranger.client, demo, { remarks: 'Раскройте подробнее' })).toMatchObject({
      status: 400,
      body: { code: 'revision_not_purchased', detail: 'Доработка доступна для купленной полной версии работы' },
    });
    expect(await postRevision(stranger.client, legacy, { remarks: 'Раскройте подробнее' })).toMatchObject({
      status: 409,
      body: { code: 'revision_unavailable' },
    });
    expect((await stranger.client.get(`/api/v1/papers/${legacy}/revisions/`)).body.rounds.blocked).toMatch(
      /создана до появления доработок/,
    );

    // No remark, and the student is told why: nothing given, a file without comments, a text without a word.
    const empty = await postRevision(owner.client, paperId, { remarks: '  \n ' });
    expect(empty).toMatchObject({
      status: 400,
      body: {
        code: 'revision_no_remarks',
        detail: 'Замечаний нет: введите текст замечаний или приложите .docx с комментариями научного руководителя',
      },
    });
    const noComments = await postRevision(owner.client, paperId, {
      docx: { ...(await supervisorsDocx([])), fileName: 'без комментариев.docx' },
    });
    expect(noComments).toMatchObject({
      status: 400,
      body: {
        code: 'revision_no_remarks',
        detail:
          'Замечаний нет: в файле «без комментариев.docx» нет комментариев. ' +
          'Чтобы начать доработку, введите текст замечаний или приложите .docx с комментариями научного руководителя',
      },
    });
    const wordless = await postRevision(owner.client, paperId, { remarks: '1.\n—' });
    expect(wordless).toMatchObject({
      status: 400,
      body: { code: 'revision_no_remarks', detail: expect.stringMatching(/^Замечаний нет: в тексте замечаний нет ни одного слова\./) },
    });
    const long = await postRevision(owner.client, paperId, { remarks: 'Раскройте подробнее. '.repeat(600) });
    expect(long).toMatchObject({ status: 422, body: { code: 'remarks_too_long' } });
    const pdf = await postRevision(owner.client, paperId, {
      docx: { name: 'docx', value: await samplePdf(), fileName: 'замечания.pdf', contentType: 'application/pdf' },
    });
    expect(pdf).toMatchObject({ status: 415, body: { code: 'file_unsupported' } });
    const scope = await postRevision(owner.client, paperId, { remarks: 'Раскройте', scope: { sections: ['глава 2'] } });
    expect(scope.status).toBe(422);
    // Nothing of these made an order.
    const { rows: orders } = await t.sql(`select count(*)::int as n from orders where kind = 'revision'`);
    expect(orders[0].n).toBe(0);
  });

  it(
    'is revised by an included round: comments applied where they were made, v2 and its «Лист доработок»',
    { timeout: 300_000 },
    async () => {
      const docx = await supervisorsDocx([
        { section: '2.1', text: 'Раскройте подробнее' },
        { section: '3.2', text: 'Приведите пример' },
        { section: '1.3', text: 'Добавьте результаты анкетирования сотрудников' },
      ]);
      const created = await postRevision(owner.client, paperId, { remarks: 'Где выводы по главе 2?', docx });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.data).toMatchObject({ confirmation_url: null, payment_id: null, amount: 0 });
      const taskId = created.body.data.task_id;
      // One round at a time.
      expect(await postRevision(owner.client, paperId, { remarks: 'Сократите введение' })).toMatchObject({
        status: 409,
        body: { code: 'revision_running' },
      });
      const active = await owner.client.get('/api/v1/users/has_active_generation/');
      expect(active.body.data).toMatchObject({ type: 'active_generation', task_id: taskId });
      // The same progress socket as a generation's.
      const socket = await socketTranscript(t, owner.client, `/api/v1/users/ws/${taskId}`);
      const transcript = await socket.waitFor((m) => m.some((x) => ['completed', 'failed'].includes(x.status)));
      socket.close();
      expect(transcript.at(-1)).toMatchObject({ status: 'completed', type: 'full', paper_id: paperId });
      expect(transcript.some((m) => m.stage === 'Доработка по замечаниям')).toBe(true);

      const info = (await owner.client.get(`/api/v1/papers/${paperId}/revisions/`)).body;
      expect(info.versions.map((v: { number: number }) => v.number)).toEqual([2, 1]);
      expect(info.versions[0].report_url).toBe(`/api/v1/papers/${paperId}/versions/2/report/`);
      expect(info.rounds).toMatchObject({ used: 1, left: 0, blocked: null });
      const [round] = info.revisions;
      expect(round).toMatchObject({
        task_id: taskId,
        status: 'completed',
        included: true,
        amount: 0,
        from_version: 1,
        version: 2,
        remarks: 4,
      });
      expect(round.outcomes.map((o: { kind: string; status: string }) => [o.kind, o.status])).toEqual([
        ['chapter_conclusion', 'done'],
        ['author_data', 'author'],
        ['expand', 'done'],
        ['example', 'done'],
      ]);
      expect(round.outcomes[2]).toMatchObject({
        origin: 'comment',
        anchor: expect.any(String),
        where: [expect.stringMatching(/^п\. 2\.1 «/)],
      });

      const v2 = await owner.client.get(`/api/v1/papers/${paperId}/versions/2/docx/`);
      expect(v2.status).toBe(200);
      expect(v2.raw.headers['content-disposition']).toContain(encodeURIComponent('(версия 2).docx'));
      // The cabinet's download is the newest version; the first stays downloadable.
      const current = await owner.client.get(`/api/v1/papers/${paperId}/docx/`);
      expect(Buffer.compare(current.raw.rawPayload, v2.raw.rawPayload)).toBe(0);
      // The paper's page lists what that download cites: version 2's list and check, not the paper's
      // own (version 1's). This round's remarks bring no works, so the paper's row is given a list
      // of its own (as a round that renumbers the list leaves it) to tell which one the page reads.
      const [second] = (await t.sql(`select sources, originality from paper_versions where paper_id = $1 and number = 2`, [paperId])).rows;
      await t.sql(`update papers set sources = sources - 0 where id = $1`, [paperId]);
      const detail = (await owner.client.get(`/api/v1/papers/${paperId}/`)).body;
      const numbered = (list: { number: number; text: string }[]) => list.map((s) => [s.number, s.text]);
      expect(second.sources.length).toBeGreaterThan(1);
      expect(numbered(detail.sources)).toEqual(numbered(second.sources));
      expect(detail.originality).toEqual(second.originality);
      const v1 = await owner.client.get(`/api/v1/papers/${paperId}/versions/1/docx/`);
      expect(v1.status).toBe(200);
      expect(Buffer.compare(v1.raw.rawPayload, v2.raw.rawPayload)).not.toBe(0);
      const report = await owner.client.get(`/api/v1/papers/${paperId}/versions/2/report/`);
      expect(report.status).toBe(200);
      const xml = (await readZip(report.raw.rawPayload, (n) => n === 'word/document.xml')).get('word/document.xml')!.toString('utf8');
      expect(xml).toContain('ЛИСТ ДОРАБОТОК');
      expect(xml).toContain('Требует данных автора');
      expect((await owner.client.get(`/api/v1/papers/${paperId}/versions/1/report/`)).status).toBe(404);
      expect((await owner.client.get(`/api/v1/papers/${paperId}/versions/3/docx/`)).body.code).toBe('version_not_found');
      const mail = await t.outbox.waitFor(owner.email, (m) => m.subject === 'Доработка готова: версия 2');
      expect(mail.text).toContain('выполнено замечаний — 3 из 4');
      expect(mail.text).toContain(`/papers/${paperId}/revisions`);
    },
  );

  it('beyond the included rounds, is revised for a price; a paid round that fails is refunded', { timeout: 300_000 }, async () => {
    expect(await postRevision(owner.client, paperId, { remarks: 'В п. 1.1 приведите пример' })).toMatchObject({
      status: 402,
      body: { code: 'revision_rounds_used', data: { price: 490 } },
    });
    const paid = await postRevision(owner.client, paperId, { remarks: 'В п. 1.1 приведите пример', pay: true });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ amount: 490, confirmation_url: expect.stringMatching(/\/api\/v1\/payment\/sandbox\//) });
    const pay = await decideInSandbox(owner.client, paid.body.data.confirmation_url, 'pay');
    expect(pay.raw.headers.location).toBe(`http://localhost:8000/payment/waiting?task_id=${paid.body.data.task_id}&revision=${paperId}`);
    await untilFinished(paid.body.data.task_id);
    const info = (await owner.client.get(`/api/v1/papers/${paperId}/revisions/`)).body;
    expect(info.versions[0].number).toBe(3);
    expect(info.revisions[0]).toMatchObject({ included: false, amount: 490, status: 'completed', version: 3 });
    expect(info.revisions[0].outcomes[0]).toMatchObject({ kind: 'example', status: 'done' });

    // A round whose version cannot be read (its state lost) fails for good and its payment goes back.
    const { rows } = await t.sql('select state_key from paper_versions where paper_id = $1 and number = 3', [paperId]);
    await t.services.storage.delete(rows[0].state_key);
    const failing = await postRevision(owner.client, paperId, { remarks: 'Сократите п. 2.2', pay: true });
    await decideInSandbox(owner.client, failing.body.data.confirmation_url, 'pay');
    await untilOrderEvents(
      t,
      async () => {
        const r = await t.sql(
          `select o.status, (select status from refunds where order_id = o.id) as refund from orders o where o.id = $1`,
          [failing.body.data.task_id],
        );
        return r.rows[0]?.status === 'failed' && r.rows[0].refund === 'succeeded' ? true : null;
      },
      async () => 'the failed round refunded',
    );
    const failed = (await owner.client.get(`/api/v1/papers/${paperId}/revisions/`)).body.revisions[0];
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'Не удалось выполнить доработку. Оплата будет возвращена автоматически.',
    });
    await t.outbox.waitFor(owner.email, (m) => m.subject === 'Не удалось выполнить доработку');
    await expectMoneyBalanced(t, await sandboxBooks(t));
  });
});
