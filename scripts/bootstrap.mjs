// Entry point of the README's two commands. Plain JavaScript that runs on the system's Node
// (any version >= 18): it installs what is missing, then hands over to the project's Node 24.
//   npm start  -> install, system packages, build the web app, start the whole service
//   npm run dev -> install, then the API (restarting on change) and Vite (hot reload) through turbo
//   npm test   -> install, system packages, every test (unit, API, engine, web, end-to-end)
import { spawnSync, execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const mode = process.argv[2] ?? 'start';
const workspaces = ['contract', 'api', 'paper', 'bot', 'web'];
// The fonts are the web pages' too (web/src/app/system.ts), so their screenshot baselines hold on any machine.
const systemPackages = [
  'libreoffice-writer-nogui',
  'libreoffice-impress-nogui',
  'fonts-liberation2',
  'fonts-dejavu-core',
  'poppler-utils',
  'chromium',
];

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function installNodePackages() {
  const hash = createHash('sha256');
  for (const f of ['package.json', 'package-lock.json', ...workspaces.map((w) => `${w}/package.json`)]) {
    if (existsSync(join(root, f))) hash.update(readFileSync(join(root, f)));
  }
  const digest = hash.digest('hex');
  const stamp = join(root, 'node_modules', '.install-stamp');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) return;
  console.log('[setup] npm install');
  // `npm ci` fails on this registry (pdfjs-dist optional canvas builds); install keeps the lock file.
  run('npm', ['install', '--no-audit', '--no-fund']);
  writeFileSync(stamp, digest);
}

function missingSystemPackages() {
  return systemPackages.filter((p) => {
    const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', p], { encoding: 'utf8' });
    return !(r.status === 0 && r.stdout.includes('install ok installed'));
  });
}

function installSystemPackages({ required }) {
  const missing = missingSystemPackages();
  if (missing.length === 0) return;
  const cmd = `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (process.getuid && process.getuid() === 0) {
    console.log(`[setup] installing Debian packages: ${missing.join(' ')}`);
    run('sh', ['-c', cmd]);
    return;
  }
  console.log(`[setup] missing Debian packages: ${missing.join(' ')}\n[setup] run as root:\n  sudo sh -c '${cmd}'`);
  if (required) process.exit(1);
  console.log('[setup] continuing: PDF preview and browser tests will not work until they are installed');
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function buildWebIfStale() {
  const index = join(root, 'web', 'dist', 'index.html');
  if (!existsSync(join(root, 'web', 'vite.config.ts'))) return;
  const sources = Math.max(newestMtime(join(root, 'web', 'src')), newestMtime(join(root, 'contract', 'src')));
  if (existsSync(index) && statSync(index).mtimeMs > sources) return;
  console.log('[setup] building the web app');
  run('npm', ['run', 'build', '-w', 'web']);
}

// `npm run` puts node_modules/.bin first on PATH, so `node` below is the project's Node 24.
const npmRun = (script, extra = []) => run('npm', ['run', script, ...(extra.length ? ['--', ...extra] : [])]);

installNodePackages();
if (mode === 'test') {
  installSystemPackages({ required: true });
  npmRun('test:all');
} else if (mode === 'dev') {
  installSystemPackages({ required: false });
  npmRun('dev:stack');
} else {
  installSystemPackages({ required: false });
  buildWebIfStale();
  npmRun('start:all');
}
