/** The two sockets of an order (spec section 4 and 7): payment/ws/{task_id} and
 * users/ws/{task_id}. Session cookie, owner only, current state at once, then every change.
 *
 * An open socket is held for as long as a generation runs, a thousand of them on one process, so
 * what each keeps alive is kept small (npm run bench -w api measures it): the session is looked up
 * without an entity, the order is read through an EntityManager of the opening only (a request's
 * EntityManager would live as long as the socket, with its identity map), and one ping timer
 * serves every socket. */
import { WS_CLOSE } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Orm } from '../../db/orm.ts';
import { AppError } from '../../errors.ts';
import { optionalSessionOwnerOf } from '../../http/context.ts';
import { originAllowed } from '../../http/origin.ts';
import { Order } from './entities.ts';
import { orderEventOf, type OrderEvent, type OrderEvents } from './events.ts';

type Channel = 'payment' | 'generation';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Keeps idle sockets alive through proxies (they drop a connection silent for a minute or so). */
const PING_INTERVAL_MS = 25_000;

const messageOf: Record<Channel, (event: OrderEvent) => string> = {
  payment: (event) => JSON.stringify(event.payment),
  generation: (event) => JSON.stringify(event.generation),
};

function notFound(socket: WebSocket, channel: Channel) {
  if (channel === 'payment') socket.send(JSON.stringify({ status: 'not_found' }));
  socket.close(WS_CLOSE.notFound, 'not found');
}

export function registerOrderSockets(app: FastifyInstance, events: OrderEvents, trustedOrigins: string[], orm: Orm) {
  const open = (channel: Channel) => async (socket: WebSocket, request: FastifyRequest<{ Params: { task_id: string } }>) => {
    // A page on another site must not ride on the user's cookie (cross-site WebSocket hijacking).
    if (!originAllowed(request, trustedOrigins)) return socket.close(WS_CLOSE.unauthorized, 'origin');
    const owner = await optionalSessionOwnerOf(request);
    if (!owner) return socket.close(WS_CLOSE.unauthorized, 'unauthorized');
    const taskId = request.params.task_id;
    if (!UUID.test(taskId)) return notFound(socket, channel);

    // This opening's own EntityManager: a local that no listener below captures, so it and the
    // entities it read are garbage once the current state is sent.
    const em = orm.em.fork();
    // Ownership first: a socket of another user must never be subscribed, not even for the
    // time of a query (it would receive the owner's events meanwhile).
    const owned = await em.count(Order, { id: taskId, user: owner.userId });
    if (socket.readyState !== socket.OPEN) return;
    if (!owned) return notFound(socket, channel);

    // Subscribe, then read: no change between the read and the subscription is lost. An event
    // that arrives before the read is at least as new as it, so the read is then dropped.
    let last = '';
    let eventArrived = false;
    const send = (event: OrderEvent, fromEvent: boolean) => {
      eventArrived ||= fromEvent;
      const message = messageOf[channel](event);
      if (message !== last && socket.readyState === socket.OPEN) socket.send(message);
      last = message;
    };
    const unsubscribe = events.subscribe(taskId, (event) => send(event, true));
    socket.once('close', unsubscribe);
    const order = await em.findOne(Order, { id: taskId, user: owner.userId });
    if (!order) {
      unsubscribe();
      return notFound(socket, channel);
    }
    if (!eventArrived) send(orderEventOf(order), false);
  };

  // One timer for every socket of the process, not one each: a thousand timers and their closures
  // cost memory, and a ping is due on every open socket alike.
  const ping = setInterval(() => {
    for (const client of app.websocketServer.clients) if (client.readyState === client.OPEN) client.ping();
  }, PING_INTERVAL_MS);
  ping.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(ping);
    done();
  });

  // A plain HTTP request to a socket's address gets an error answer like any other.
  const notSocket = async () => {
    throw new AppError('bad_request', { detail: 'По этому адресу открывается только WebSocket' });
  };
  app.route({ method: 'GET', url: '/api/v1/payment/ws/:task_id', handler: notSocket, wsHandler: open('payment') });
  app.route({ method: 'GET', url: '/api/v1/users/ws/:task_id', handler: notSocket, wsHandler: open('generation') });
}
