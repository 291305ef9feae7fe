/** `npm run bench:library -w api`: the library's search at scale. Loads LIBRARY_BENCH_RECORDS
 * (500,000) generated records (Russian and English titles, keywords and abstracts built from word
 * lists with real inflection, so that morphology matters) into an embedded PostgreSQL, then prints
 * the load time, the table and index sizes, and the latency of searchLibrary for 200 three-word
 * Russian queries (median, p95) beside the target: p95 ≤ 100 ms. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureDatabase, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate, openOrm } from '../src/db/orm.ts';
import { searchLibrary } from '../src/modules/library/search.ts';
import { freePort } from '../test/support/ports.ts';

const RECORDS = Number(process.env.LIBRARY_BENCH_RECORDS ?? 500_000);
const QUERIES = Number(process.env.LIBRARY_BENCH_QUERIES ?? 200);
const BATCH = 5000;
const TARGET_P95_MS = 100;

// A seeded generator: the same collection on every run.
let seed = 20261126;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];

/** Adjective stems: 'k' stems decline -ий/-ая/-ое/-ой/-ого/-их, hard stems -ый/-ая/-ое/-ой/-ого/-ых. */
const ADJECTIVES: [stem: string, kind: 'k' | 'h', english: string][] = [
  ['экономическ', 'k', 'economic'],
  ['финансов', 'h', 'financial'],
  ['информационн', 'h', 'information'],
  ['государственн', 'h', 'public'],
  ['региональн', 'h', 'regional'],
  ['инновационн', 'h', 'innovative'],
  ['социальн', 'h', 'social'],
  ['правов', 'h', 'legal'],
  ['цифров', 'h', 'digital'],
  ['промышленн', 'h', 'industrial'],
  ['инвестиционн', 'h', 'investment'],
  ['налогов', 'h', 'tax'],
  ['кадров', 'h', 'human resource'],
  ['экологическ', 'k', 'environmental'],
  ['стратегическ', 'k', 'strategic'],
  ['организационн', 'h', 'organisational'],
  ['педагогическ', 'k', 'pedagogical'],
  ['психологическ', 'k', 'psychological'],
  ['образовательн', 'h', 'educational'],
  ['муниципальн', 'h', 'municipal'],
  ['банковск', 'k', 'banking'],
  ['бюджетн', 'h', 'budgetary'],
  ['технологическ', 'k', 'technological'],
  ['транспортн', 'h', 'transport'],
  ['энергетическ', 'k', 'energy'],
  ['конкурентн', 'h', 'competitive'],
  ['маркетингов', 'h', 'marketing'],
  ['логистическ', 'k', 'logistics'],
  ['корпоративн', 'h', 'corporate'],
  ['внешнеэкономическ', 'k', 'foreign trade'],
  ['аграрн', 'h', 'agrarian'],
  ['медицинск', 'k', 'medical'],
  ['туристическ', 'k', 'tourism'],
  ['страхов', 'h', 'insurance'],
  ['производственн', 'h', 'production'],
  ['интеллектуальн', 'h', 'intellectual'],
  ['гражданск', 'k', 'civil'],
  ['уголовн', 'h', 'criminal'],
  ['административн', 'h', 'administrative'],
  ['трудов', 'h', 'labour'],
];
const ENDINGS = {
  k: { m: 'ий', f: 'ая', n: 'ое', fGen: 'ой', mGen: 'ого', pl: 'их' },
  h: { m: 'ый', f: 'ая', n: 'ое', fGen: 'ой', mGen: 'ого', pl: 'ых' },
};

/** Nouns: nominative, genitive singular, genitive plural, gender, English. */
const NOUNS: [nom: string, gen: string, genPl: string, gender: 'm' | 'f' | 'n', english: string][] = [
  ['безопасность', 'безопасности', 'безопасностей', 'f', 'security'],
  ['устойчивость', 'устойчивости', 'устойчивостей', 'f', 'sustainability'],
  ['политика', 'политики', 'политик', 'f', 'policy'],
  ['система', 'системы', 'систем', 'f', 'system'],
  ['деятельность', 'деятельности', 'деятельностей', 'f', 'activity'],
  ['эффективность', 'эффективности', 'эффективностей', 'f', 'efficiency'],
  ['стратегия', 'стратегии', 'стратегий', 'f', 'strategy'],
  ['модель', 'модели', 'моделей', 'f', 'model'],
  ['отчётность', 'отчётности', 'отчётностей', 'f', 'reporting'],
  ['конкурентоспособность', 'конкурентоспособности', 'конкурентоспособностей', 'f', 'competitiveness'],
  ['инфраструктура', 'инфраструктуры', 'инфраструктур', 'f', 'infrastructure'],
  ['ответственность', 'ответственности', 'ответственностей', 'f', 'liability'],
  ['потенциал', 'потенциала', 'потенциалов', 'm', 'potential'],
  ['риск', 'риска', 'рисков', 'm', 'risk'],
  ['анализ', 'анализа', 'анализов', 'm', 'analysis'],
  ['механизм', 'механизма', 'механизмов', 'm', 'mechanism'],
  ['капитал', 'капитала', 'капиталов', 'm', 'capital'],
  ['менеджмент', 'менеджмента', 'менеджментов', 'm', 'management'],
  ['контроль', 'контроля', 'контролей', 'm', 'control'],
  ['рынок', 'рынка', 'рынков', 'm', 'market'],
  ['бюджет', 'бюджета', 'бюджетов', 'm', 'budget'],
  ['учёт', 'учёта', 'учётов', 'm', 'accounting'],
  ['аудит', 'аудита', 'аудитов', 'm', 'audit'],
  ['процесс', 'процесса', 'процессов', 'm', 'process'],
  ['развитие', 'развития', 'развитий', 'n', 'development'],
  ['регулирование', 'регулирования', 'регулирований', 'n', 'regulation'],
  ['управление', 'управления', 'управлений', 'n', 'management'],
  ['обеспечение', 'обеспечения', 'обеспечений', 'n', 'support'],
  ['планирование', 'планирования', 'планирований', 'n', 'planning'],
  ['образование', 'образования', 'образований', 'n', 'education'],
  ['прогнозирование', 'прогнозирования', 'прогнозирований', 'n', 'forecasting'],
  ['страхование', 'страхования', 'страхований', 'n', 'insurance'],
];
/** Who or what it is about: genitive singular and plural, English. */
const SUBJECTS: [gen: string, genPl: string, english: string][] = [
  ['предприятия', 'предприятий', 'enterprises'],
  ['организации', 'организаций', 'organisations'],
  ['банка', 'банков', 'banks'],
  ['региона', 'регионов', 'regions'],
  ['государства', 'государств', 'states'],
  ['отрасли', 'отраслей', 'industries'],
  ['компании', 'компаний', 'companies'],
  ['муниципалитета', 'муниципалитетов', 'municipalities'],
  ['университета', 'университетов', 'universities'],
  ['школы', 'школ', 'schools'],
  ['больницы', 'больниц', 'hospitals'],
  ['корпорации', 'корпораций', 'corporations'],
  ['холдинга', 'холдингов', 'holdings'],
  ['города', 'городов', 'cities'],
  ['учреждения', 'учреждений', 'institutions'],
  ['кластера', 'кластеров', 'clusters'],
  ['персонала', 'персонала', 'staff'],
  ['студента', 'студентов', 'students'],
  ['потребителя', 'потребителей', 'consumers'],
  ['экспортёра', 'экспортёров', 'exporters'],
];
const ACTIONS = [
  ['Оценка', 'Assessment of'],
  ['Анализ', 'Analysis of'],
  ['Совершенствование', 'Improving'],
  ['Формирование', 'Shaping'],
  ['Развитие', 'Developing'],
  ['Управление', 'Managing'],
  ['Моделирование', 'Modelling'],
  ['Проблемы', 'Problems of'],
  ['Методы оценки', 'Methods for assessing'],
  ['Факторы', 'Factors of'],
  ['Особенности', 'Features of'],
  ['Повышение', 'Increasing'],
] as const;
const CONTEXTS = [
  ['в условиях санкций', 'under sanctions'],
  ['в условиях цифровизации', 'in the digital economy'],
  ['в современной России', 'in modern Russia'],
  ['на примере Сибирского федерального округа', 'in Siberia'],
  ['в период пандемии', 'during the pandemic'],
  ['в условиях неопределённости', 'under uncertainty'],
  ['на региональном уровне', 'at the regional level'],
  ['', ''],
  ['', ''],
] as const;
const SURNAMES = [
  'Иванов',
  'Смирнов',
  'Кузнецов',
  'Попов',
  'Васильев',
  'Петров',
  'Соколов',
  'Михайлов',
  'Новиков',
  'Фёдоров',
  'Морозов',
  'Волков',
  'Алексеев',
  'Лебедев',
  'Семёнов',
  'Егоров',
  'Павлов',
  'Козлов',
  'Степанов',
  'Николаев',
  'Орлов',
  'Андреев',
  'Макаров',
  'Никитин',
  'Захаров',
];
const NAMES = ['Александр', 'Сергей', 'Дмитрий', 'Андрей', 'Алексей', 'Максим', 'Евгений', 'Иван', 'Михаил', 'Артём'];
const PATRONYMICS = ['Александрович', 'Сергеевич', 'Дмитриевич', 'Андреевич', 'Иванович', 'Петрович', 'Викторович', 'Николаевич'];
const JOURNALS = [
  'Вестник экономики и управления',
  'Финансы и кредит',
  'Региональная экономика: теория и практика',
  'Экономический анализ: теория и практика',
  'Вопросы экономики',
  'Государство и право',
  'Высшее образование в России',
  'Менеджмент в России и за рубежом',
  'Вестник Томского государственного университета',
  'Известия Уральского государственного экономического университета',
];

type Phrase = { ru: string; ruNom: string; en: string };
/** "экономической безопасности предприятий" and its query form "экономическая безопасность предприятия". */
function phrase(): Phrase {
  const [stem, kind, adjEn] = pick(ADJECTIVES);
  const [nom, gen, , gender, nounEn] = pick(NOUNS);
  const [subjGen, subjGenPl, subjEn] = pick(SUBJECTS);
  const e = ENDINGS[kind];
  const adjGen = gender === 'f' ? e.fGen : e.mGen;
  return {
    ru: `${stem}${adjGen} ${gen} ${random() < 0.5 ? subjGenPl : subjGen}`,
    ruNom: `${stem}${e[gender]} ${nom} ${subjGen}`,
    en: `${adjEn} ${nounEn} of ${subjEn}`,
  };
}

function record(i: number) {
  const english = random() < 0.25;
  const main = phrase();
  const others = [phrase(), phrase(), phrase()];
  const [action, actionEn] = pick(ACTIONS);
  const [context, contextEn] = pick(CONTEXTS);
  const year = 2005 + Math.floor(random() * 20);
  const title = english ? `${actionEn} ${main.en} ${contextEn}`.trim() : `${action} ${main.ru} ${context}`.trim();
  const keywords = english ? [main.en, ...others.slice(0, 2).map((p) => p.en)] : [main.ruNom, ...others.slice(0, 2).map((p) => p.ruNom)];
  const abstract = english
    ? `The article considers ${main.en}. A method for assessing ${others[0].en} is proposed, and the relation between ${others[1].en} and ${others[2].en} is studied ${contextEn}. The results can be used in planning.`
    : `В статье рассматриваются вопросы ${main.ru}. Предложена методика оценки ${others[0].ru}, исследована взаимосвязь ${others[1].ru} и ${others[2].ru} ${context}. Результаты могут быть использованы при разработке программ развития.`;
  const author = `${pick(SURNAMES)} ${pick(NAMES)} ${pick(PATRONYMICS)}`;
  return {
    key: `bench|${i}`,
    authors: `{"${author}"}`,
    title,
    journal: pick(JOURNALS),
    year,
    language: english ? 'en' : 'ru',
    keywords: `{${keywords.map((k) => `"${k}"`).join(',')}}`,
    abstract,
    pages: `${10 + (i % 50)}–${20 + (i % 50)}`,
  };
}

const dir = mkdtempSync(join(tmpdir(), 'bench-library-'));
const server = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false });
try {
  await ensureDatabase(server.url('postgres'), 'bench');
  const databaseUrl = server.url('bench');
  const orm = await openOrm(databaseUrl, { poolMax: 2 });
  await migrate(orm, databaseUrl);
  await orm.close();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });

  // Bulk load: the index is built once after the rows are in, as one would for a first harvest.
  await pool.query('drop index library_records_search_idx, library_records_search_head_idx');
  const loadStarted = performance.now();
  const load = async (from: number, to: number) => {
    for (let start = from; start < to; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, to - start) }, (_, k) => record(start + k));
      const column = (name: keyof ReturnType<typeof record>) => rows.map((r) => r[name]);
      await pool.query(
        `insert into library_records (origin, dedupe_key, authors, title, journal, year, language, keywords, abstract, pages)
         select 'bench', key, authors::text[], title, journal, year, language, keywords::text[], abstract, pages
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[])
           as t(key, authors, title, journal, year, language, keywords, abstract, pages)`,
        [
          column('key'),
          column('authors'),
          column('title'),
          column('journal'),
          column('year'),
          column('language'),
          column('keywords'),
          column('abstract'),
          column('pages'),
        ],
      );
    }
  };
  // Two connections: generation here and tsvector computation there overlap.
  await Promise.all([load(0, RECORDS / 2), load(RECORDS / 2, RECORDS)]);
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const indexStarted = performance.now();
  await pool.query(`set maintenance_work_mem = '256MB'`);
  await pool.query('create index library_records_search_idx on library_records using gin (search)');
  await pool.query('create index library_records_search_head_idx on library_records using gin (search_head)');
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  await pool.query('vacuum analyze library_records');

  const sizes = (
    await pool.query(
      `select pg_size_pretty(pg_relation_size('library_records_search_idx')) as index, pg_size_pretty(pg_relation_size('library_records_search_head_idx')) as head_index, pg_size_pretty(pg_total_relation_size('library_records')) as total, (select count(*) from library_records) as rows`,
    )
  ).rows[0];

  // Three-word Russian queries as a student types a topic: "экономическая безопасность предприятия".
  const queries = Array.from({ length: QUERIES }, () => phrase().ruNom);
  for (const query of queries.slice(0, 20)) await searchLibrary(pool, { query, limit: 20 }); // warm-up
  const times: number[] = [];
  let found = 0;
  let empty = 0;
  for (const query of queries) {
    const started = performance.now();
    const hits = await searchLibrary(pool, { query, limit: 20 });
    times.push(performance.now() - started);
    found += hits.length;
    if (hits.length === 0) empty++;
  }
  const matches = (
    await pool.query(
      `select count(*) from library_records where search @@ (websearch_to_tsquery('russian', $1) || websearch_to_tsquery('english', $1))`,
      [queries[0]],
    )
  ).rows[0].count;
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
  const p95 = at(95);
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  console.log(`\nLibrary search, ${Number(sizes.rows).toLocaleString('en')} records`);
  console.log(
    `  load (generated tsvector)          ${loadSeconds.toFixed(1)} s (${Math.round(RECORDS / loadSeconds).toLocaleString('en')} records/s)`,
  );
  console.log(`  GIN index build                    ${indexSeconds.toFixed(1)} s`);
  console.log(`  GIN index size                     ${sizes.index} (whole record), ${sizes.head_index} (title and keywords)`);
  console.log(`  table + indexes                    ${sizes.total}`);
  console.log(
    `  queries                            ${QUERIES} three-word Russian, limit 20; ${(found / QUERIES).toFixed(1)} hits on average, ${empty} empty; "${queries[0]}" matches ${matches} records`,
  );
  console.log(`  median                             ${ms(at(50))}`);
  console.log(`  p95                                ${ms(p95)}   target ≤ ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'met' : 'MISSED'}`);
  console.log(`  max                                ${ms(sorted[sorted.length - 1])}`);
  await pool.end();
  if (p95 > TARGET_P95_MS) process.exitCode = 1;
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
