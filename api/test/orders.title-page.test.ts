/** The order's title page and AI appendix: checked by the contract, stored with the order, given to
 * the engine by name, and kept by the full version of a demo. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperInputOf } from '../src/modules/generation/order-input.ts';
import { Order } from '../src/modules/orders/entities.ts';
import { orderOptionsOf } from '../src/modules/orders/options.ts';
import { paperOrderOptions } from '../src/modules/orders/plan.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createPayment, newOrder } from './support/orders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const TITLE_PAGE = {
  ministry: 'education',
  work_kind: 'coursework',
  university: 'Московский педагогический государственный университет',
  faculty: 'истории',
  department: 'всеобщей истории',
  student: 'Иванова А. С.',
  group: 'ИСТ-21',
  supervisor: 'доцент Петров П. П.',
  city: 'Москва',
};

const orderOf = (taskId: string) => t.orm.em.fork().findOneOrFail(Order, { id: taskId });

describe('title page and AI appendix', () => {
  it('are stored with the order and given to the engine by name', async () => {
    const u = await signUp(t);
    const res = await createPayment(u.client, newOrder({ title_page: TITLE_PAGE, ai_appendix: false }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = await orderOf(res.body.data.task_id);
    expect(order.options).toMatchObject({ title_page: TITLE_PAGE, ai_appendix: false });
    const input = paperInputOf(order, [], null);
    expect(input.aiAppendix).toBe(false);
    expect(input.titlePage).toEqual({
      ministry: 'Министерство просвещения Российской Федерации',
      workKind: 'Курсовая работа',
      organization: 'Московский педагогический государственный университет',
      faculty: 'истории',
      department: 'всеобщей истории',
      student: 'Иванова А. С.',
      group: 'ИСТ-21',
      supervisor: 'доцент Петров П. П.',
      city: 'Москва',
    });
  });

  it('default to no title page details and the appendix on', async () => {
    const u = await signUp(t);
    const res = await createPayment(u.client, newOrder());
    const order = await orderOf(res.body.data.task_id);
    expect(order.options).toMatchObject({ title_page: null, ai_appendix: true });
    const input = paperInputOf(order, [], null);
    expect(input.aiAppendix).toBe(true);
    expect(input.titlePage).toBeUndefined();
  });

  it('422 with a Russian message for a field too long or out of form, and nothing is stored', async () => {
    const u = await signUp(t);
    const before = (await t.sql('select count(*)::int as n from orders')).rows[0].n;
    const long = await createPayment(u.client, newOrder({ title_page: { city: 'г'.repeat(61) } }));
    expect(long.status).toBe(422);
    expect(long.body.detail).toBe('Поле «Город» должно содержать не более 60 символов');
    const name = await createPayment(u.client, newOrder({ title_page: { student: '<script>' } }));
    expect(name.status).toBe(422);
    expect(name.body.detail).toBe('Поле «ФИО студента» содержит недопустимые символы');
    const flag = await createPayment(u.client, newOrder({ ai_appendix: 'да' }));
    expect(flag.status).toBe(422);
    expect((await t.sql('select count(*)::int as n from orders')).rows[0].n).toBe(before);
  });

  it("the full version of a demo keeps the demo's title page and appendix unless it gives its own", async () => {
    const u = await signUp(t);
    const demo = await createPayment(u.client, newOrder({ title_page: TITLE_PAGE, ai_appendix: false }));
    const { rows } = await t.sql(
      `insert into papers (user_id, type, tariff, title, annotation, structure, options, docx_key, pdf_key, page_count, paid_at)
       select id, 'demo', 'basic', 'Цифровая экономика малого бизнеса', 'Аннотация', '{}', '{}', 'papers/d.docx', 'papers/d.pdf', 12, now() from users where username = $1
       returning id`,
      [u.name],
    );
    await t.sql(`update orders set paper_id = $1, status = 'completed' where id = $2`, [rows[0].id, demo.body.data.task_id]);
    const full = await createPayment(u.client, { kind: 'from_demo', paper_id: rows[0].id, model_name: 'basic' });
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect((await orderOf(full.body.data.task_id)).options).toMatchObject({ title_page: TITLE_PAGE, ai_appendix: false });
  });

  it('reads an order stored before they were offered as without title page and appendix', () => {
    const legacy = {
      use_footnotes: false,
      separate_bibliography: false,
      min_publication_year: 2015,
      required_volume: 80,
      gost_citations: [],
      user_structure: null,
    };
    expect(orderOptionsOf({ id: 'x', options: legacy as never })).toMatchObject({ title_page: null, ai_appendix: false });
  });

  it("damaged stored options throw, whether the order's run or a paper made of it reads them", async () => {
    const damaged = { id: 'x', options: { use_footnotes: 'yes' } as never };
    expect(() => orderOptionsOf(damaged)).toThrow(/Order x: stored options are invalid/);
    const em = { findOne: async () => damaged } as never;
    await expect(paperOrderOptions(em, { id: 1 } as never)).rejects.toThrow(/Order x: stored options are invalid/);
  });
});
