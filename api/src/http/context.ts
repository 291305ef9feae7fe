/** What every request carries: its own EntityManager (forked when first used), plain SQL for
 * reads that load no entity, the pg pool for the session lookups, and the session when one is
 * asked for. */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import {
  findSession,
  findSessionOwner,
  requireSession,
  requireSessionOwner,
  requireSessionProfile,
  type AuthSession,
  type SessionOwner,
  type SessionProfile,
} from '../modules/accounts/sessions.ts';
import type { Sql } from '../db/orm.ts';
import { COOKIE, readCookie } from './cookies.ts';

declare module 'fastify' {
  interface FastifyRequest {
    em: EntityManager;
    sql: Sql;
    /** The pool under the ORM's connection (sessions.ts says why its lookups use it). */
    pool: pg.Pool;
  }
}

/** The session of the request, or 401. */
export const sessionOf = (request: FastifyRequest): Promise<AuthSession> => requireSession(request.em, readCookie(request, COOKIE.session));

/** The owner of the request's session (ids only, no user entity), or 401. */
export const sessionOwnerOf = (request: FastifyRequest): Promise<SessionOwner> =>
  requireSessionOwner(request.pool, readCookie(request, COOKIE.session));

/** The owner of the request's session (ids only), or null for a guest. */
export const optionalSessionOwnerOf = (request: FastifyRequest): Promise<SessionOwner | null> =>
  findSessionOwner(request.pool, readCookie(request, COOKIE.session));

/** The session with what the profile shows of its user (no user entity), or 401. */
export const sessionProfileOf = (request: FastifyRequest): Promise<SessionProfile> =>
  requireSessionProfile(request.pool, readCookie(request, COOKIE.session));

/** The session of the request, or null for a guest. */
export const optionalSessionOf = (request: FastifyRequest): Promise<AuthSession | null> =>
  findSession(request.em, readCookie(request, COOKIE.session));
