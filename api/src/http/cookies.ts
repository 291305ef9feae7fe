/** The cookies the API sets. All HttpOnly and SameSite=Lax; Secure behind HTTPS. */
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

export const COOKIE = {
  session: 'session',
  /** The registration code flow (the specification's verification-token cookie). */
  verification: 'verification_token',
  recovery: 'recovery_token',
} as const;
type CookieName = (typeof COOKIE)[keyof typeof COOKIE];

/** The part of a reply that sets cookies (ts-rest hands handlers a differently typed reply). */
export interface CookieReply {
  setCookie(name: string, value: string, options?: CookieSerializeOptions): unknown;
  clearCookie(name: string, options?: CookieSerializeOptions): unknown;
}

export function setCookie(reply: CookieReply, config: Config, name: CookieName, value: string, maxAgeSeconds: number) {
  reply.setCookie(name, value, { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, path: '/', maxAge: maxAgeSeconds });
}

export function clearCookie(reply: CookieReply, config: Config, name: CookieName) {
  reply.clearCookie(name, { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, path: '/' });
}

export const readCookie = (request: FastifyRequest, name: CookieName): string | undefined => request.cookies[name];
