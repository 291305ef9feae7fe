/**
 * «Отчёт об источниках» on the server, with the sandbox provider and a real worker writing with the
 * offline writer: every delivered version (a demo, a full paper, a revision round's) keeps its
 * report (JSON, .docx, PDF), served to its owner only; a paper delivered before reports has none
 * (404 saying so). A supervisor's read-only link: created (its token shown once, only its hash
 * kept), opened by a guest without a session (counted), its files served by token, revoked and
 * expired links and wrong tokens all the same 404, rate-limited per address; nobody else lists
 * or revokes the owner's links; account deletion takes the links and the reports' files with it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { evidenceReport, EVIDENCE_QUOTE_CHARS, SHARE_LINK_DAYS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_REQUESTS_PER_MINUTE } from '../src/modules/evidence/router.ts';
import { readZip } from '../../paper/src/zip.ts';
import { Client, signUp, startTestApp, type TestApp } from './support/app.ts';
import { untilOrderEvents } from './support/events.ts';
import { createPayment, decideInSandbox, multipart, newOrder } from './support/orders.ts';

/** The orders' own source: Russian text the offline writer retells and cites. */
const SOURCE_TEXT = Array.from(
  { length: 12 },
  (_, i) =>
    `Раздел ${i + 1}. Малые предприятия в регионах России переходят на облачные сервисы учёта и электронный документооборот, ` +
    'что сокращает издержки на управление и ускоряет расчёты с контрагентами. Региональные центры поддержки предпринимательства ' +
    'обучают владельцев малого бизнеса работе с маркетплейсами и цифровыми платформами продаж. Опыт Новосибирской области показывает, ' +
    'что совместные программы банков и муниципалитетов помогают малым предприятиям внедрять кассовые и учётные системы.',
).join('\n\n');
const STUDENT = 'Смирнова Анна Сергеевна';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let demoId: number;
let fullId: number;
/** A guest: no cookie at all. */
let guest: Client;

/** Orders a paper of `type`, pays in the sandbox, waits for the worker; the paper's id. */
async function writtenPaper(type: 'demo' | 'full', titlePage: Record<string, string> | null): Promise<number> {
  const created = await createPayment(
    owner.client,
    newOrder({
      paper_type: type,
      gost_citations: ['Иванов И. И. Цифровая экономика. – М. : Наука, 2020. – 200 с.'],
      ...(titlePage ? { title_page: titlePage } : {}),
    }),
    { files: [{ name: 'files', value: Buffer.from(SOURCE_TEXT), fileName: 'источник.txt', contentType: 'text/plain' }] },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  await decideInSandbox(owner.client, created.body.data.confirmation_url, 'pay');
  return untilFinished(created.body.data.task_id);
}

async function untilFinished(taskId: string): Promise<number> {
  return untilOrderEvents(
    t,
    async () => {
      const { rows } = await t.sql('select status, paper_id, error, failure_detail from orders where id = $1', [taskId]);
      if (rows[0]?.status === 'failed') throw new Error(`order failed: ${rows[0].error} ${rows[0].failure_detail}`);
      return rows[0]?.status === 'completed' ? (rows[0].paper_id as number) : null;
    },
    async () => JSON.stringify((await t.sql('select status, stage, error from orders where id = $1', [taskId])).rows[0]),
    300_000,
  );
}

beforeAll(async () => {
  t = await startTestApp({ GENERATION_MAX_ATTEMPTS: '1' }, { worker: true });
  owner = await signUp(t);
  stranger = await signUp(t);
  guest = new Client(t.app);
  demoId = await writtenPaper('demo', null);
  fullId = await writtenPaper('full', { student: STUDENT, city: 'Новосибирск' });
}, 600_000);
afterAll(() => t?.close());

const bytesOf = (res: Awaited<ReturnType<Client['get']>>) => res.raw.rawPayload;
const isZip = (b: Buffer) => b.subarray(0, 2).toString('latin1') === 'PK';
const isPdf = (b: Buffer) => b.subarray(0, 5).toString('latin1') === '%PDF-';

/** The report's own promises: a citation per entry, each quote within the limit, the contract's shape. */
function expectReport(body: unknown) {
  const report = evidenceReport.parse(body);
  expect(report.entries.length).toBeGreaterThan(0);
  expect(report.summary.citations).toBe(report.entries.length);
  for (const e of report.entries) {
    expect(e.quote.length).toBeGreaterThan(0);
    expect(e.quote.length).toBeLessThanOrEqual(EVIDENCE_QUOTE_CHARS);
  }
  return report;
}

const ownerRoutes = (id: number) => [
  `/api/v1/papers/${id}/evidence/`,
  `/api/v1/papers/${id}/evidence.docx`,
  `/api/v1/papers/${id}/evidence.pdf`,
  `/api/v1/papers/${id}/versions/1/evidence/`,
  `/api/v1/papers/${id}/versions/1/evidence.docx`,
  `/api/v1/papers/${id}/versions/1/evidence.pdf`,
];

describe('the owner', () => {
  it('gets the report of a demo and of a full paper: JSON, .docx and PDF, kept beside each version', async () => {
    for (const id of [demoId, fullId]) {
      const json = await owner.client.get(`/api/v1/papers/${id}/evidence/`);
      expect(json.status, JSON.stringify(json.body).slice(0, 300)).toBe(200);
      expectReport(json.body);
      const docx = await owner.client.get(`/api/v1/papers/${id}/evidence.docx`);
      expect(docx.status).toBe(200);
      expect(isZip(bytesOf(docx))).toBe(true);
      expect(docx.raw.headers['content-disposition']).toMatch(/^attachment;/);
      expect(docx.raw.headers['content-disposition']).toContain(encodeURIComponent('Отчёт об источниках — '));
      expect(docx.raw.headers['cache-control']).toBe('private, no-store');
      const pdf = await owner.client.get(`/api/v1/papers/${id}/evidence.pdf`);
      expect(pdf.status).toBe(200);
      expect(isPdf(bytesOf(pdf))).toBe(true);
    }
    // The files beside the paper's own, under the order that made it; version 1 of the full paper is the same report.
    const { rows } = await t.sql(
      'select p.id, p.evidence_key, p.order_id, v.evidence_key as v1 from papers p left join paper_versions v on v.paper_id = p.id and v.number = 1 where p.id = any($1)',
      [[demoId, fullId]],
    );
    for (const r of rows) expect(r.evidence_key).toBe(`papers/${r.order_id}/evidence`);
    expect(rows.find((r) => r.id === fullId).v1).toBe(rows.find((r) => r.id === fullId).evidence_key);
    expect(rows.find((r) => r.id === demoId).v1).toBeNull();
    const v1 = await owner.client.get(`/api/v1/papers/${fullId}/versions/1/evidence/`);
    expect(v1.body).toEqual((await owner.client.get(`/api/v1/papers/${fullId}/evidence/`)).body);
    // A demo has no versions; a bought paper has no version 2 yet.
    expect((await owner.client.get(`/api/v1/papers/${demoId}/versions/1/evidence/`)).body.code).toBe('version_not_found');
    expect((await owner.client.get(`/api/v1/papers/${fullId}/versions/2/evidence.pdf`)).body.code).toBe('version_not_found');
  });

  it('is the only one: a stranger gets 404 and a guest 401 on every owner endpoint, and neither learns anything', async () => {
    for (const url of [...ownerRoutes(demoId), ...ownerRoutes(fullId)]) {
      const foreign = await stranger.client.get(url);
      expect(foreign.status, url).toBe(404);
      expect(foreign.body.code, url).toBe('paper_not_found');
      const anonymous = await guest.get(url);
      expect(anonymous.status, url).toBe(401);
      expect(anonymous.body.code, url).toBe('unauthorized');
    }
    expect((await stranger.client.get(`/api/v1/papers/${fullId}/links/`)).status).toBe(404);
    expect((await guest.get(`/api/v1/papers/${fullId}/links/`)).status).toBe(401);
  });

  it('of a paper delivered before reports gets 404 saying the report is made for papers written from now on', async () => {
    const { rows } = await t.sql(
      `insert into papers (user_id, type, tariff, title, structure, options, docx_key, pdf_key, paid_at)
       select id, 'full', 'basic', 'Старая работа', '{}', '{"min_publication_year":2015,"required_volume":80,"references":[]}', 'x.docx', 'x.pdf', now()
       from users where username = $1 returning id`,
      [owner.name],
    );
    for (const url of ownerRoutes(rows[0].id)) {
      const res = await owner.client.get(url);
      expect(res.status, url).toBe(404);
      expect(res.body, url).toEqual({
        code: 'evidence_unavailable',
        detail: expect.stringMatching(/^Отчёт об источниках составляется для работ, написанных после его появления/),
      });
    }
    const link = await owner.client.post(`/api/v1/papers/${rows[0].id}/links/`, {});
    expect(link.status).toBe(404);
    expect(link.body.detail).toMatch(/^Отчёт об источниках/);
  });

  it(
    "gets a revision round's own report for its version; the paper's report is then the newest version's",
    { timeout: 300_000 },
    async () => {
      const { body, contentType } = multipart([{ name: 'remarks', value: 'В п. 1.1 приведите пример' }]);
      const cookie = [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/papers/${fullId}/revisions/`,
        payload: body,
        headers: { 'content-type': contentType, cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      await untilFinished(res.json().data.task_id);

      const v2 = await owner.client.get(`/api/v1/papers/${fullId}/versions/2/evidence/`);
      expect(v2.status).toBe(200);
      expectReport(v2.body);
      const v1 = await owner.client.get(`/api/v1/papers/${fullId}/versions/1/evidence/`);
      expect(v2.body).not.toEqual(v1.body);
      expect((await owner.client.get(`/api/v1/papers/${fullId}/evidence/`)).body).toEqual(v2.body);
      const { rows } = await t.sql('select number, evidence_key, order_id from paper_versions where paper_id = $1 order by number', [
        fullId,
      ]);
      expect(rows[1]).toMatchObject({ number: 2, evidence_key: `papers/${rows[1].order_id}/evidence` });
      expect(rows[1].evidence_key).not.toBe(rows[0].evidence_key);
      const docx = await owner.client.get(`/api/v1/papers/${fullId}/versions/2/evidence.docx`);
      expect(isZip(bytesOf(docx))).toBe(true);
      expect(docx.raw.headers['content-disposition']).toContain(encodeURIComponent('(версия 2).docx'));
      expect(isPdf(bytesOf(await owner.client.get(`/api/v1/papers/${fullId}/evidence.pdf`)))).toBe(true);
      // The preview is the version whose report it is (its pages are the report's), as «Скачать» is.
      const preview = bytesOf(await owner.client.get(`/api/v1/papers/${fullId}/preview.pdf`));
      expect(preview.equals(bytesOf(await owner.client.get(`/api/v1/papers/${fullId}/versions/2/preview.pdf`)))).toBe(true);
      expect(preview.equals(bytesOf(await owner.client.get(`/api/v1/papers/${fullId}/versions/1/preview.pdf`)))).toBe(false);
    },
  );

  it("defence kit of the revised paper: its answers name the newest version's report entries", { timeout: 300_000 }, async () => {
    const created = await createPayment(owner.client, { kind: 'defence', paper_id: fullId });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await decideInSandbox(owner.client, created.body.data.confirmation_url, 'pay');
    const taskId = created.body.data.task_id as string;
    await untilOrderEvents(
      t,
      async () => {
        const { rows } = await t.sql('select status, error from orders where id = $1', [taskId]);
        if (rows[0]?.status === 'failed') throw new Error(`defence kit failed: ${rows[0].error}`);
        return rows[0]?.status === 'completed' ? true : null;
      },
      async () => JSON.stringify((await t.sql('select status, stage from orders where id = $1', [taskId])).rows[0]),
      240_000,
    );
    const questions = bytesOf(await owner.client.get(`/api/v1/papers/${fullId}/defence/questions.docx`));
    const xml = (await readZip(questions, (n) => n === 'word/document.xml')).get('word/document.xml')!.toString('utf8');
    const text = xml.replace(/<[^>]+>/g, '');
    const report = evidenceReport.parse((await owner.client.get(`/api/v1/papers/${fullId}/versions/2/evidence/`)).body);
    const named = [...text.matchAll(/«Отчёт об источниках», ссылка № (\d+) \(работа (\d+) списка/g)];
    expect(named.length, text.slice(0, 3000)).toBeGreaterThan(0);
    for (const [, n, work] of named) expect(report.entries.find((e) => e.n === Number(n))?.work).toBe(Number(work));
  });
});

const TOKEN = /^http:\/\/localhost:8000\/s\/([A-Za-z0-9_-]{43,})$/;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const shared = (token: string, file = '') => `/api/v1/shared/${token}/${file}`;
const linksOf = async (id: number) => (await owner.client.get(`/api/v1/papers/${id}/links/`)).body.links as Record<string, unknown>[];

describe("a supervisor's link", () => {
  let token: string;
  let linkId: number;

  it('is created to the version the preview shows; its address is answered once, only its hash is kept', async () => {
    const before = Date.now();
    const created = await owner.client.post(`/api/v1/papers/${fullId}/links/`, {});
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      version: 2,
      revoked_at: null,
      openings: 0,
      last_opened_at: null,
      url: expect.stringMatching(TOKEN),
    });
    token = TOKEN.exec(created.body.url)![1];
    linkId = created.body.id;
    const days = (Date.parse(created.body.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(SHARE_LINK_DAYS.default - 0.01);
    expect(days).toBeLessThan(SHARE_LINK_DAYS.default + 0.01);

    const { rows } = await t.sql('select * from share_links');
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    // Listed without any address or token.
    const [listed] = await linksOf(fullId);
    expect(listed).toEqual({ ...created.body, url: undefined });
    expect(JSON.stringify(listed)).not.toContain(token);

    // A chosen version and a chosen lifetime, within the limit.
    const first = await owner.client.post(`/api/v1/papers/${fullId}/links/`, { version: 1, days: SHARE_LINK_DAYS.max });
    expect(first.status).toBe(201);
    expect(first.body.version).toBe(1);
    expect((await owner.client.post(`/api/v1/papers/${fullId}/links/`, { days: SHARE_LINK_DAYS.max + 1 })).status).toBe(422);
    expect((await owner.client.post(`/api/v1/papers/${fullId}/links/`, { version: 3 })).body.code).toBe('version_not_found');
    // Nobody else makes one to the owner's paper.
    expect((await stranger.client.post(`/api/v1/papers/${fullId}/links/`, {})).status).toBe(404);
    expect((await guest.post(`/api/v1/papers/${fullId}/links/`, {})).status).toBe(401);
    // A state-changing request from a foreign page is refused.
    const cookie = [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = await t.app.inject({
      method: 'POST',
      url: `/api/v1/papers/${fullId}/links/`,
      payload: {},
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(csrf.statusCode).toBe(403);
  });

  it("is opened by a guest without a session: the version, the title page's name, the report; nothing of the account; counted", async () => {
    const opened = await guest.get(shared(token));
    expect(opened.status, JSON.stringify(opened.body).slice(0, 300)).toBe(200);
    expect(opened.raw.headers['set-cookie']).toBeUndefined();
    expect(opened.raw.headers['cache-control']).toBe('private, no-store');
    expect(opened.body).toMatchObject({ kind: 'full', version: 2, author: STUDENT, page_count: expect.any(Number) });
    const title = (await t.sql('select title from papers where id = $1', [fullId])).rows[0].title;
    expect(opened.body.title).toBe(title);
    expect(opened.body.report).toEqual((await owner.client.get(`/api/v1/papers/${fullId}/versions/2/evidence/`)).body);
    expectReport(opened.body.report);
    const text = JSON.stringify(opened.body);
    expect(text).not.toContain(owner.email);
    expect(text).not.toContain(owner.name);
    expect(Object.keys(opened.body).sort()).toEqual(['author', 'expires_at', 'kind', 'page_count', 'report', 'title', 'version']);

    const listed = (await linksOf(fullId)).find((l) => l.id === linkId)!;
    expect(listed.openings).toBe(1);
    expect(Date.parse(String(listed.last_opened_at))).toBeGreaterThan(Date.now() - 60_000);

    // The version's PDF and the report's files by token; they are not counted (the page that shows them is).
    const pdf = await guest.get(shared(token, 'paper.pdf'));
    expect(pdf.status).toBe(200);
    expect(isPdf(bytesOf(pdf))).toBe(true);
    const v2pdf = await owner.client.get(`/api/v1/papers/${fullId}/versions/2/preview.pdf`);
    expect(Buffer.compare(bytesOf(pdf), bytesOf(v2pdf))).toBe(0);
    const docx = await guest.get(shared(token, 'evidence.docx'));
    expect(docx.status).toBe(200);
    expect(isZip(bytesOf(docx))).toBe(true);
    const reportPdf = await guest.get(shared(token, 'evidence.pdf'));
    expect(reportPdf.status).toBe(200);
    expect(isPdf(bytesOf(reportPdf))).toBe(true);
    expect((await linksOf(fullId)).find((l) => l.id === linkId)!.openings).toBe(1);

    // The token opens nothing else: not a session, not the paper's own endpoints.
    const asSession = new Client(t.app);
    asSession.cookies.set('session', token);
    expect((await asSession.get('/api/v1/users/me/')).status).toBe(401);
    expect((await asSession.get(`/api/v1/papers/${fullId}/`)).status).toBe(401);
  });

  it("of a demo shows the demo; the title page's name is null when the order gave none", async () => {
    const created = await owner.client.post(`/api/v1/papers/${demoId}/links/`, {});
    expect(created.status).toBe(201);
    expect(created.body.version).toBeNull();
    const opened = await guest.get(shared(TOKEN.exec(created.body.url)![1]));
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ kind: 'demo', version: null, author: null });
    expect(opened.body.report).toEqual((await owner.client.get(`/api/v1/papers/${demoId}/evidence/`)).body);
    expect((await owner.client.post(`/api/v1/papers/${demoId}/links/`, { version: 1 })).body.code).toBe('version_not_found');
  });

  it('revoked, expired or wrong: the same 404 for every request by token', async () => {
    const wrong = randomBytes(32).toString('base64url');
    const gone = await guest.get(shared(wrong));
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ code: 'share_link_invalid', detail: expect.stringMatching(/^Ссылка недействительна/) });

    // Someone else can neither list nor revoke the owner's links: not through the owner's paper, not through their own.
    expect((await stranger.client.get(`/api/v1/papers/${fullId}/links/`)).status).toBe(404);
    expect((await stranger.client.delete(`/api/v1/papers/${fullId}/links/${linkId}/`)).status).toBe(404);
    const own = await t.sql(
      `insert into papers (user_id, type, tariff, title, structure, options, pdf_key)
       select id, 'demo', 'basic', 'Чужая', '{}', '{"min_publication_year":2015,"required_volume":80,"references":[]}', 'y.pdf'
       from users where username = $1 returning id`,
      [stranger.name],
    );
    expect((await stranger.client.delete(`/api/v1/papers/${own.rows[0].id}/links/${linkId}/`)).status).toBe(404);
    expect((await guest.get(shared(token))).status).toBe(200);
    // Nor a missing one.
    expect((await owner.client.delete(`/api/v1/papers/${fullId}/links/999999/`)).status).toBe(404);

    const revoked = await owner.client.delete(`/api/v1/papers/${fullId}/links/${linkId}/`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ ok: true });
    for (const file of ['', 'paper.pdf', 'evidence.docx', 'evidence.pdf']) {
      const res = await guest.get(shared(token, file));
      expect(res.status, file).toBe(404);
      expect(res.raw.body, file).toBe(gone.raw.body);
      expect((await guest.get(shared(wrong, file))).raw.body, file).toBe(gone.raw.body);
    }
    const listed = (await linksOf(fullId)).find((l) => l.id === linkId)!;
    expect(listed.revoked_at).toEqual(expect.any(String));
    expect(listed.openings).toBe(2);

    // An expired link, and a token that cannot be one.
    const other = await owner.client.post(`/api/v1/papers/${fullId}/links/`, { days: 1 });
    const otherToken = TOKEN.exec(other.body.url)![1];
    expect((await guest.get(shared(otherToken))).status).toBe(200);
    await t.sql(`update share_links set expires_at = now() - interval '1 minute' where id = $1`, [other.body.id]);
    const expired = await guest.get(shared(otherToken));
    expect(expired.status).toBe(404);
    expect(expired.raw.body).toBe(gone.raw.body);
    expect((await guest.get(shared('x'.repeat(64)))).raw.body).toBe(gone.raw.body);
    expect((await guest.get(shared('x'.repeat(65)))).status).toBe(422);
  });

  it('is no more once its paper is no longer bought (refunded by support)', async () => {
    const created = await owner.client.post(`/api/v1/papers/${fullId}/links/`, {});
    const linkToken = TOKEN.exec(created.body.url)![1];
    expect((await guest.get(shared(linkToken))).status).toBe(200);
    await t.sql('update papers set paid_at = null where id = $1', [fullId]);
    try {
      expect((await guest.get(shared(linkToken, 'paper.pdf'))).status).toBe(404);
    } finally {
      await t.sql('update papers set paid_at = now() where id = $1', [fullId]);
    }
    expect((await guest.get(shared(linkToken, 'paper.pdf'))).status).toBe(200);
  });

  it('requests by token are rate-limited per address (429 with its code)', async () => {
    const from = (address: string) =>
      t.app.inject({ method: 'GET', url: shared(randomBytes(32).toString('base64url')), remoteAddress: address });
    // Windows are whole minutes: when one begins midway the count starts again, so the limit is met
    // within twice the limit, and every request before it was answered.
    const answered: number[] = [];
    let limited: Awaited<ReturnType<typeof from>> | null = null;
    for (let i = 0; i <= 2 * SHARED_REQUESTS_PER_MINUTE && !limited; i++) {
      const res = await from('203.0.113.7');
      if (res.statusCode === 429) limited = res;
      else answered.push(res.statusCode);
    }
    expect(limited?.json()).toEqual({ code: 'rate_limited', detail: expect.any(String) });
    expect(answered.length).toBeGreaterThanOrEqual(SHARED_REQUESTS_PER_MINUTE);
    expect(new Set(answered)).toEqual(new Set([404]));
    // Another address is not held back.
    expect((await from('203.0.113.8')).statusCode).toBe(404);
  });
});

describe('account deletion', () => {
  it("removes the owner's links and every version's report files", async () => {
    const created = await owner.client.post(`/api/v1/papers/${fullId}/links/`, {});
    const linkToken = TOKEN.exec(created.body.url)![1];
    const { rows } = await t.sql(
      `select evidence_key as key from papers where id = any($1) union select evidence_key from paper_versions where paper_id = $2`,
      [[demoId, fullId], fullId],
    );
    const keys = rows.flatMap((r) => ['json', 'docx', 'pdf'].map((ext) => `${r.key}.${ext}`));
    expect(keys.length).toBe(9);
    for (const key of keys) await expect(t.services.storage.get(key)).resolves.toBeInstanceOf(Buffer);

    expect((await owner.client.delete('/api/v1/users/delete/')).status).toBe(200);
    expect((await t.sql('select count(*)::int as n from share_links')).rows[0].n).toBe(0);
    for (const key of keys) await expect(t.services.storage.get(key), key).rejects.toThrow();
    expect((await guest.get(shared(linkToken))).status).toBe(404);
  });
});
