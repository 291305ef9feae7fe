/** The application as a Fastify plugin: external plugins, then app plugins, then routes.
 * The server file only builds and starts it; tests build it and use inject. */
import { useRussianZodMessages } from '@app/contract';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import { initServer } from '@ts-rest/fastify';
import type { EntityManager } from '@mikro-orm/postgresql';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { Orm } from './db/orm.ts';
import { sendError, sendValidationError } from './http/errors.ts';
import { refuseNulCharacters } from './http/input.ts';
import { onSocketError } from './http/socket-errors.ts';
import { checkOrigin } from './http/origin.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { serveSamples, serveWeb } from './http/web.ts';
import { registerOpenApi } from './http/openapi.ts';
import type { EraseUserData } from './modules/accounts/account.ts';
import { accountRouters } from './modules/accounts/router.ts';
import { generationRouter } from './modules/orders/router.ts';
import { paymentRouter } from './modules/payments/router.ts';
import { registerOrderSockets } from './modules/orders/sockets.ts';
import { claimUploadsFolder } from './modules/orders/upload.ts';
import { attachedFilesOf } from './modules/orders/repository.ts';
import { papersRouter } from './modules/papers/router.ts';
import { defenceRouter } from './modules/defence/router.ts';
import { defencePlan } from './modules/defence/place.ts';
import { revisionsRouter } from './modules/revisions/router.ts';
import { evidenceRouter, sharesRouter } from './modules/evidence/router.ts';
import type { Services } from './services.ts';
import { reviewsRouter } from './modules/reviews/router.ts';
import { Review } from './modules/reviews/entities.ts';
import { Paper } from './modules/papers/entities.ts';
import { endOrdersOfDeletedAccount } from './modules/payments/lifecycle.ts';
import { createSearchProviders } from './modules/generation/engine.ts';
import { createSourcesEstimator } from './modules/sources/estimate.ts';
import { sourcesRouter } from './modules/sources/router.ts';
import { systemRouter } from './modules/system/router.ts';
import { registerMetrics } from './modules/metrics/plugin.ts';
import { telegramRouter } from './modules/telegram/router.ts';
import { AppError } from './errors.ts';

export type AppDeps = Omit<Services, 'boss' | 'stop'> & {
  config: Config;
  orm: Orm;
};

const s = initServer();

/** What a deleted account loses in the modules above accounts: its unfinished orders end (what was
 * paid is refunded), its reviews and papers (with their versions and links) go. */
const eraseUserData: EraseUserData = async (em, userId) => {
  await endOrdersOfDeletedAccount(em, userId);
  await em.nativeDelete(Review, { user: userId });
  await em.nativeDelete(Paper, { user: userId });
};

async function appPlugin(fastify: FastifyInstance, deps: AppDeps) {
  useRussianZodMessages();
  // First, so that every response carries them: errors, 404s, static files, the web app.
  registerSecurityHeaders(fastify, deps.config.publicUrl);
  await fastify.register(cookie);
  await fastify.register(multipart);
  // No permessage-deflate (ws's default for a server, named here so that it stays off): its zlib
  // contexts and buffers would cost each of the thousand sockets a process holds ~ hundreds of KiB,
  // for messages of a few hundred bytes.
  await fastify.register(websocket, { options: { maxPayload: 4096, perMessageDeflate: false }, errorHandler: onSocketError });
  // Before the routes: its latency hook times every one of them.
  registerMetrics(fastify, deps);
  checkOrigin(fastify, deps.config.trustedOrigins);
  refuseNulCharacters(fastify);
  // A request's EntityManager is forked when the request first uses it: static files, the web app's
  // pages and the papers list (plain SQL on the shared connection) never need one.
  const forked = Symbol('em');
  fastify.decorateRequest(forked, null);
  fastify.decorateRequest('em', {
    getter(this: FastifyRequest) {
      const request = this as FastifyRequest & { [forked]: EntityManager | null };
      return (request[forked] ??= deps.orm.em.fork());
    },
  });
  fastify.decorateRequest('sql', { getter: () => deps.orm.em.getConnection() });
  const pool = await deps.orm.em.getConnection().getNativeClient();
  fastify.decorateRequest('pool', { getter: () => pool });
  fastify.setErrorHandler(sendError);
  await registerOpenApi(fastify);
  await serveSamples(fastify, deps.config.samplesDir);
  const webApp = await serveWeb(fastify, deps.config.webDist);
  fastify.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(request.url.split('?')[0]);
    if (webApp && isPage) return webApp(request, reply);
    return sendError(new AppError('not_found'), request, reply);
  });

  const routeOptions = { logInitialization: false, requestValidationErrorHandler: sendValidationError };
  const accounts = accountRouters(deps.config, deps.mailer, deps.storage, eraseUserData);
  await fastify.register(s.plugin(accounts.registration), routeOptions);
  await fastify.register(s.plugin(accounts.auth), routeOptions);
  await fastify.register(s.plugin(accounts.users), routeOptions);
  await fastify.register(s.plugin(accounts.passwordRecovery), routeOptions);
  await fastify.register(s.plugin(telegramRouter(deps.config)), routeOptions);
  await fastify.register(s.plugin(reviewsRouter()), routeOptions);
  await fastify.register(s.plugin(generationRouter()), routeOptions);
  await fastify.register(s.plugin(papersRouter(deps.storage, attachedFilesOf)), routeOptions);
  await fastify.register(s.plugin(defenceRouter(deps.storage)), routeOptions);
  await fastify.register(s.plugin(evidenceRouter(deps.storage)), routeOptions);
  await fastify.register(s.plugin(sharesRouter(deps)), routeOptions);
  // The estimate answers while the user fills the form: a short time limit and one retry.
  const sources = deps.config.sources;
  const estimator = createSourcesEstimator({
    providers: [
      deps.library,
      ...createSearchProviders({ ...sources, maxRetries: Math.min(1, sources.maxRetries) }, fastify.log, sources.estimateTimeoutMs),
    ],
    timeoutMs: sources.estimateTimeoutMs,
    log: fastify.log,
  });
  await fastify.register(s.plugin(sourcesRouter(estimator)), routeOptions);
  await fastify.register(async (payments) => {
    // The sandbox page's own HTML forms post `application/x-www-form-urlencoded` (empty body).
    payments.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const uploadsDir = await claimUploadsFolder(fastify, deps.config.uploadsDir);
    await payments.register(s.plugin(paymentRouter({ ...deps, uploadsDir, sources: estimator, defencePlan })), routeOptions);
    await payments.register(s.plugin(revisionsRouter({ ...deps, uploadsDir })), routeOptions);
  });
  registerOrderSockets(fastify, deps.events, deps.config.trustedOrigins, deps.orm);
  await fastify.register(s.plugin(systemRouter(deps.orm, deps.config, deps.storage)), routeOptions);
}

/** Not encapsulated: the server built around it is the app (its decorators, such as the socket
 * test injector, belong to the root). */
const app = fp(appPlugin, { name: 'app' });

/** Builds the server (not listening). Logs go to `logStream` when given (tests capture them). */
export async function buildServer(deps: AppDeps, options: { logStream?: DestinationStream } = {}): Promise<FastifyInstance> {
  const logger = {
    level: deps.config.logLevel,
    // Secrets never reach the log: cookies (sessions, code flows) and credentials are redacted.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    ...(options.logStream ? { stream: options.logStream } : {}),
  };
  const server = Fastify({
    logger,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 64 * 1024,
    // A request (an upload of up to 100 MB included) must arrive within 15 minutes.
    requestTimeout: 15 * 60_000,
    // Bad URLs and over-long path parameters, which the router answers before any hook runs.
    frameworkErrors: (error, request, reply) => void sendError(error, request, reply),
    // Behind a reverse proxy, request.ip (rate limits) is the client's only when the proxy is trusted.
    trustProxy: deps.config.trustProxy,
  });
  await server.register(app, deps);
  return server;
}
