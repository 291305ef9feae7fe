/** The two sockets of an order (spec section 4 and 7): payment/ws/{task_id} and
 * users/ws/{task_id}. Session cookie, owner only, current state at once, then every change. */
import { WS_CLOSE } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../../errors.ts';
import { optionalSessionOf } from '../../http/context.ts';
import { originAllowed } from '../../http/origin.ts';
import { Order } from './entities.ts';
import { orderEventOf, type OrderEvent, type OrderEvents } from './events.ts';

type Channel = 'payment' | 'generation';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function registerOrderSockets(app: FastifyInstance, events: OrderEvents, trustedOrigins: string[]) {
  const open = (channel: Channel) => async (socket: WebSocket, request: FastifyRequest<{ Params: { task_id: string } }>) => {
    // A page on another site must not ride on the user's cookie (cross-site WebSocket hijacking).
    if (!originAllowed(request, trustedOrigins)) return socket.close(WS_CLOSE.unauthorized, 'origin');
    const session = await optionalSessionOf(request);
    if (!session) return socket.close(WS_CLOSE.unauthorized, 'unauthorized');
    const taskId = request.params.task_id;
    const notFound = () => {
      if (channel === 'payment') socket.send(JSON.stringify({ status: 'not_found' }));
      socket.close(WS_CLOSE.notFound, 'not found');
    };
    if (!UUID.test(taskId)) return notFound();

    // Ownership first: a socket of another user must never be subscribed, not even for the
    // time of a query (it would receive the owner's events meanwhile).
    const owned = await request.em.count(Order, { id: taskId, user: session.user.id });
    if (socket.readyState !== socket.OPEN) return;
    if (!owned) return notFound();

    // Subscribe, then read: no change between the read and the subscription is lost. An event
    // that arrives before the read is at least as new as it, so the read is then dropped.
    let last = '';
    let eventArrived = false;
    const send = (event: OrderEvent) => {
      const message = JSON.stringify(channel === 'payment' ? event.payment : event.generation);
      if (message !== last && socket.readyState === socket.OPEN) socket.send(message);
      last = message;
    };
    const unsubscribe = events.subscribe(taskId, (event) => {
      eventArrived = true;
      send(event);
    });
    socket.on('close', unsubscribe);
    const order = await request.em.findOne(Order, { id: taskId, user: session.user.id });
    if (!order) {
      unsubscribe();
      return notFound();
    }
    if (!eventArrived) send(orderEventOf(order));
    // Keep idle sockets alive through proxies, and notice dead peers.
    const ping = setInterval(() => socket.readyState === socket.OPEN && socket.ping(), 25_000);
    socket.on('close', () => clearInterval(ping));
  };
  // A plain HTTP request to a socket's address gets an error answer like any other.
  const notSocket = async () => {
    throw new AppError('bad_request', { detail: 'По этому адресу открывается только WebSocket' });
  };
  app.route({ method: 'GET', url: '/api/v1/payment/ws/:task_id', handler: notSocket, wsHandler: open('payment') });
  app.route({ method: 'GET', url: '/api/v1/users/ws/:task_id', handler: notSocket, wsHandler: open('generation') });
}
