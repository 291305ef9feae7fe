/** Bundle sizes (gzip) of the built app: what the landing page loads, and the route chunks.
 * Run through `npm run bench -w web` (builds first). Reads Vite's manifest. */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

const dist = resolve(import.meta.dirname, '../dist');
const manifest: Record<string, Chunk> = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** A chunk with everything it imports statically (loaded together). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}

function files(keys: Set<string>) {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const k of keys) {
    js.add(manifest[k].file);
    for (const c of manifest[k].css ?? []) css.add(c);
  }
  return { js: [...js], css: [...css] };
}
const total = (list: string[]) => list.reduce((n, f) => n + gz(f), 0);

const entry = closure('index.html');
const landing = files(closure('src/app/routes/landing.tsx', new Set(entry)));
console.log('web bundle (gzip -9)');
console.log(`  landing page JavaScript: ${kb(total(landing.js))} in ${landing.js.length} files`);
console.log(
  `  landing page CSS:        ${kb(total(landing.css))} in ${landing.css.length} files (Chakra styles are generated at run time)`,
);

// Each route: its own chunk, and what navigating there loads beyond the entry.
const routes = Object.entries(manifest)
  .filter(([k, c]) => c.isDynamicEntry && k.startsWith('src/app/routes/'))
  .map(([k, c]) => {
    const keys = closure(k, new Set(entry));
    for (const e of entry) keys.delete(e);
    const extra = files(keys);
    const own = gz(c.file);
    return {
      route: k.replace('src/app/routes/', '').replace('.tsx', ''),
      own,
      withImports: own + total(extra.js.filter((f) => f !== c.file)),
    };
  })
  .sort((a, b) => b.own - a.own);
const largest = routes[0];
console.log(
  `  largest route chunk:     ${kb(largest.own)} (${largest.route}; ${kb(largest.withImports)} with the shared chunks it pulls in)`,
);
console.log('  routes (own chunk / with its imports beyond the entry):');
for (const r of routes) console.log(`    ${r.route.padEnd(18)} ${kb(r.own).padStart(10)} ${kb(r.withImports).padStart(10)}`);
