/** Bundle sizes (gzip) of the built app: what the landing page loads, and the route chunks; then the
 * landing's first contentful paint in Chromium on a throttled phone profile, served by the real
 * stack (started as the end-to-end tests start it, over loopback only).
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
/** DESIGN.md's budget for the landing on a slow phone line. */
const GOALS = { landingJsKiB: 150, fcpMs: 1500 };

console.log('web bundle (gzip -9)');
const landingJs = total(landing.js);
console.log(
  `  landing page JavaScript: ${kb(landingJs)} in ${landing.js.length} files (goal ≤ ${GOALS.landingJsKiB} KiB: ${landingJs <= GOALS.landingJsKiB * 1024 ? 'met' : 'NOT met'})`,
);
console.log(`  landing page CSS files:  ${kb(total(landing.css))} in ${landing.css.length} files`);
// The pre-rendered page carries the CSS of what it shows in <style> tags (emotion's, extracted at build).
const page = readFileSync(join(dist, 'prerendered/index.html'), 'utf8');
const inlineCss = [...page.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
console.log(
  `  landing page HTML:       ${kb(gzipSync(page, { level: 9 }).length)} pre-rendered, its inline CSS ${kb(gzipSync(inlineCss, { level: 9 }).length)} of it`,
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

await measureFirstPaint();

/** First contentful paint of the landing with 4× CPU throttling on a 1.6 Mbit/s down, 750 kbit/s up,
 * 150 ms line; each run in a fresh context (empty cache), the median printed. */
async function measureFirstPaint() {
  const runs = Number(process.env.BENCH_FCP_RUNS ?? 5);
  const { default: startStack } = await import('../e2e/global-setup.ts');
  const { chromium } = await import('@playwright/test');
  const stop = await startStack();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
  try {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'ru-RU', serviceWorkers: 'block' });
      await context.route(
        (url) => !['localhost', '127.0.0.1'].includes(url.hostname),
        (route) => route.abort('blockedbyclient'),
      );
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6e6 / 8) | 0,
        uploadThroughput: (750e3 / 8) | 0,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${process.env.E2E_BASE_URL}/`, { waitUntil: 'commit' });
      const fcp = await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime, undefined, {
        timeout: 60_000,
        polling: 100,
      });
      times.push((await fcp.jsonValue()) as number);
      await context.close();
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    console.log(
      `landing first contentful paint (Chromium, 4× CPU, 1.6 Mbit/s ↓ 750 kbit/s ↑ 150 ms): median ${(median / 1000).toFixed(2)} s of ${runs} runs (goal ≤ ${GOALS.fcpMs / 1000} s: ${median <= GOALS.fcpMs ? 'met' : 'NOT met'}; runs ${times.map((t) => (t / 1000).toFixed(2)).join(', ')} s)`,
    );
  } finally {
    await browser.close();
    await stop();
  }
}
