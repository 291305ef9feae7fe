/** Rows that later stages of the product create (generation, payment), inserted directly so that
 * a test of another feature can stand on them. */
import type { TestApp } from './app.ts';

/** A completed, paid full paper of `username`; returns its id. */
export async function insertPaidFullPaper(
  t: TestApp,
  username: string,
  title = 'Цифровая трансформация малого бизнеса в регионах',
): Promise<number> {
  const { rows } = await t.sql(
    `insert into papers (user_id, type, tariff, title, annotation, structure, options, docx_key, pdf_key, page_count, paid_at)
     select id, 'full', 'basic', $2, 'Аннотация работы', '{}', '{}', 'papers/x.docx', 'papers/x.pdf', 80, now() from users where username = $1
     returning id`,
    [username, title],
  );
  return rows[0].id;
}
