/** What the two sockets say about an order, derived from its row (section 4 of the spec). */
import type { GenerationMessage, PaymentMessage } from '@app/contract';
import type { Order } from './entities.ts';

export function paymentMessageOf(order: Pick<Order, 'status'>): PaymentMessage {
  switch (order.status) {
    case 'pending_payment':
      return { status: 'pending' };
    case 'canceled':
    case 'expired':
      return { status: 'canceled' };
    default:
      return { status: 'succeeded' };
  }
}

const WAITING_STAGE = 'Ожидание начала генерации';

export function generationMessageOf(
  order: Pick<Order, 'status' | 'stage' | 'progress' | 'error' | 'paperType'> & { paperId: number | null },
): GenerationMessage {
  const base = { type: order.paperType, paper_id: null, error: null };
  switch (order.status) {
    case 'pending_payment':
    case 'queued':
      return { ...base, status: 'waiting', stage: WAITING_STAGE, progress: 0 };
    case 'generating':
      return order.progress > 0
        ? { ...base, status: 'in_progress', stage: order.stage ?? '', progress: order.progress }
        : { ...base, status: 'started', stage: order.stage ?? 'Начало генерации', progress: 0 };
    case 'completed':
      return { ...base, status: 'completed', stage: 'Готово', progress: 100, paper_id: order.paperId };
    case 'failed':
      return { ...base, status: 'failed', stage: order.stage ?? '', progress: 0, error: order.error ?? 'Не удалось создать работу' };
    case 'canceled':
    case 'expired':
      return { ...base, status: 'failed', stage: '', progress: 0, error: 'Платёж отменён' };
  }
}
