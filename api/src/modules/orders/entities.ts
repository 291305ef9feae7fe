/** An order is the user's task (its id is the task_id of the API): what to write, its price, its
 * payment state and then its generation state. */
import type { PaperType, Tariff, PurchaseJson, RefundReason, RefundStatus, TitlePage } from '@app/contract';
import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { User } from '../accounts/entities.ts';
import { Paper } from '../papers/entities.ts';
import { PromoCode } from '../promo/entities.ts';

export const ORDER_STATUSES = ['pending_payment', 'canceled', 'expired', 'queued', 'generating', 'completed', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ACTIVE_STATUSES: OrderStatus[] = ['queued', 'generating'];

/** What the engine needs besides topic, type and tariff (the validated purchase_json, normalised). */
export interface OrderOptions {
  use_footnotes: boolean;
  separate_bibliography: boolean;
  min_publication_year: number;
  required_volume: number;
  gost_citations: string[];
  user_structure: [string, string[]][] | null;
  /** The title page's details the order gave (null: lines to fill in). */
  title_page: TitlePage | null;
  /** End the paper with the appendix on how AI assisted. */
  ai_appendix: boolean;
}
/** A purchase (purchase_json's kind), or a revision round of a purchased paper (revisions/). */
export type OrderKind = PurchaseJson['kind'] | 'revision';

export const Order = defineEntity({
  name: 'Order',
  tableName: 'orders',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(User),
    kind: p.string().$type<OrderKind>(),
    paperType: p.string().$type<PaperType>(),
    tariff: p.string().$type<Tariff>(),
    topic: p.string(),
    options: p.json<OrderOptions>(),
    sourcePaper: () => p.manyToOne(Paper).nullable(),
    promoCode: () => p.manyToOne(PromoCode).nullable(),
    discount: p.integer().default(0),
    amount: p.integer(),
    status: p.string().$type<OrderStatus>(),
    stage: p.string().nullable(),
    progress: p.integer().default(0),
    /** Russian message for the user when the generation failed. */
    error: p.string().nullable(),
    /** What went wrong, for support (never shown to the user). */
    failureDetail: p.string().nullable(),
    attempts: p.integer().default(0),
    heartbeatAt: p.datetime().nullable(),
    /** The paper it made; a revision round's: the paper it revises. */
    paper: () => p.manyToOne(Paper).nullable(),
    fromTelegram: p.boolean().default(false),
    paymentExpiresAt: p.datetime(),
    paidAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type Order = InferEntity<typeof Order>;

export const OrderFile = defineEntity({
  name: 'OrderFile',
  tableName: 'order_files',
  properties: {
    id: p.integer().primary(),
    order: () => p.manyToOne(Order).deleteRule('cascade'),
    position: p.integer(),
    fileName: p.string(),
    kind: p.string().$type<'txt' | 'pdf' | 'docx'>(),
    size: p.integer(),
    storageKey: p.string(),
    citation: p.string(),
  },
});
export type OrderFile = InferEntity<typeof OrderFile>;

/** As the provider reports it. Payments are single-stage: pending, then succeeded or canceled
 * ('waiting_for_capture' only for older two-stage payments). succeeded and canceled are final. */
export type PaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
export const isFinalPayment = (status: PaymentStatus) => status === 'succeeded' || status === 'canceled';
export type ProviderName = 'sandbox' | 'yookassa';

/** A payment with a provider. Kept for accounting after the account is deleted. */
export const Payment = defineEntity({
  name: 'Payment',
  tableName: 'payments',
  properties: {
    id: p.uuid().primary(),
    order: () => p.manyToOne(Order),
    user: () => p.manyToOne(User),
    provider: p.string().$type<ProviderName>(),
    providerPaymentId: p.string().nullable().unique(),
    amount: p.integer(),
    currency: p.string().default('RUB'),
    status: p.string().$type<PaymentStatus>(),
    confirmationUrl: p.string().nullable(),
    /** For the 54-FZ receipt; removed with the account. */
    receiptEmail: p.string().nullable(),
    /** When the reconciliation last re-read it from the provider. */
    checkedAt: p.datetime().nullable(),
    /** Why the provider canceled it (YooKassa's cancellation_details.reason), for the metrics. */
    failureCode: p.string().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type Payment = InferEntity<typeof Payment>;

/** A full refund of a captured payment. Its id is also the Idempotence-Key at the provider, so a
 * refund that is sent again (after a crash, by the reconciliation) is never paid out twice. */
export const Refund = defineEntity({
  name: 'Refund',
  tableName: 'refunds',
  properties: {
    id: p.uuid().primary(),
    payment: () => p.manyToOne(Payment),
    order: () => p.manyToOne(Order),
    amount: p.integer(),
    /** pending until the provider says succeeded (the money is on its way back) or canceled (declined). */
    status: p.string().$type<RefundStatus>(),
    reason: p.string().$type<RefundReason>(),
    /** Support's words, for a refund made by hand. */
    comment: p.string().nullable(),
    providerRefundId: p.string().nullable().unique(),
    /** For the 54-FZ refund receipt; kept only until the refund is final. */
    receiptEmail: p.string().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type Refund = InferEntity<typeof Refund>;
