/** Sessions: an opaque random token in a cookie, only its hash in the database. */
import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { Session, User } from './entities.ts';
import { hashToken, newToken } from './secrets.ts';

export async function createSession(em: EntityManager, config: Config, user: User, userAgent: string | undefined): Promise<string> {
  const token = newToken();
  em.create(Session, {
    user,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + config.sessionTtlDays * 86_400_000),
    revokedAt: null,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  await em.flush();
  return token;
}

/** An authenticated request: its session id and its user (a managed entity: changes flush). */
export interface AuthSession {
  id: number;
  user: User;
}

/** A live session: the cookie's token hash, not revoked, not expired, of an account not deleted. */
const LIVE_SESSION = `from sessions s join users u on u.id = s.user_id
  where s.token_hash = ? and s.revoked_at is null and s.expires_at > now() and u.deleted_at is null`;

/** A token that cannot be a session's is not looked up. */
const plausible = (token: string | undefined): token is string => !!token && token.length <= 100;

/**
 * The live session of a cookie token with its user. Every authenticated request runs this, so it
 * is one hand-written SELECT rather than the ORM's query builder (which cost ~4x the query here);
 * the user row is then merged into the EntityManager like a loaded entity.
 */
export async function findSession(em: EntityManager, token: string | undefined): Promise<AuthSession | null> {
  if (!plausible(token)) return null;
  const [row] = await em.execute<Record<string, unknown>[]>(`select s.id as session_id, u.* ${LIVE_SESSION}`, [hashToken(token)]);
  if (!row) return null;
  const { session_id: id, ...userRow } = row;
  return { id: id as number, user: em.merge(User, em.map(User, userRow)) };
}

/** The owner of a live session, for handlers whose only use of the user is the owner check. */
export interface SessionOwner {
  sessionId: number;
  userId: number;
}

/**
 * The lookups below run on every authenticated request that needs no user entity, so they go to
 * the pg pool under the ORM's connection as named prepared statements: no EntityManager, no
 * mapping and merging of a user row, no ORM or query-builder layers (together about half of
 * GET /users/me/'s server time, npm run bench -w api), and PostgreSQL parses and plans each once
 * per connection. Their columns are named, so a later migration cannot change a cached plan's
 * result type. Revocation, expiry and account deletion apply as in findSession: the database is
 * asked every time, nothing is cached here.
 */
const LIVE_SESSION_PG = LIVE_SESSION.replace('?', '$1');
const OWNER = { name: 'live-session-owner', text: `select s.id as session_id, s.user_id ${LIVE_SESSION_PG}` };
const PROFILE = { name: 'live-session-profile', text: `select s.id as session_id, u.email, u.username, u.telegram_uid ${LIVE_SESSION_PG}` };

/** The same live session as findSession, but only its ids: no user row is read. */
export async function findSessionOwner(pool: pg.Pool, token: string | undefined): Promise<SessionOwner | null> {
  if (!plausible(token)) return null;
  const { rows } = await pool.query<{ session_id: number; user_id: number }>({ ...OWNER, values: [hashToken(token)] });
  return rows.length === 1 ? { sessionId: rows[0].session_id, userId: rows[0].user_id } : null;
}

export async function requireSessionOwner(pool: pg.Pool, token: string | undefined): Promise<SessionOwner> {
  const owner = await findSessionOwner(pool, token);
  if (!owner) throw new AppError('unauthorized');
  return owner;
}

/** What GET /users/me/ shows of a live session's user, read with the session in one query. */
export interface SessionProfile {
  sessionId: number;
  email: string | null;
  username: string | null;
  telegramUid: string | null;
}

export async function requireSessionProfile(pool: pg.Pool, token: string | undefined): Promise<SessionProfile> {
  if (!plausible(token)) throw new AppError('unauthorized');
  const { rows } = await pool.query<{ session_id: number; email: string | null; username: string | null; telegram_uid: string | null }>({
    ...PROFILE,
    values: [hashToken(token)],
  });
  if (rows.length !== 1) throw new AppError('unauthorized');
  const [row] = rows;
  return { sessionId: row.session_id, email: row.email, username: row.username, telegramUid: row.telegram_uid };
}

export async function requireSession(em: EntityManager, token: string | undefined): Promise<AuthSession> {
  const session = await findSession(em, token);
  if (!session) throw new AppError('unauthorized');
  return session;
}

export async function revokeSession(em: EntityManager, session: AuthSession): Promise<void> {
  await em.nativeUpdate(Session, { id: session.id }, { revokedAt: new Date() });
}

export async function revokeAllSessions(em: EntityManager, userId: number): Promise<void> {
  await em.nativeUpdate(Session, { user: userId, revokedAt: null }, { revokedAt: new Date() });
}
