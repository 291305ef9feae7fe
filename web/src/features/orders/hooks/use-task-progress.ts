/** Follows an order over its two sockets (specification section 4): the payment socket until the
 * payment succeeds, then the generation socket until the paper is done or has failed. A dropped
 * socket is opened again (the server sends the current state on connect). */
import { generationMessage, paymentMessage, WS_CLOSE, WS_PATHS } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { env } from '@/config/env';
import { signOutLocally } from '@/lib/session-store';

export type TaskProgress =
  | { phase: 'payment' }
  | { phase: 'canceled' }
  | { phase: 'not_found' }
  | { phase: 'generation'; stage: string; progress: number }
  | { phase: 'failed'; error: string }
  | { phase: 'unknown' }
  | { phase: 'completed'; type: 'demo' | 'full'; paperId: number | null };

const RETRY_MAX_MS = 10_000;

function socketUrl(path: string): string {
  const url = new URL(path, env.apiUrl || window.location.origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export function useTaskProgress(taskId: string | null): TaskProgress {
  const client = useQueryClient();
  const [state, setState] = useState<TaskProgress>(taskId ? { phase: 'payment' } : { phase: 'not_found' });

  useEffect(() => {
    if (!taskId) return;
    let channel: 'payment' | 'generation' = 'payment';
    let socket: WebSocket | null = null;
    let stopped = false;
    let retries = 0;
    let retryTimer: number | undefined;

    const stop = () => {
      stopped = true;
      window.clearTimeout(retryTimer);
      socket?.close();
    };

    const onPayment = (data: unknown) => {
      const parsed = paymentMessage.safeParse(data);
      if (!parsed.success) return setState({ phase: 'unknown' });
      switch (parsed.data.status) {
        case 'pending':
          return setState({ phase: 'payment' });
        case 'succeeded':
          channel = 'generation';
          socket?.close();
          return connect();
        case 'canceled':
          stop();
          return setState({ phase: 'canceled' });
        case 'not_found':
          stop();
          return setState({ phase: 'not_found' });
      }
    };

    const onGeneration = (data: unknown) => {
      const parsed = generationMessage.safeParse(data);
      if (!parsed.success) return setState({ phase: 'unknown' });
      const m = parsed.data;
      switch (m.status) {
        case 'waiting':
        case 'started':
          return setState({ phase: 'generation', stage: m.stage, progress: 0 });
        case 'in_progress':
          return setState({ phase: 'generation', stage: m.stage, progress: m.progress });
        case 'completed':
          stop();
          return setState({ phase: 'completed', type: m.type, paperId: m.paper_id });
        case 'failed':
          stop();
          return setState({ phase: 'failed', error: m.error ?? '' });
        default:
          return setState({ phase: 'unknown' });
      }
    };

    function connect() {
      const own = new WebSocket(socketUrl(channel === 'payment' ? WS_PATHS.payment(taskId!) : WS_PATHS.generation(taskId!)));
      const handle = channel === 'payment' ? onPayment : onGeneration;
      socket = own;
      own.onopen = () => {
        retries = 0;
      };
      own.onmessage = (event) => {
        if (socket !== own || stopped) return;
        let data: unknown;
        try {
          data = JSON.parse(String(event.data));
        } catch {
          data = null;
        }
        handle(data);
      };
      own.onclose = (event) => {
        if (socket !== own || stopped) return;
        if (event.code === WS_CLOSE.notFound) {
          stop();
          return setState({ phase: 'not_found' });
        }
        if (event.code === WS_CLOSE.unauthorized) {
          stop();
          return signOutLocally(client);
        }
        // A server that stops sends its sockets elsewhere: at once (spread over half a second, so
        // that its clients do not all arrive together). Dropped: try again, waiting a little
        // longer each time (1 s, 2 s, 4 s ... 10 s).
        const restart = event.code === WS_CLOSE.restart;
        const delay = restart ? Math.random() * 500 : Math.min(RETRY_MAX_MS, 1000 * 2 ** retries);
        if (!restart) retries += 1;
        retryTimer = window.setTimeout(connect, delay);
      };
    }

    connect();
    return stop;
  }, [taskId, client]);

  return state;
}
