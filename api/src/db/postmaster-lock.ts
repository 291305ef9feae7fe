/**
 * What a crash leaves in the embedded PostgreSQL's data directory. PostgreSQL refuses to start
 * while `postmaster.pid` names a process that exists (a killed postmaster not yet reaped, a zombie,
 * or an unrelated process that got its number after a reboot) and while processes of the old
 * server (its backends, checkpointer, ...) still hold its shared memory. Read from /proc (Linux);
 * elsewhere nothing is touched and PostgreSQL decides.
 */
import { readdirSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { StartupError } from '../start-failure.ts';

interface ProcessInfo {
  zombie: boolean;
  parent: number;
  /** Its working directory (a PostgreSQL process works in its data directory); null: not readable. */
  cwd: string | null;
}

function processInfo(pid: number): ProcessInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
    const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    let cwd: string | null = null;
    try {
      cwd = readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      // Another user's process (we are not root): its directory cannot be read.
    }
    return { zombie: state === 'Z', parent: Number(parent), cwd };
  } catch {
    return null; // no such process
  }
}

/** Live processes working in `dir`: those of a PostgreSQL server on it. */
function processesIn(dir: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      const info = processInfo(pid);
      return info && !info.zombie && info.cwd === dir;
    });
}

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};

/** Waits (polling /proc) until no live process works in `dir`; false when `ms` run out first. */
async function untilGone(dir: string, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; processesIn(dir).length > 0; await sleep(100)) if (Date.now() > deadline) return false;
  return true;
}

/**
 * Before the embedded server starts on `dataDir`: a lock of a dead postmaster is removed once the
 * old server's last process has exited; a postmaster left running by a service that died (its
 * parent is gone) is shut down cleanly; a postmaster that a running service owns is never touched
 * (StartupError: another `npm start` uses this data directory).
 */
export async function releaseStaleLock(dataDir: string, log: (message: string) => void, waitMs = 60_000): Promise<void> {
  const lockFile = join(dataDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
  } catch {
    return; // no lock: a clean stop, or a first start
  }
  if (!Number.isInteger(pid) || pid <= 0) return;
  let dir: string;
  try {
    dir = realpathSync(dataDir);
    readdirSync('/proc');
  } catch {
    return; // no /proc: PostgreSQL decides
  }
  const postmaster = processInfo(pid);
  if (postmaster && !postmaster.zombie) {
    if (postmaster.cwd === null) return; // cannot tell whose it is: PostgreSQL decides
    if (postmaster.cwd === dir) {
      if (commandOf(postmaster.parent).includes('main.ts')) {
        throw new StartupError(
          `the embedded PostgreSQL on ${dataDir} is in use by another running service (process ${postmaster.parent}). ` +
            'Stop that one first (Ctrl+C in its terminal), or give this one its own DATA_DIR and EMBEDDED_PG_PORT.',
        );
      }
      log(`a PostgreSQL left running by a service that stopped (process ${pid}): shutting it down cleanly`);
      process.kill(pid, 'SIGINT');
      if (!(await untilGone(dir, waitMs))) {
        throw new StartupError(`the PostgreSQL left running on ${dataDir} (process ${pid}) does not stop. Stop it: kill ${pid}`);
      }
      return; // it removed its lock itself
    }
  }
  // The postmaster is dead (or its number now belongs to another program). Its children notice and
  // exit; until the last one has, its shared memory is in use and PostgreSQL refuses to start.
  if (!(await untilGone(dir, waitMs))) {
    throw new StartupError(
      `processes of a stopped PostgreSQL still run on ${dataDir} (${processesIn(dir).join(', ')}). Stop them (kill <pid>) and start again.`,
    );
  }
  rmSync(lockFile, { force: true });
  log(`removed the lock of a PostgreSQL that was killed (process ${pid}): starting it again`);
}
