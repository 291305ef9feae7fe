/** The cabinet's papers list (GET /api/v1/papers/): one plain query for the page and its count,
 * behind the session owner check. What the list shows, to whom, in which order and in which pages. */
import { LIMITS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signUp, startTestApp, type TestApp } from './support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface PaperRow {
  type: 'demo' | 'full';
  title: string;
  paid?: boolean;
  docx?: boolean;
  sourcePaperId?: number;
}

/** Inserts papers of `username` as the later stages of the product leave them; returns their ids. */
async function insertPapers(username: string, papers: PaperRow[]): Promise<number[]> {
  const ids: number[] = [];
  for (const p of papers) {
    const { rows } = await t.sql(
      `insert into papers (user_id, type, tariff, title, annotation, structure, options, docx_key, pdf_key, paid_at, source_paper_id)
       select id, $2, 'basic', $3, 'Аннотация: ' || $3, '{}', '{}', $4, 'papers/x.pdf', $5, $6 from users where username = $1
       returning id`,
      [username, p.type, p.title, p.docx === false ? null : 'papers/x.docx', p.paid === false ? null : new Date(), p.sourcePaperId ?? null],
    );
    ids.push(rows[0].id);
  }
  return ids;
}

const list = async (client: Client, query: string) => {
  const res = await client.get(`/api/v1/papers/?${query}`);
  expect(res.status, query).toBe(200);
  return res.body as { papers: { id: number; title: string; annotation: string; download_url: string | null }[]; total_count: number };
};

describe('a user with 200 papers', () => {
  it('gets them one page of the specification size at a time, newest first, with every field the screen shows', async () => {
    const u = await signUp(t);
    await t.sql(
      `insert into papers (user_id, type, tariff, title, annotation, structure, options, docx_key, pdf_key, paid_at)
       select u.id, 'full', 'basic', 'Работа ' || i, 'Аннотация ' || i, '{}', '{}', 'k.docx', 'k.pdf', now()
       from users u, generate_series(1, 200) as i where u.username = $1`,
      [u.name],
    );
    expect(LIMITS.papers.pageSize).toBe(4);
    const first = await list(u.client, 'paper_type=full');
    expect(first.total_count).toBe(200);
    expect(first.papers.map((p) => p.title)).toEqual(['Работа 200', 'Работа 199', 'Работа 198', 'Работа 197']);
    const [top] = first.papers;
    expect(top).toEqual({ id: top.id, title: 'Работа 200', annotation: 'Аннотация 200', download_url: `/api/v1/papers/${top.id}/docx/` });
    const third = await list(u.client, 'paper_type=full&offset=8');
    expect(third.papers.map((p) => p.title)).toEqual(['Работа 192', 'Работа 191', 'Работа 190', 'Работа 189']);
    expect(third.total_count).toBe(200);
    const last = await list(u.client, 'paper_type=full&offset=196');
    expect(last.papers.map((p) => p.title)).toEqual(['Работа 4', 'Работа 3', 'Работа 2', 'Работа 1']);
    // Past the end: an empty page that still says how many there are.
    expect(await list(u.client, 'paper_type=full&offset=200')).toEqual({ papers: [], total_count: 200 });
    expect(await list(u.client, 'paper_type=full&offset=4000')).toEqual({ papers: [], total_count: 200 });
    expect(await list(u.client, 'paper_type=demo')).toEqual({ papers: [], total_count: 0 });
    expect(await list(u.client, 'paper_type=demo&offset=8')).toEqual({ papers: [], total_count: 0 });
  });
});

describe('owners only', () => {
  it("another user's papers never appear, in either tab, on any page or search", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await insertPapers(a.name, [
      { type: 'full', title: 'Общая тема: работа A' },
      { type: 'demo', title: 'Общая тема: демо A' },
    ]);
    await insertPapers(b.name, [
      { type: 'full', title: 'Общая тема: работа B' },
      { type: 'full', title: 'Общая тема: вторая работа B' },
      { type: 'demo', title: 'Общая тема: демо B' },
    ]);
    for (const query of ['paper_type=full', 'paper_type=demo', 'paper_type=full&search=Общая', 'paper_type=full&order_by=title_asc']) {
      const mine = await list(a.client, query);
      expect(mine.total_count, query).toBe(1);
      expect(
        mine.papers.every((p) => p.title.endsWith('A')),
        query,
      ).toBe(true);
    }
    expect((await list(b.client, 'paper_type=full')).total_count).toBe(2);
  });

  it('a guest, a logged-out session, an expired one and a deleted account get 401', async () => {
    const guest = await new Client(t.app).get('/api/v1/papers/?paper_type=full');
    expect(guest.status).toBe(401);
    expect(guest.body.detail).toEqual(expect.any(String));

    const out = await signUp(t);
    await insertPapers(out.name, [{ type: 'full', title: 'Работа до выхода' }]);
    const kept = new Client(t.app);
    kept.cookies.set('session', out.client.cookies.get('session')!);
    await out.client.post('/api/v1/auth/logout/');
    expect((await kept.get('/api/v1/papers/?paper_type=full')).status).toBe(401);

    const expired = await signUp(t);
    await t.sql(`update sessions set expires_at = now() - interval '1 minute' where user_id = (select id from users where username = $1)`, [
      expired.name,
    ]);
    expect((await expired.client.get('/api/v1/papers/?paper_type=full')).status).toBe(401);

    const deleted = await signUp(t);
    await t.sql(`update users set deleted_at = now() where username = $1`, [deleted.name]);
    expect((await deleted.client.get('/api/v1/papers/?paper_type=full')).status).toBe(401);
  });
});

describe('what a row downloads', () => {
  it('a paid full paper its own .docx; an unpaid or unwritten one nothing; a demo its bought full version once written', async () => {
    const u = await signUp(t);
    const [paid, unpaid, unwritten, boughtDemo, plainDemo] = await insertPapers(u.name, [
      { type: 'full', title: 'Оплаченная работа' },
      { type: 'full', title: 'Неоплаченная работа', paid: false },
      { type: 'full', title: 'Ненаписанная работа', docx: false },
      { type: 'demo', title: 'Демо с купленной работой' },
      { type: 'demo', title: 'Демо без покупки' },
    ]);
    const [fullOfDemo] = await insertPapers(u.name, [{ type: 'full', title: 'Полная версия демо', sourcePaperId: boughtDemo }]);
    // A full version still being written (no .docx yet) is not what the demo downloads.
    await insertPapers(u.name, [{ type: 'full', title: 'Вторая покупка в работе', sourcePaperId: boughtDemo, docx: false }]);

    const fulls = new Map((await list(u.client, 'paper_type=full&offset=0')).papers.map((p) => [p.id, p.download_url]));
    const more = new Map((await list(u.client, 'paper_type=full&offset=4')).papers.map((p) => [p.id, p.download_url]));
    const all = new Map([...fulls, ...more]);
    expect(all.size).toBe(5);
    expect(all.get(paid)).toBe(`/api/v1/papers/${paid}/docx/`);
    expect(all.get(unpaid)).toBeNull();
    expect(all.get(unwritten)).toBeNull();
    expect(all.get(fullOfDemo)).toBe(`/api/v1/papers/${fullOfDemo}/docx/`);

    const demos = await list(u.client, 'paper_type=demo');
    expect(demos.total_count).toBe(2);
    expect(new Map(demos.papers.map((p) => [p.id, p.download_url]))).toEqual(
      new Map([
        [boughtDemo, `/api/v1/papers/${fullOfDemo}/docx/`],
        [plainDemo, null],
      ]),
    );
  });
});

describe('order and search', () => {
  it('sorts by id or title both ways (ties by id) and searches titles literally', async () => {
    const u = await signUp(t);
    const ids = await insertPapers(u.name, [
      { type: 'full', title: 'Банки' },
      { type: 'full', title: 'Аудит' },
      { type: 'full', title: 'Банки' },
      { type: 'full', title: 'Рост 100% за год' },
      { type: 'full', title: 'Учёт_1' },
    ]);
    const titles = async (query: string) => (await list(u.client, `paper_type=full&${query}`)).papers.map((p) => p.id);
    expect(await titles('')).toEqual([ids[4], ids[3], ids[2], ids[1]]);
    expect(await titles('order_by=id_asc')).toEqual([ids[0], ids[1], ids[2], ids[3]]);
    expect(await titles('order_by=title_asc')).toEqual([ids[1], ids[0], ids[2], ids[3]]);
    expect(await titles('order_by=title_desc&offset=1')).toEqual([ids[3], ids[2], ids[0], ids[1]]);
    // LIKE's wildcards are the user's characters, not patterns; case does not matter.
    const found = await list(u.client, `paper_type=full&search=${encodeURIComponent('100%')}`);
    expect(found).toMatchObject({ total_count: 1, papers: [{ id: ids[3] }] });
    expect((await list(u.client, `paper_type=full&search=${encodeURIComponent('т_')}`)).papers.map((p) => p.id)).toEqual([ids[4]]);
    expect((await list(u.client, 'paper_type=full&search=%D0%B1%D0%B0%D0%BD%D0%BA%D0%B8')).total_count).toBe(2);
    expect(await list(u.client, `paper_type=full&search=${encodeURIComponent('Нет такой')}&offset=4`)).toEqual({
      papers: [],
      total_count: 0,
    });
  });
});
