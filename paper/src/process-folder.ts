/**
 * Work folders that belong to a process, named `host+pid+random` under a base folder: a process
 * claims one when it starts and releases it when it stops, and what a killed process left behind
 * is removed by the next one that claims a folder there. A folder is a leftover when its process
 * is gone: on this host, when no process has its pid (or the pid is ours but the folder is not: a
 * previous run with the same pid, as in a restarted container); of another host (a shared volume),
 * when it has not been touched for a day. Anything not named so is left alone.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A folder of another host is left alone unless untouched this long (its process touches it). */
const FOREIGN_STALE_MS = 24 * 3600_000;
/** The folders of this process (several owners may share a process and a base folder). */
const ownFolders = new Set<string>();
const host = () => os.hostname().replace(/[^\w.-]/g, '_');

/** Removes the leftovers in `baseDir` (`beforeRemoving` may first stop what still works in one of
 * this host's), then makes this process's folder and returns its path. */
export async function claimProcessFolder(baseDir: string, beforeRemoving?: (leftover: string) => Promise<void>): Promise<string> {
  await mkdir(baseDir, { recursive: true });
  await removeLeftovers(baseDir, beforeRemoving);
  // Claimed before it exists, so that another owner in this process starting now leaves it alone.
  const dir = path.join(baseDir, `${host()}+${process.pid}+${randomBytes(6).toString('hex')}`);
  ownFolders.add(dir);
  await mkdir(dir);
  return dir;
}

/** Removes a folder this process claimed. */
export async function releaseProcessFolder(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  ownFolders.delete(dir);
}

async function removeLeftovers(baseDir: string, beforeRemoving?: (leftover: string) => Promise<void>): Promise<void> {
  for (const name of await readdir(baseDir)) {
    const dir = path.join(baseDir, name);
    const [owner, pidText] = name.split('+');
    const pid = Number(pidText);
    if (!Number.isInteger(pid) || pid <= 0 || ownFolders.has(dir)) continue;
    if (owner === host()) {
      if (pid !== process.pid && processAlive(pid)) continue;
      await beforeRemoving?.(dir);
    } else {
      const touched = await stat(dir).then(
        (s) => s.mtimeMs,
        () => Date.now(),
      );
      if (Date.now() - touched < FOREIGN_STALE_MS) continue;
    }
    await rm(dir, { recursive: true, force: true });
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
