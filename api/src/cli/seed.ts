/** Development and test data for a running installation (same environment as `npm start`):
 *   node api/src/cli/seed.ts reviews <count>      users with paid full papers and a review each
 *   node api/src/cli/seed.ts paid-paper <username> a paid full paper, so the user can leave a review
 *   node api/src/cli/seed.ts demo-paper <username> <pdf>  an unpaid demo with that PDF as its preview
 *   node api/src/cli/seed.ts full-paper <username> <docx> a paid full paper of that .docx (its PDF rendered by LibreOffice)
 */
import { DOCX } from '@app/contract';
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { createPdfConverterPool } from '@app/paper';
import { storageOf } from '../services.ts';
import { paperFileKey } from '../storage/storage.ts';
import { openCliDatabase } from './db.ts';
import { hashPassword } from '../modules/accounts/secrets.ts';

const PHRASES = [
  'Работа пришла вовремя, оформление полностью по ГОСТ, научный руководитель замечаний не дал.',
  'Хорошая структура и настоящие источники, пришлось поправить только пару формулировок.',
  'Понравилось, что список литературы проверяемый: все книги и статьи нашлись в библиотеке.',
  'Демо помогло понять, что тема раскрыта правильно, после оплаты получил полный текст за 15 минут.',
  'Оглавление с номерами страниц, поля и шрифт как требует кафедра. Рекомендую.',
  'Текст написан академическим языком, но кое-где пришлось дописать практическую часть.',
];

/** A seeded paper's structure and order options, as a real paper has them (its page reads them). */
const STRUCTURE = { '1. Теоретические основы темы': ['1.1 Основные понятия', '1.2 Обзор исследований'], '2. Практическая часть': [] };
const OPTIONS = {
  min_publication_year: 2015,
  required_volume: 80,
  use_footnotes: false,
  separate_bibliography: false,
  references: [],
};

async function main() {
  const [command, arg, file] = process.argv.slice(2);
  const { orm, config } = await openCliDatabase();
  const db = orm.em.getConnection();
  try {
    if (command === 'reviews') {
      const count = Number(arg ?? 10);
      const hash = await hashPassword('password123');
      const stamp = Date.now().toString(36);
      for (let i = 0; i < count; i++) {
        const name = `reader_${stamp}_${i}`;
        const [user] = await db.execute<{ id: number }[]>(
          `insert into users (username, email, password_hash, email_verified_at) values (?, ?, ?, now()) returning id`,
          [name, `${name}@example.ru`, hash],
        );
        const [paper] = await db.execute<{ id: number }[]>(
          `insert into papers (user_id, type, tariff, title, structure, options, docx_key, pdf_key, page_count, paid_at)
           values (?, 'full', 'basic', ?, '{}', '{}', 'seed/none.docx', 'seed/none.pdf', 80, now()) returning id`,
          [user.id, `Учебная работа №${i + 1}`],
        );
        await db.execute(
          `insert into reviews (user_id, paper_id, rating, comment, created_at) values (?, ?, ?, ?, now() - make_interval(hours => ?))`,
          [user.id, paper.id, 1 + ((i * 7) % 5), `${PHRASES[i % PHRASES.length]} (#${i + 1})`, i],
        );
      }
      console.log(`seeded ${count} reviews`);
    } else if (command === 'paid-paper' && arg) {
      const rows = await db.execute<{ id: number }[]>(
        `insert into papers (user_id, type, tariff, title, structure, options, docx_key, pdf_key, page_count, paid_at)
         select id, 'full', 'basic', 'Оплаченная работа для отзыва', ?, ?, 'seed/none.docx', 'seed/none.pdf', 80, now()
         from users where lower(username) = lower(?) and deleted_at is null returning id`,
        [JSON.stringify(STRUCTURE), JSON.stringify(OPTIONS), arg],
      );
      if (rows.length === 0) throw new Error(`no user ${arg}`);
      console.log(`paper ${rows[0].id} for ${arg}`);
    } else if (command === 'demo-paper' && arg && file) {
      const pdfKey = paperFileKey(randomUUID(), 'preview.pdf');
      await storageOf(config).put(pdfKey, await readFile(file), 'application/pdf');
      const rows = await db.execute<{ id: number }[]>(
        `insert into papers (user_id, type, tariff, title, annotation, structure, options, pdf_key, page_count)
         select id, 'demo', 'basic', 'Демо работа для предпросмотра', ?, ?, ?, ?, 10
         from users where lower(username) = lower(?) and deleted_at is null returning id`,
        [PHRASES.join(' '), JSON.stringify(STRUCTURE), JSON.stringify(OPTIONS), pdfKey, arg],
      );
      if (rows.length === 0) throw new Error(`no user ${arg}`);
      console.log(`paper ${rows[0].id} for ${arg}`);
    } else if (command === 'full-paper' && arg && file) {
      const docx = await readFile(file);
      const pool = createPdfConverterPool({ size: 1, tmpDir: config.worker.pdfTmpDir });
      const pdf = await pool.convert(docx).finally(() => pool.close());
      const id = randomUUID();
      const docxKey = paperFileKey(id, 'paper.docx');
      const pdfKey = paperFileKey(id, 'preview.pdf');
      await storageOf(config).put(docxKey, docx, DOCX);
      await storageOf(config).put(pdfKey, pdf, 'application/pdf');
      const rows = await db.execute<{ id: number }[]>(
        `insert into papers (user_id, type, tariff, title, annotation, structure, options, docx_key, pdf_key, page_count, paid_at)
         select id, 'full', 'basic', 'Цифровая трансформация управления малым бизнесом в регионах России', ?, '{}', ?, ?, ?, 80, now()
         from users where lower(username) = lower(?) and deleted_at is null returning id`,
        [PHRASES[0], JSON.stringify(OPTIONS), docxKey, pdfKey, arg],
      );
      if (rows.length === 0) throw new Error(`no user ${arg}`);
      console.log(`paper ${rows[0].id} for ${arg}`);
    } else {
      console.error(
        'usage: seed.ts reviews <count> | seed.ts paid-paper <username> | seed.ts demo-paper <username> <pdf> | seed.ts full-paper <username> <docx>',
      );
      process.exitCode = 2;
    }
  } finally {
    await orm.close();
  }
}

await main();
