/** The benchmark's server process: the real app and a bare Fastify baseline on the same database.
 * Started by run.ts; load comes from that other process so the two do not share an event loop. */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildServer } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openOrm } from '../src/db/orm.ts';
import { startServices } from '../src/services.ts';

const databaseUrl = process.env.DATABASE_URL!;
const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', LOGIN_LIMIT_PER_MINUTE: '100000000' });
const orm = await openOrm(databaseUrl, { poolMax: 10 });
const services = await startServices(config, orm, databaseUrl, pino({ level: 'warn' }));
const app = await buildServer({ config, orm, ...services });
await app.listen({ port: Number(process.env.APP_PORT), host: '127.0.0.1' });

// The baseline: one handler, one pooled SELECT, nothing else.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const bare = Fastify({ logger: false });
bare.get('/me', async (request) => {
  const token = /session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1] ?? '';
  const { rows } = await pool.query(
    'select u.email, u.username, u.telegram_uid from sessions s join users u on u.id = s.user_id where s.token_hash = $1 and s.revoked_at is null',
    [createHash('sha256').update(token).digest('hex')],
  );
  return rows[0];
});
bare.get('/papers', async (request) => {
  const token = /session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1] ?? '';
  const {
    rows: [session],
  } = await pool.query(
    'select s.user_id from sessions s join users u on u.id = s.user_id where s.token_hash = $1 and s.revoked_at is null',
    [createHash('sha256').update(token).digest('hex')],
  );
  const [papers, count] = await Promise.all([
    pool.query(
      `select id, title, annotation, docx_key, paid_at from papers where user_id = $1 and type = 'full' order by id desc limit 4`,
      [session.user_id],
    ),
    pool.query(`select count(*) from papers where user_id = $1 and type = 'full'`, [session.user_id]),
  ]);
  return { papers: papers.rows, total_count: Number(count.rows[0].count) };
});
bare.post('/login', async (request) => {
  const { username_or_email } = request.body as { username_or_email: string };
  const { rows } = await pool.query('select id, password_hash from users where lower(username) = lower($1) or lower(email) = lower($1)', [
    username_or_email,
  ]);
  return { ok: rows.length === 1 };
});
await bare.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', async () => {
  await app.close();
  await services.stop();
  await orm.close();
  process.exit(0);
});
process.on('message', (m) => {
  if (m === 'rss') process.send?.({ rss: process.memoryUsage().rss });
});
