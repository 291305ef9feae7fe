/** A payment provider, as the rest of the service sees it. */
import type { PaymentStatus, ProviderName } from '../entities.ts';

export interface ProviderPayment {
  providerPaymentId: string;
  status: PaymentStatus;
  /** Whole rubles. */
  amount: number;
  metadata: Record<string, string>;
}

export interface CreatePaymentInput {
  /** Our payment id: also the idempotence key, so a retried create never makes a second payment. */
  paymentId: string;
  orderId: string;
  amount: number;
  description: string;
  returnUrl: string;
  customerEmail: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  create(input: CreatePaymentInput): Promise<{ providerPaymentId: string; confirmationUrl: string; status: PaymentStatus }>;
  /** The provider's current view of a payment: notifications are believed only after this re-read. */
  fetch(providerPaymentId: string): Promise<ProviderPayment>;
  /** Takes the money of a payment waiting for capture. */
  capture(providerPaymentId: string, amount: number): Promise<ProviderPayment>;
  /** Releases the money of a payment waiting for capture. */
  cancel(providerPaymentId: string): Promise<ProviderPayment>;
}

export class ProviderError extends Error {}
