/** What every request carries: its own EntityManager, and the session when one is asked for. */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyRequest } from 'fastify';
import type { Session } from '../modules/accounts/entities.ts';
import { findSession, requireSession } from '../modules/accounts/sessions.ts';
import { COOKIE, readCookie } from './cookies.ts';

declare module 'fastify' {
  interface FastifyRequest {
    em: EntityManager;
  }
}

/** The session of the request, or 401. */
export const sessionOf = (request: FastifyRequest): Promise<Session> => requireSession(request.em, readCookie(request, COOKIE.session));

/** The session of the request, or null for a guest. */
export const optionalSessionOf = (request: FastifyRequest): Promise<Session | null> => findSession(request.em, readCookie(request, COOKIE.session));
