/** Order events cross processes through PostgreSQL LISTEN/NOTIFY: a worker or an API instance
 * publishes inside the transaction that changed the order (NOTIFY is delivered on commit), and
 * every API instance forwards it to the sockets of that order. */
import type { GenerationMessage, PaymentMessage } from '@app/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { Order } from './entities.ts';
import { generationMessageOf, paymentMessageOf } from './messages.ts';

export const ORDER_CHANNEL = 'order_events';

export interface OrderEvent {
  orderId: string;
  userId: number;
  payment: PaymentMessage;
  generation: GenerationMessage;
}

export function orderEventOf(order: Order): OrderEvent {
  const paperId = order.paper ? order.paper.id : null;
  return {
    orderId: order.id,
    userId: order.user.id,
    payment: paymentMessageOf(order),
    generation: generationMessageOf({ ...order, paperId }),
  };
}

/** Publishes the order's current state; call inside the transaction that changed it. */
export async function publishOrder(em: EntityManager, order: Order): Promise<void> {
  await em.execute('select pg_notify(?, ?)', [ORDER_CHANNEL, JSON.stringify(orderEventOf(order))]);
}

type Listener = (event: OrderEvent) => void;

/** One LISTEN connection per process, fanning events out to subscribers by order id. */
export class OrderEvents {
  private readonly subscribers = new Map<string, Set<Listener>>();
  private client: pg.Client | null = null;
  private stopped = false;
  private readonly databaseUrl: string;
  private readonly onError: (error: unknown) => void;

  constructor(databaseUrl: string, onError: (error: unknown) => void) {
    this.databaseUrl = databaseUrl;
    this.onError = onError;
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (msg) => {
      if (!msg.payload) return;
      const event = JSON.parse(msg.payload) as OrderEvent;
      for (const listener of this.subscribers.get(event.orderId) ?? []) listener(event);
    });
    client.on('error', (error) => {
      this.onError(error);
      void this.reconnect();
    });
    await client.connect();
    await client.query(`listen ${ORDER_CHANNEL}`);
    this.client = client;
  }

  private async reconnect(): Promise<void> {
    this.client = null;
    while (!this.stopped) {
      try {
        await new Promise((r) => setTimeout(r, 1000));
        await this.start();
        return;
      } catch (error) {
        this.onError(error);
      }
    }
  }

  subscribe(orderId: string, listener: Listener): () => void {
    let set = this.subscribers.get(orderId);
    if (!set) this.subscribers.set(orderId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.subscribers.delete(orderId);
    };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.client?.end().catch(() => undefined);
  }
}
