/** What a payment/create answer means for the user (specification section 8, purchase and order). */
import { E, FALLBACK_ERROR, pendingPaymentData, STATUS_TEXT, V, type PendingPaymentData } from '@app/contract';
import { codeOf, detailOf } from '@/lib/errors';

export type PurchaseOutcome =
  | { kind: 'redirect'; url: string }
  | { kind: 'pending'; data: PendingPaymentData }
  | { kind: 'login' }
  | { kind: 'error'; message: string; promoRejected?: boolean };

/** The catalogue text, followed by the server's detail when it says more (which file, which field). */
function withDetail(text: string, detail: string | null): string {
  return detail && detail !== text ? `${text}. ${detail}` : text;
}

export function purchaseOutcome(status: number, body: unknown): PurchaseOutcome {
  if (status === 200) {
    const url = (body as { data?: { confirmation_url?: unknown } } | null)?.data?.confirmation_url;
    return typeof url === 'string' && url ? { kind: 'redirect', url } : { kind: 'error', message: E.unexpectedServerResponse };
  }
  // Section 8: a 401 or 404 on purchase goes to /login.
  if (status === 401 || status === 404) return { kind: 'login' };
  const failure = { status, body };
  const detail = detailOf(failure);
  switch (codeOf(failure)) {
    case 'pending_payment': {
      const data = pendingPaymentData.safeParse((body as { data?: unknown } | null)?.data);
      return data.success ? { kind: 'pending', data: data.data } : { kind: 'error', message: E.pendingPurchase };
    }
    case 'demo_not_found':
      return { kind: 'error', message: E.demoNotFound };
    case 'demo_already_bought':
      return { kind: 'error', message: detail ?? E.demoNotFound };
    case 'active_generation':
      return { kind: 'error', message: E.activeGeneration };
    case 'not_enough_sources':
      // The detail says what to change: the topic, the year, the files.
      return { kind: 'error', message: detail ?? STATUS_TEXT[status] };
    case 'promo_rejected':
      return { kind: 'error', message: V.promoNotFound, promoRejected: true };
    case 'citations_mismatch':
      return { kind: 'error', message: withDetail(E.purchaseValidation, detail) };
    case 'files_too_large':
      return { kind: 'error', message: E.filesTooLarge };
    case 'file_empty':
      return { kind: 'error', message: detail ?? STATUS_TEXT[400] };
    case 'file_unsupported':
      return { kind: 'error', message: withDetail(E.onlyAllowedFiles, detail) };
    case 'purchase_invalid':
    case 'validation_failed':
      return { kind: 'error', message: withDetail(STATUS_TEXT[422], detail) };
    default:
      return { kind: 'error', message: STATUS_TEXT[status] ?? detail ?? FALLBACK_ERROR };
  }
}
