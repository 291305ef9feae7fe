/** Errors on an open socket. A client that breaks the protocol (a frame over the size limit,
 * invalid UTF-8, a bad opcode) or drops the connection is the client's doing: ws has already
 * closed the socket with the right code, and it is logged as that. Anything else is ours: logged
 * as an error, the socket closed with 1011. */
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

const CLIENT_SIDE = /^(WS_ERR_|ECONNRESET$|EPIPE$)/;

export function onSocketError(error: Error & { code?: string }, socket: WebSocket, request: FastifyRequest) {
  if (typeof error.code === 'string' && CLIENT_SIDE.test(error.code)) {
    request.log.info({ code: error.code, reason: error.message }, 'socket closed by a client error');
    return;
  }
  request.log.error({ err: error }, 'socket error');
  if (socket.readyState === socket.OPEN) socket.close(1011, 'internal error');
  else socket.terminate();
}
