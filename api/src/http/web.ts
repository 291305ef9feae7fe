/** Serves the built web app (web/dist): the public pages pre-rendered at build time
 * (web/dist/prerendered, see web/scripts/prerender.ts) for their paths, and index.html for every
 * other client-side route. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The landing page's sample works: the manifest and the files it names, nothing else of the folder. */
export async function serveSamples(app: FastifyInstance, samplesDir: string) {
  if (!existsSync(samplesDir)) return;
  await app.register(fastifyStatic, {
    root: samplesDir,
    prefix: '/samples/',
    decorateReply: false,
    index: false,
    allowedPath: (path) => /^\/[\w.-]+\.(json|docx|pdf)$/.test(path),
  });
}

/** Returns the handler for unknown GET paths outside /api, or null when there is no build. */
export async function serveWeb(
  app: FastifyInstance,
  distDir: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => unknown) | null> {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'the web app is not built: only the API is served (npm start builds it)');
    return null;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // Hashed assets never change; index.html must always be revalidated.
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const prerendered = prerenderedPages(distDir);
  return (request, reply) => {
    const path = request.url.split('?')[0].replace(/(.)\/+$/, '$1');
    return reply.header('cache-control', 'no-cache').sendFile(prerendered.get(path) ?? 'index.html');
  };
}

/** Page path → its pre-rendered file: prerendered/index.html is '/', prerendered/reviews.html '/reviews'. */
function prerenderedPages(distDir: string): Map<string, string> {
  const dir = join(distDir, 'prerendered');
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.html')) continue;
    const name = file.slice(0, -'.html'.length);
    pages.set(name === 'index' ? '/' : `/${name}`, `prerendered/${file}`);
  }
  return pages;
}
