/** State-changing requests from a browser must come from our own pages (CSRF defence on top of
 * SameSite cookies). Requests without Origin (server-to-server, curl) are not browsers' and pass. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** No Origin (not a browser), a trusted origin, or the same host the browser addressed (the Host
 * header cannot be set by a page). */
export function originAllowed(request: FastifyRequest, trustedOrigins: string[]): boolean {
  const origin = request.headers.origin;
  if (!origin || trustedOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** A callback hook, not an async one: every request passes it, and an async hook costs a promise
 * and a turn of the microtask queue each time. */
export function checkOrigin(app: FastifyInstance, trustedOrigins: string[]) {
  app.addHook('onRequest', (request, _reply, done) => {
    if (!SAFE.has(request.method) && !originAllowed(request, trustedOrigins)) done(new AppError('forbidden'));
    else done();
  });
}
