/** What every request carries: its own EntityManager (forked when first used), plain SQL for
 * reads that load no entity, and the session when one is asked for. */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyRequest } from 'fastify';
import { findSession, requireSession, requireSessionOwner, type AuthSession, type SessionOwner } from '../modules/accounts/sessions.ts';
import type { Sql } from '../db/orm.ts';
import { COOKIE, readCookie } from './cookies.ts';

declare module 'fastify' {
  interface FastifyRequest {
    em: EntityManager;
    sql: Sql;
  }
}

/** The session of the request, or 401. */
export const sessionOf = (request: FastifyRequest): Promise<AuthSession> => requireSession(request.em, readCookie(request, COOKIE.session));

/** The owner of the request's session (ids only, no user entity), or 401. */
export const sessionOwnerOf = (request: FastifyRequest): Promise<SessionOwner> =>
  requireSessionOwner(request.sql, readCookie(request, COOKIE.session));

/** The session of the request, or null for a guest. */
export const optionalSessionOf = (request: FastifyRequest): Promise<AuthSession | null> =>
  findSession(request.em, readCookie(request, COOKIE.session));
