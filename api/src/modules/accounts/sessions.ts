/** Sessions: an opaque random token in a cookie, only its hash in the database. */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config.ts';
import type { Sql } from '../../db/orm.ts';
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
 * The same live session as findSession, but only its ids: no user row is read, mapped and merged
 * into an EntityManager (that hydration was a tenth of the papers list's time). Revocation,
 * expiry and account deletion apply exactly as there: the database is asked every time.
 */
async function findSessionOwner(sql: Sql, token: string | undefined): Promise<SessionOwner | null> {
  if (!plausible(token)) return null;
  const [row] = await sql.execute<{ session_id: number; user_id: number }[]>(`select s.id as session_id, s.user_id ${LIVE_SESSION}`, [
    hashToken(token),
  ]);
  return row ? { sessionId: row.session_id, userId: row.user_id } : null;
}

export async function requireSessionOwner(sql: Sql, token: string | undefined): Promise<SessionOwner> {
  const owner = await findSessionOwner(sql, token);
  if (!owner) throw new AppError('unauthorized');
  return owner;
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
