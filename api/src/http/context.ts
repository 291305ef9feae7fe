/** What every request carries: its own EntityManager, and the session when one is asked for. */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyRequest } from 'fastify';
import { findSession, requireSession, type AuthSession } from '../modules/accounts/sessions.ts';
import { COOKIE, readCookie } from './cookies.ts';

declare module 'fastify' {
  interface FastifyRequest {
    em: EntityManager;
  }
}

/** The session of the request, or 401. */
export const sessionOf = (request: FastifyRequest): Promise<AuthSession> => requireSession(request.em, readCookie(request, COOKIE.session));

/** The session of the request, or null for a guest. */
export const optionalSessionOf = (request: FastifyRequest): Promise<AuthSession | null> =>
  findSession(request.em, readCookie(request, COOKIE.session));
