/** A clean stop of an API process (SIGTERM, a deploy): no new connection is accepted, every socket
 * is told to connect again elsewhere (the web app does so at once, to another server behind the
 * balancer, and is sent the current state there), the requests in flight finish, and the server
 * is closed within SERVER_STOP_MS whatever its clients do. */
import { WS_CLOSE } from '@app/contract';
import type { FastifyInstance } from 'fastify';

/** What a stopping server waits for its requests in flight before cutting their connections. */
const SERVER_STOP_MS = 8_000;

export async function closeServer(server: FastifyInstance): Promise<void> {
  for (const socket of server.websocketServer?.clients ?? []) socket.close(WS_CLOSE.restart, 'restart');
  // A slow upload or a client that keeps its connection open must not hold a deploy.
  const cut = setTimeout(() => server.server.closeAllConnections(), SERVER_STOP_MS);
  try {
    await server.close();
  } finally {
    clearTimeout(cut);
  }
}
