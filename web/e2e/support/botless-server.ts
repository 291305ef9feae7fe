/** A second API server on the stack's database, configured as an installation without a Telegram
 * bot (no TELEGRAM_BOT_USERNAME): `node scripts/service.mjs server`, as production runs its instances.
 * The stack's session cookie (host localhost, any port) signs the browser in on it too. */
import { freePort, startApi, stopApi } from './api-process.ts';

export interface BotlessServer {
  url: string;
  /** What the server wrote (pino's JSON lines at the stack's LOG_LEVEL, warn). */
  output(): string;
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
  let log = '';
  const server = await startApi('server', env, {
    timeoutMs: 60_000,
    onOutput: (chunk) => (log += chunk.toString()),
    logHint: () => `output:\n${log}`,
  });
  return {
    url,
    output: () => log,
    stop: () => stopApi(server),
  };
}
