/** What a payment/create answer means for the user (specification section 8, purchase and order). */
import { E, FALLBACK_ERROR, pendingPaymentData, STATUS_TEXT, V, type PendingPaymentData } from '@app/contract';
import { detailOf } from '@/lib/errors';

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
  const detail = detailOf({ status, body });
  switch (status) {
    case 200: {
      const url = (body as { data?: { confirmation_url?: unknown } } | null)?.data?.confirmation_url;
      return typeof url === 'string' && url ? { kind: 'redirect', url } : { kind: 'error', message: E.unexpectedServerResponse };
    }
    case 406: {
      const data = pendingPaymentData.safeParse((body as { data?: unknown } | null)?.data);
      return data.success ? { kind: 'pending', data: data.data } : { kind: 'error', message: E.pendingPurchase };
    }
    case 401:
    case 404:
      return { kind: 'login' };
    case 400:
      return { kind: 'error', message: detail ?? E.demoNotFound };
    case 409:
      return { kind: 'error', message: E.activeGeneration };
    case 412:
      if (detail && /промокод/i.test(detail)) return { kind: 'error', message: V.promoNotFound, promoRejected: true };
      return { kind: 'error', message: withDetail(E.purchaseValidation, detail) };
    case 413:
      return { kind: 'error', message: E.filesTooLarge };
    case 415:
      return { kind: 'error', message: withDetail(E.onlyAllowedFiles, detail) };
    case 422:
      return { kind: 'error', message: withDetail(STATUS_TEXT[422], detail) };
    default:
      return { kind: 'error', message: STATUS_TEXT[status] ?? detail ?? FALLBACK_ERROR };
  }
}
