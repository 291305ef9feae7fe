/** A second API server on the stack's database, configured as an installation without a Telegram
 * bot (no TELEGRAM_BOT_USERNAME): `node api/src/main.ts server`, as production runs its instances.
 * The stack's session cookie (host localhost, any port) signs the browser in on it too. */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });
}

export interface BotlessServer {
  url: string;
  stop(): Promise<void>;
}

export async function startBotlessServer(): Promise<BotlessServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...JSON.parse(process.env.E2E_SERVER_ENV!),
    PORT: String(port),
    PUBLIC_URL: url,
  };
  delete env.TELEGRAM_BOT_USERNAME;
  delete env.TELEGRAM_BOT_TOKEN;
  const server = spawn(process.execPath, ['api/src/main.ts', 'server'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  server.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`the bot-less server did not start in 60 s:\n${log}`)), 60_000);
    server.stdout.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Сервис запущен')) {
        clearTimeout(timer);
        ok();
      }
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the bot-less server exited with ${code}:\n${log}`));
    });
  });
  return {
    url,
    async stop() {
      if (server.exitCode !== null) return;
      const exited = new Promise((ok) => server.once('exit', ok));
      server.kill('SIGTERM');
      await exited;
    },
  };
}
