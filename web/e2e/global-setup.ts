/** Starts the real stack the way `npm start` does (build the web app if stale, then
 * `node scripts/service.mjs all`) on free ports with a fresh data directory, seeds the reviews,
 * and returns the teardown that stops it (SIGTERM also stops its PostgreSQL). */
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, startApi, stopApi } from './support/api-process.ts';
import { SEEDED_REVIEWS } from './support/constants.ts';
import { fixtureSamples } from './support/samples-fixture.ts';

const web = resolve(import.meta.dirname, '..');
const root = resolve(web, '..');

function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** Same rule as scripts/bootstrap.mjs: rebuild when a source is newer than the build. */
function buildIfStale() {
  const index = join(web, 'dist', 'index.html');
  const sources = Math.max(newest(join(web, 'src')), newest(join(root, 'contract', 'src')), statSync(join(web, 'index.html')).mtimeMs);
  if (existsSync(index) && statSync(index).mtimeMs > sources) return;
  const r = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('web build failed');
}

export default async function globalSetup() {
  buildIfStale();
  const [port, pgPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'web-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    EMBEDDED_PG_PORT: String(pgPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOGIN_LIMIT_PER_MINUTE: '1000',
    REGISTER_LIMIT_PER_HOUR: '1000',
    CODE_REQUESTS_LIMIT_PER_HOUR: '1000',
    TELEGRAM_BOT_USERNAME: 'e2e_test_bot',
    // The browser's own 60 s countdown is fast-forwarded with a fake clock; the server allows a resend after 1 s.
    RESEND_SECONDS: '1',
  };
  // The paper engine publishes the real samples in paper/samples; until then serve a fixture.
  if (!existsSync(join(root, 'paper', 'samples', 'manifest.json'))) {
    const dir = join(dataDir, 'samples');
    mkdirSync(dir);
    for (const [name, content] of Object.entries(fixtureSamples())) writeFileSync(join(dir, name), content);
    env.SAMPLES_DIR = dir;
  }

  const fullEnv = { ...process.env, ...env };
  const log = createWriteStream(join(dataDir, 'server.log'));
  const server = await startApi('all', fullEnv, {
    timeoutMs: 120_000,
    onOutput: (chunk) => log.write(chunk),
    logHint: () => `log: ${join(dataDir, 'server.log')}`,
  });

  const seed = spawnSync(process.execPath, ['api/src/cli/seed.ts', 'reviews', String(SEEDED_REVIEWS)], {
    cwd: root,
    env: fullEnv,
    encoding: 'utf8',
  });
  if (seed.status !== 0) throw new Error(`seeding failed: ${seed.stderr}`);

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_SERVER_ENV = JSON.stringify(env);

  return async () => {
    await stopApi(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
