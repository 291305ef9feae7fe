/** Renders a public page to HTML at build time (scripts/prerender.ts runs it from Vite's SSR build):
 * the page's markup and the CSS its Chakra components generate, extracted from emotion's cache. The
 * browser hydrates it (src/main.tsx). Live data (session, samples, reviews, public settings) is not
 * fetched here: the page carries its loading placeholder, and the client fills it in. */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { PRERENDERED_PATHS } from './app/route-handle';
import { AppRoutes, preloadPage } from './app/router';

export const prerenderedPaths = (): readonly string[] => PRERENDERED_PATHS;

export async function render(path: string): Promise<{ html: string; styles: string }> {
  await preloadPage(path);
  // The same key as emotion's default cache in the browser, which adopts these <style> tags.
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const html = renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProvider>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </CacheProvider>
    </StrictMode>,
  );
  return { html, styles: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
}
