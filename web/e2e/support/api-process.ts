/** Starting and stopping the service for the end-to-end stack with the very command `npm start`
 * runs (`node scripts/service.mjs <mode>`: its Node flags, entry and mode). */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });
}

/** Resolves once the process says it serves; every chunk of its output goes to `onOutput`. */
export async function startApi(
  mode: 'all' | 'server',
  env: NodeJS.ProcessEnv,
  options: { timeoutMs: number; onOutput: (chunk: Buffer) => void; logHint: () => string },
): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['scripts/service.mjs', mode], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stderr.on('data', options.onOutput);
  server.stdout.on('data', options.onOutput);
  await new Promise<void>((ok, fail) => {
    let out = '';
    const started = (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('Сервис запущен')) return;
      clearTimeout(timer);
      server.stdout.off('data', started);
      ok();
    };
    const timer = setTimeout(
      () => fail(new Error(`the api (${mode}) did not start in ${options.timeoutMs / 1000} s; ${options.logHint()}`)),
      options.timeoutMs,
    );
    server.stdout.on('data', started);
    server.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the api (${mode}) exited with ${code}; ${options.logHint()}`));
    });
  });
  return server;
}

/** SIGTERM (which also stops an embedded PostgreSQL), then waits for the exit. */
export async function stopApi(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((ok) => server.once('exit', ok));
  server.kill('SIGTERM');
  await exited;
}
