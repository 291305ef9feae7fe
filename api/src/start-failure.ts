/** Why the service could not start, said in words an operator can act on (printed instead of a
 * stack trace, or an uncaught `undefined`). */

/** A start-up failure whose message already says what happened and what to do. */
export class StartupError extends Error {}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'nothing answers there',
  ENOTFOUND: 'the host name is unknown',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host cannot be reached',
};
/** PostgreSQL's own error codes at connection time. */
const POSTGRES_CODES: Record<string, string> = {
  '28P01': 'the password is wrong',
  '28000': 'the user may not connect',
  '3D000': 'the database does not exist',
  '57P03': 'the server is starting up or shutting down',
};

/** The reason and the remedy, for whatever `main` threw while starting. */
export function describeStartFailure(error: unknown, where: { host: string; port: number; databaseUrl: string | null }): string {
  if (error instanceof StartupError) return error.message;
  const e = error as NodeJS.ErrnoException & { address?: string; port?: number };
  if (e?.code === 'EADDRINUSE' && e.port === where.port) {
    return `port ${where.port} on ${where.host} is already in use (another copy of the service, or another program). Stop it, or set PORT to a free port.`;
  }
  if (e?.code === 'EADDRNOTAVAIL' || (e?.code === 'EACCES' && e.syscall === 'listen')) {
    return `cannot listen on ${where.host}:${where.port} (${e.code}). Set HOST and PORT to an address this machine has and may use.`;
  }
  const database = where.databaseUrl ? `the database of DATABASE_URL (${redact(where.databaseUrl)})` : 'the embedded database';
  if (e?.code && NETWORK_CODES[e.code] && e.syscall === 'connect') {
    return `cannot reach ${database}: ${NETWORK_CODES[e.code]}. Check that PostgreSQL runs there and that DATABASE_URL is right.`;
  }
  if (e?.code && POSTGRES_CODES[e.code]) {
    return `${database} refused the connection: ${POSTGRES_CODES[e.code]} (${e.message}). Check DATABASE_URL.`;
  }
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return `unexpected error: ${message}\nIf it repeats, run with LOG_LEVEL=debug and report the output.`;
}

/** A database URL without its password. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(not a URL)';
  }
}
