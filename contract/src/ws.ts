/** WebSocket endpoints and their messages (section 4 and 7). On connect the server sends the
 * current state at once, then every change. */
import { z } from 'zod';
import { paperType } from './fields.ts';

export const WS_PATHS = {
  payment: (taskId: string) => `/api/v1/payment/ws/${encodeURIComponent(taskId)}`,
  generation: (taskId: string) => `/api/v1/users/ws/${encodeURIComponent(taskId)}`,
} as const;

export const PAYMENT_MESSAGE_STATUSES = ['pending', 'succeeded', 'canceled', 'not_found'] as const;
export const paymentMessage = z.object({ status: z.enum(PAYMENT_MESSAGE_STATUSES) });
export type PaymentMessage = z.infer<typeof paymentMessage>;

export const GENERATION_STATUSES = ['waiting', 'started', 'in_progress', 'completed', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];
/** A progress message. `status` is a plain string on the wire so that a client can meet an
 * unknown one ('Получен неизвестный статус'); the server sends only GENERATION_STATUSES. */
export const generationMessage = z.object({
  status: z.string(),
  stage: z.string(),
  progress: z.number().min(0).max(100),
  error: z.string().nullable(),
  type: paperType,
  paper_id: z.number().int().nullable(),
});
export type GenerationMessage = z.infer<typeof generationMessage>;

/** Close codes the server uses. `restart` (RFC 6455's 1012, Service Restart): the server is
 * stopping (a deploy); the client connects again at once, to another server behind the balancer,
 * and gets the current state first. */
export const WS_CLOSE = { notFound: 4404, unauthorized: 4401, restart: 1012 } as const;
