/** State-changing requests from a browser must come from our own pages (CSRF defence on top of
 * SameSite cookies). Requests without Origin (server-to-server, curl) are not browsers' and pass. */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function checkOrigin(app: FastifyInstance, trustedOrigins: string[]) {
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin || trustedOrigins.includes(origin)) return;
    // Same origin as the address the browser used (the Host header cannot be set by a page).
    let host: string | null = null;
    try {
      host = new URL(origin).host;
    } catch {
      host = null;
    }
    if (host && host === request.headers.host) return;
    throw new AppError(403, 'Доступ запрещен');
  });
}
