// The one definition of how a process of the service starts: Node's flags, the entry and the mode.
//   node scripts/service.mjs all|server|worker|bot [--watch]
// `npm start` (through scripts/bootstrap.mjs), `npm run dev`, the Docker image, the end-to-end
// stack and the API's process tests all start the service with this command, so that a flag or a
// start-up step that breaks users breaks CI first. It replaces itself with the service (execve:
// same process id, so signals, exit codes and a killed process group are the service's own).
import { fileURLToPath } from 'node:url';

// V8 sizes the young generation by the machine's memory (128 MB on a 24 GB machine); streaming
// uploads fill it with short-lived buffers. 16 MB semi-spaces keep the RSS bounded at no cost in
// upload throughput (npm run bench -w api). Worker threads get none of these flags (Node refuses
// V8 flags in a worker); their memory is bounded by their own resourceLimits.
const NODE_FLAGS = ['--max-semi-space-size=16'];
const ENTRY = fileURLToPath(new URL('../api/src/main.ts', import.meta.url));
const MODES = ['all', 'server', 'worker', 'bot'];

const [mode = 'all', ...options] = process.argv.slice(2);
if (!MODES.includes(mode) || options.some((o) => o !== '--watch')) {
  console.error(`usage: node scripts/service.mjs ${MODES.join('|')} [--watch]`);
  process.exit(2);
}
if (typeof process.execve !== 'function') {
  console.error(`Node ${process.version} cannot start the service: Node 24 is needed (npm start and npm run dev use the project's own)`);
  process.exit(2);
}
const watch = options.includes('--watch') ? ['--watch'] : [];
process.execve(process.execPath, [process.execPath, ...watch, ...NODE_FLAGS, ENTRY, mode], process.env);
