/** Writes the pre-rendered public pages into the client build: for each path the server entry names,
 * dist/index.html with the page's markup in #root and its CSS in <head>, saved as
 * dist/prerendered/<name>.html ('/' is index.html). The API serves them for those paths. Runs after
 * `vite build` and `vite build --ssr` (npm run build). */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const web = resolve(import.meta.dirname, '..');
const dist = join(web, 'dist');
const ssrDir = join(web, 'dist-ssr');
const server = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as typeof import('../src/entry-server.tsx');

const template = readFileSync(join(dist, 'index.html'), 'utf8');
const ROOT = '<div id="root"></div>';
if (!template.includes(ROOT) || !template.includes('</head>')) throw new Error('dist/index.html has no empty #root to fill');

const out = join(dist, 'prerendered');
rmSync(out, { recursive: true, force: true });
mkdirSync(out);
for (const path of server.prerenderedPaths()) {
  const { html, styles } = await server.render(path);
  const page = template.replace('</head>', `${styles}</head>`).replace(ROOT, `<div id="root">${html}</div>`);
  const name = path === '/' ? 'index.html' : `${path.slice(1).replaceAll('/', '-')}.html`;
  writeFileSync(join(out, name), page);
  console.log(`pre-rendered ${path} → dist/prerendered/${name} (${(page.length / 1024).toFixed(0)} KiB)`);
}
// The SSR build is needed only for this step.
rmSync(ssrDir, { recursive: true, force: true });
