/**
 * GET /metrics (Prometheus text format), for operators only: served only when METRICS_TOKEN is
 * configured, and answered only to `Authorization: Bearer <token>`. Anyone else gets exactly what
 * an unknown address gets (the app's not-found handler), so the endpoint cannot be discovered.
 *
 * A plain Fastify route, not one of the contract: the contract is what the web app's client and
 * the public OpenAPI document (/api/docs) are made of, and declaring /metrics there would advertise
 * it; its refusal must also be the not-found handler itself (which serves the web app's pages for
 * unknown addresses outside /api/), not a 404 body of its own.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Orm } from '../../db/orm.ts';
import { cachedFleet, readFleet } from './fleet.ts';
import { createMetricsRegistry } from './registry.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares in constant time (digests: equal lengths whatever the header holds). */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length).trim()), expected);
}

export function registerMetrics(fastify: FastifyInstance, deps: { config: Config; orm: Orm }): void {
  const token = deps.config.metrics?.token;
  if (!token) return;
  const expected = digest(token);
  const fleet = cachedFleet(() => readFleet(deps.orm));
  const { registry, http } = createMetricsRegistry({
    fleet: () =>
      fleet().catch((error: unknown) => {
        fastify.log.warn({ err: error }, "metrics: the fleet's figures could not be read");
        return null;
      }),
    // Registered with the app (@fastify/websocket); read when scraped.
    sockets: () => fastify.websocketServer.clients.size,
  });

  // One hook for every response, the unmatched ones included: the route's pattern (never the raw
  // URL, which would make a series per paper id), no allocation beyond prom-client's own.
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    http.observe(
      { route: request.is404 ? 'unmatched' : request.routeOptions.url!, method: request.method, status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });

  fastify.get('/metrics', async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, expected)) return reply.callNotFound();
    const body = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
  });
}
