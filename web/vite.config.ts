import { cpSync, createReadStream, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** The PDF viewer's character maps, standard fonts and image decoders, served from our own origin
 * at /pdfjs/ (copied into the build; the dev server reads them from node_modules). The worker is
 * imported with `?url` and bundled like any asset. */
function pdfjsAssets(): Plugin {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const dirs = ['cmaps', 'standard_fonts', 'wasm'];
  let ssr = false;
  return {
    name: 'pdfjs-assets',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    configureServer(server) {
      server.middlewares.use('/pdfjs/', (req, res, next) => {
        const rel = normalize(decodeURIComponent((req.url ?? '').split('?')[0])).replace(/^[/\\]+/, '');
        const file = join(root, rel);
        if (!dirs.some((d) => rel.startsWith(`${d}/`)) || rel.includes('..') || !existsSync(file) || !statSync(file).isFile())
          return next();
        createReadStream(file).pipe(res);
      });
    },
    writeBundle(options) {
      // The build-time render of the public pages (src/entry-server.tsx) shows no PDF.
      if (ssr) return;
      for (const d of dirs) cpSync(join(root, d), join(options.dir ?? 'dist', 'pdfjs', d), { recursive: true });
    },
  };
}

/** The chunks the entry imports statically (see codeSplitting below): loaded before any lazy one. */
const ALWAYS_LOADED = /(^|\/)(react|chakra|shell|rolldown-runtime|index)-[\w-]{8}\.js$/;

// The API (`npm run dev` starts it with watch) listens on 8000; the dev server forwards /api (with
// its WebSockets) and /samples to it.
const apiTarget = process.env.VITE_DEV_API ?? 'http://localhost:8000';

export default defineConfig({
  plugins: [react(), pdfjsAssets()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      // The API checks Origin on state-changing requests, so the proxy presents the API's own origin.
      '/api': { target: apiTarget, changeOrigin: true, ws: true, headers: { origin: apiTarget } },
      '/samples': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    // The bench reads the manifest to tell what the landing page loads.
    manifest: true,
    chunkSizeWarningLimit: 800,
    modulePreload: {
      // Every browser the site supports preloads modules natively.
      polyfill: false,
      // A lazy chunk's dependencies are preloaded with it, except the chunks every page has already
      // loaded (named below): listing them in every chunk that imports lazily costs the first paint.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((d) => !ALWAYS_LOADED.test(d))),
    },
    rolldownOptions: {
      // Chakra's theme module builds its full default theme with defineConfig (an identity function)
      // at load; marked pure, the unused full theme and the recipes the app does not use (see
      // src/app/system.ts) are left out of the bundle.
      treeshake: { manualPureFunctions: ['defineConfig'] },
      // Code a pre-rendered page always loads, kept in a few chunks instead of dozens of small ones
      // (fewer requests, better compression): React, the router and emotion; Chakra's style engine,
      // the components' anatomies and the components of the header and footer; the app's shell
      // (layout, session, theme). Everything else is split as Rolldown decides.
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@emotion|stylis|hoist-non-react-statics|react-is)[\\/]/,
            },
            {
              name: 'chakra',
              test: /node_modules[\\/](@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](styled-system|utils|preset-base|anatomy\.js|components[\\/](box|button[\\/](button|icon-button)|center|container|heading|icon[\\/]icon|link[\\/]link|list|skeleton|stack|text)[\\/.])|@zag-js[\\/](anatomy[\\/]|[^\\/]+[\\/]dist[\\/][^\\/]*anatomy))/,
            },
            {
              name: 'shell',
              test: /web[\\/]src[\\/](components[\\/](header|logo|icons|media|full-page-loader|app-link|page-container)|lib[\\/](use-title|storage|session-store|auth|public-config|query-client|use-hydrated)|config[\\/](env|ui)|app[\\/](theme-store|system|route-handle))\.tsx?$|vite[\\/]preload-helper/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // Rendering a whole feature in jsdom takes a second on a quiet machine and several on a loaded
    // CI runner; the default 5 s failed there with nothing wrong.
    testTimeout: 30_000,
  },
});
