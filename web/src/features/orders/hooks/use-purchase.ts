/** Sends an order to payment/create and acts on the answer: the provider's page, the pending
 * purchase dialog (406), /login (401, 404), or a message. */
import type { CreatePaymentForm, PendingPaymentData } from '@app/contract';
import { NETWORK_ERROR } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { signOutLocally } from '@/lib/session-store';
import { createPayment } from '../api/create-payment';
import { purchaseOutcome } from '../purchase-outcome';

export function usePurchase({ onPromoRejected }: { onPromoRejected: (message: string) => void }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingPaymentData | null>(null);

  const pay = async (form: CreatePaymentForm) => {
    setBusy(true);
    setError(null);
    let outcome;
    try {
      const response = await createPayment(form);
      outcome = purchaseOutcome(response.status, response.body);
    } catch (e) {
      console.error('payment/create failed', e);
      outcome = { kind: 'error' as const, message: NETWORK_ERROR };
    }
    switch (outcome.kind) {
      case 'redirect':
        // Stay busy: the browser is leaving for the payment page.
        window.location.assign(outcome.url);
        return;
      case 'pending':
        setPending(outcome.data);
        break;
      case 'login':
        // The private page's guard then sends the user to /login (and back here after logging in).
        signOutLocally(client);
        break;
      case 'error':
        // A refused promo code is reported next to its field, like any other promo error.
        if (outcome.promoRejected) onPromoRejected(outcome.message);
        else setError(outcome.message);
        break;
    }
    setBusy(false);
  };

  return { pay, busy, error, setError, pending, closePending: () => setPending(null) };
}
