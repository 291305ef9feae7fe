// The one definition of how a process of the service starts: Node's flags, the entry and the mode.
//   node scripts/service.mjs all|server|worker|bot [--watch] [--api N] [--workers N]
// `all` on one machine starts N API processes (the first on PORT, the next on PORT+1 ...: put a
// balancer in front) and N workers (API_PROCESSES and WORKER_PROCESSES, 1 and 1 by default);
// on several machines start `server` and `worker` processes against one DATABASE_URL instead.
// `npm start` (through scripts/bootstrap.mjs), `npm run dev`, the Docker image, the end-to-end
// stack and the API's process tests all start the service with this command, so that a flag or a
// start-up step that breaks users breaks CI first. It replaces itself with the service (execve:
// same process id, so signals, exit codes and a killed process group are the service's own).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// NODE_FLAGS (node-flags.json, which the API's bench starts its servers with too): V8 sizes the
// young generation by the machine's memory (128 MB on a 24 GB machine); streaming uploads fill it
// with short-lived buffers. 16 MB semi-spaces keep the RSS bounded at no cost in upload
// throughput (npm run bench -w api). Worker threads get none of these flags (Node refuses V8
// flags in a worker); their memory is bounded by their own resourceLimits.
const NODE_FLAGS = JSON.parse(readFileSync(new URL('node-flags.json', import.meta.url), 'utf8'));
const ENTRY = fileURLToPath(new URL('../api/src/main.ts', import.meta.url));
const MODES = ['all', 'server', 'worker', 'bot'];

const COUNTS = { '--api': 'API_PROCESSES', '--workers': 'WORKER_PROCESSES' };

const [mode = 'all', ...options] = process.argv.slice(2);
const env = { ...process.env };
let watch = [];
for (let i = 0; i < options.length; i++) {
  const option = options[i];
  if (option === '--watch') watch = ['--watch'];
  else if (COUNTS[option] && mode === 'all' && /^\d+$/.test(options[i + 1] ?? '')) env[COUNTS[option]] = options[++i];
  else usage();
}
if (!MODES.includes(mode)) usage();

function usage() {
  console.error(`usage: node scripts/service.mjs ${MODES.join('|')} [--watch] [--api N] [--workers N] (the counts with all only)`);
  process.exit(2);
}
if (typeof process.execve !== 'function') {
  console.error(`Node ${process.version} cannot start the service: Node 24 is needed (npm start and npm run dev use the project's own)`);
  process.exit(2);
}
process.execve(process.execPath, [process.execPath, ...watch, ...NODE_FLAGS, ENTRY, mode], env);
