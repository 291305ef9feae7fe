/** The service's own processes, started with the very command `npm start` runs
 * (`node scripts/service.mjs <mode>`: its Node flags, entry and mode), for tests that kill them,
 * run several of them side by side, or talk to them over real HTTP. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Env } from '../../src/config.ts';
import type { TestApp } from './app.ts';
import { freePort } from './ports.ts';

export interface ServiceProcess {
  child: ChildProcess;
  /** The HTTP address of a server process. */
  url: string;
  output: string[];
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

type Mode = 'all' | 'server' | 'worker';

/** The shared start command of the service (package.json's start:all, the Docker image, the e2e stack). */
export const SERVICE_COMMAND = join(import.meta.dirname, '../../../scripts/service.mjs');

/** `node scripts/service.mjs <mode>` with exactly `env`; `detached` gives it a process group of its
 * own (its worker and its embedded PostgreSQL included), which `kill(-pid)` kills as a whole. */
export function spawnService(mode: Mode, env: Env, options: { detached?: boolean } = {}): ChildProcess {
  return spawn(process.execPath, [SERVICE_COMMAND, mode], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: options.detached });
}

/** Starts a process and resolves once it is ready (a server listens; a worker has started its
 * consumers); rejects with its output if it exits first. */
export async function startService(
  mode: Mode,
  env: Env,
  options: { port: number; detached?: boolean; onSpawn?: (child: ChildProcess) => void },
): Promise<ServiceProcess> {
  const output: string[] = [];
  const child = spawnService(mode, env, options);
  options.onSpawn?.(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output.push(String(d));
      const text = output.join('');
      if ((mode !== 'worker' && text.includes('Сервис запущен')) || (mode === 'worker' && text.includes('worker started'))) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => reject(new Error(`${mode} exited before it was ready:\n${output.join('').slice(-3000)}`)));
  });
  await ready;
  return {
    child,
    url: `http://127.0.0.1:${options.port}`,
    output,
    exited,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A server or worker process with the test app's configuration (plus `env`) on its database. */
export async function startProcess(t: TestApp, mode: Mode, env: Env = {}, port?: number): Promise<ServiceProcess> {
  port ??= await freePort();
  return startService(
    mode,
    {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: t.config.publicUrl,
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: t.config.dataDir,
      SECRET_KEY: t.config.secretKey,
      ...env,
    },
    { port },
  );
}
