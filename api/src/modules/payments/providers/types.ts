/** A payment provider, as the rest of the service sees it. */
import type { RefundStatus } from '@app/contract';
import type { PaymentStatus, ProviderName } from '../../orders/entities.ts';
import type { CreatePaymentInput } from '../../orders/place.ts';

export interface ProviderPayment {
  providerPaymentId: string;
  status: PaymentStatus;
  /** Whole rubles. */
  amount: number;
  metadata: Record<string, string>;
  /** Why a canceled payment failed, as the provider names it (YooKassa's cancellation_details.reason). */
  failureCode?: string;
}

export interface ProviderRefund {
  providerRefundId: string;
  providerPaymentId: string;
  status: RefundStatus;
  amount: number;
}

export interface RefundInput {
  /** Our refund id: also the idempotence key, so a refund sent twice is paid out once. */
  refundId: string;
  providerPaymentId: string;
  amount: number;
  description: string;
  /** For the 54-FZ refund receipt (when receipts are enabled). */
  customerEmail: string | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** A single-stage payment: once the payer confirms, the money is taken (no hold to capture). */
  create(input: CreatePaymentInput): Promise<{ providerPaymentId: string; confirmationUrl: string; status: PaymentStatus }>;
  /** The provider's current view of a payment: notifications are believed only after this re-read. */
  fetch(providerPaymentId: string): Promise<ProviderPayment>;
  /** Asks to cancel an unpaid payment. Not every provider can (YooKassa cannot cancel a pending
   * redirect payment: it lapses on its own), so the answer is the payment as it now stands. */
  cancel(providerPaymentId: string): Promise<ProviderPayment>;
  /** Returns the whole amount of a succeeded payment. */
  refund(input: RefundInput): Promise<ProviderRefund>;
  fetchRefund(providerRefundId: string): Promise<ProviderRefund>;
}

/** The provider could not be reached or refused the call; the state on its side is unknown. */
export class ProviderError extends Error {}
