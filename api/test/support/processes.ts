/** The service's own processes (`node src/main.ts server|worker`) on a test's database, for tests
 * that kill them, run several of them side by side, or talk to them over real HTTP. */
import { fork, type ChildProcess } from 'node:child_process';
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

const MAIN = join(import.meta.dirname, '../../src/main.ts');

/** Starts a server or worker process with the test app's configuration (plus `env`) and resolves
 * once it is ready (a server listens; a worker has started its consumers). */
export async function startProcess(t: TestApp, mode: 'server' | 'worker', env: Env = {}): Promise<ServiceProcess> {
  const port = await freePort();
  const output: string[] = [];
  const child = fork(MAIN, [mode], {
    env: {
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
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output.push(String(d));
      const text = output.join('');
      if ((mode === 'server' && text.includes('Сервис запущен')) || (mode === 'worker' && text.includes('worker started'))) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => reject(new Error(`${mode} exited before it was ready:\n${output.join('').slice(-3000)}`)));
  });
  await ready;
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    output,
    exited,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
