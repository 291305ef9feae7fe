/** The benchmark's server process: the real app and a bare Fastify baseline on the same database.
 * Started by run.ts; load comes from that other process so the two do not share an event loop. */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildServer } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { securityHeaders } from '../src/http/security.ts';
import { openOrm } from '../src/db/orm.ts';
import { startServices } from '../src/services.ts';

const databaseUrl = process.env.DATABASE_URL!;
const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', LOGIN_LIMIT_PER_MINUTE: '100000000' });
const orm = await openOrm(databaseUrl, { poolMax: 10 });
const services = await startServices(config, orm, databaseUrl, pino({ level: 'warn' }));
const app = await buildServer({ config, orm, ...services });
await app.listen({ port: Number(process.env.APP_PORT), host: '127.0.0.1' });

// The baselines: one handler, pooled SELECTs, nothing else. Each answers as the app does: the
// same SQL (sessions.ts, papers.ts), the same JSON and the same headers (run.ts checks); only what
// a bare handler leaves out (routing of many routes, hooks, the contract's validation, the ORM's
// connection) is missing.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const bare = Fastify({ logger: false });
const headers = securityHeaders(config.publicUrl);
// The app's profile lookup, a named prepared statement as there.
const PROFILE = `select s.id as session_id, u.email, u.username, u.telegram_uid from sessions s join users u on u.id = s.user_id
  where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.deleted_at is null`;
bare.get('/me', async (request, reply) => {
  const token = /session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1] ?? '';
  const {
    rows: [user],
  } = await pool.query({ name: 'me', text: PROFILE, values: [createHash('sha256').update(token).digest('hex')] });
  reply.headers(headers);
  return { email: user.email, username: user.username, telegram_uid: user.telegram_uid };
});
const FULL_VERSION = `select f.id from papers f where f.source_paper_id = p.id and f.type = 'full' and f.paid_at is not null and f.docx_key is not null order by f.id desc limit 1`;
bare.get('/papers', async (request, reply) => {
  const query = request.query as { paper_type: string; offset: string };
  const token = /session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1] ?? '';
  const {
    rows: [session],
  } = await pool.query({
    name: 'owner',
    text: `select s.id as session_id, s.user_id from sessions s join users u on u.id = s.user_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.deleted_at is null`,
    values: [createHash('sha256').update(token).digest('hex')],
  });
  const { rows } = await pool.query(
    `select p.id, p.title, p.annotation, case when p.type = 'demo' then (${FULL_VERSION})
       when p.type = 'full' and p.paid_at is not null and p.docx_key is not null then p.id end as download_id,
       (count(*) over ())::int as total
     from papers p where p.user_id = $1 and p.type = $2 order by p.id desc limit $3 offset $4`,
    [session.user_id, query.paper_type, 4, Number(query.offset)],
  );
  reply.headers(headers);
  return {
    papers: rows.map((p) => ({
      id: p.id,
      title: p.title,
      annotation: p.annotation,
      download_url: p.download_id === null ? null : `/api/v1/papers/${p.download_id}/docx/`,
    })),
    total_count: rows[0].total,
  };
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
/** The resident memory after a full collection (run.ts starts this process with --expose-gc, which
 * the service never has): what is held, not the garbage the last burst left. V8 unmaps freed
 * pages on its own threads, hence the pauses. */
async function settledRss() {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 2; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 250));
  }
  return process.memoryUsage().rss;
}
process.on('message', async (m) => {
  if (m === 'rss') process.send?.({ rss: await settledRss() });
  if (m === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpu: user + system });
  }
});
