/** Renders a public page to HTML at build time (scripts/prerender.ts runs it from Vite's SSR build):
 * the page's markup and the CSS its Chakra components generate, extracted from emotion's cache. The
 * browser hydrates it (src/main.tsx). Live data (session, samples, reviews, public settings) is not
 * fetched here: the page carries its loading placeholder, and the client fills it in. */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider';
import type { RouteHandle } from './app/route-handle';
import { routes } from './app/router';

/** The paths whose routes are marked for pre-rendering. */
export function prerenderedPaths(): string[] {
  const paths: string[] = [];
  const walk = (list: typeof routes, base: string) => {
    for (const r of list) {
      const path = r.index ? base : r.path ? `${base.replace(/\/$/, '')}/${r.path}` : base;
      if ((r.handle as RouteHandle | undefined)?.prerender) paths.push(path || '/');
      if (r.children) walk(r.children, path);
    }
  };
  walk(routes, '/');
  return paths.filter((p) => matchRoutes(routes, p));
}

export async function render(path: string): Promise<{ html: string; styles: string }> {
  const { query, dataRoutes } = createStaticHandler(routes);
  const context = await query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
  const router = createStaticRouter(dataRoutes, context);
  // The same key as emotion's default cache in the browser, which adopts these <style> tags.
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const html = renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProvider>
          {/* No hydration script: the policy forbids inline scripts, and these pages have no loader data. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </CacheProvider>
    </StrictMode>,
  );
  return { html, styles: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
}
