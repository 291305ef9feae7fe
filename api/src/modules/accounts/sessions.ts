/** Sessions: an opaque random token in a cookie, only its hash in the database. */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config.ts';
import { unauthorized } from '../../errors.ts';
import { Session, type User } from './entities.ts';
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

/** The live session of a cookie token with its user, in one query; null when absent or revoked. */
export async function findSession(em: EntityManager, token: string | undefined): Promise<Session | null> {
  if (!token || token.length > 100) return null;
  const session = await em.findOne(Session, { tokenHash: hashToken(token), revokedAt: null }, { populate: ['user'] });
  if (!session || session.expiresAt.getTime() < Date.now() || session.user.deletedAt) return null;
  return session;
}

export async function requireSession(em: EntityManager, token: string | undefined): Promise<Session> {
  const session = await findSession(em, token);
  if (!session) throw unauthorized();
  return session;
}

export async function revokeSession(em: EntityManager, session: Session): Promise<void> {
  session.revokedAt = new Date();
  await em.flush();
}

export async function revokeAllSessions(em: EntityManager, userId: number): Promise<void> {
  await em.nativeUpdate(Session, { user: userId, revokedAt: null }, { revokedAt: new Date() });
}
