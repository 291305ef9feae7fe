/** The promo code field (specification sections 4 and 5): any change resets the discount, a code of
 * 4+ characters is checked 500 ms after the last keystroke, a valid code needs a truthy discount. */
import { LIMITS, NETWORK_ERROR, V } from '@app/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { codeOf, errorText } from '@/lib/errors';
import { checkPromo } from '../api/check-promo';
import { PROMO_LOOKUP } from '@/config/ui';

type PromoStatus = 'idle' | 'checking' | 'valid' | 'invalid';

export interface PromoState {
  code: string;
  status: PromoStatus;
  discount: number;
  error: string | null;
}

const EMPTY: PromoState = { code: '', status: 'idle', discount: 0, error: null };

export function usePromo() {
  const [state, setState] = useState<PromoState>(EMPTY);
  const timer = useRef<number | undefined>(undefined);
  // Each change or check gets a number; an answer for an older one is ignored.
  const seq = useRef(0);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  /** Asks the server; resolves with the discount, or null when the code is not usable. */
  const verify = useCallback(async (code: string): Promise<number | null> => {
    const id = ++seq.current;
    setState((s) => ({ ...s, status: 'checking', error: null }));
    let result: { discount: number } | { error: string };
    try {
      const response = await checkPromo(code);
      if (response.status === 200 && response.body.data.discount) result = { discount: response.body.data.discount };
      else if (response.status === 200 || codeOf(response) === 'promo_not_found') result = { error: V.promoNotFound };
      else result = { error: errorText(response) };
    } catch (error) {
      console.error('promo code check failed', error);
      result = { error: NETWORK_ERROR };
    }
    if (id !== seq.current) return null;
    if ('discount' in result) {
      setState((s) => ({ ...s, status: 'valid', discount: result.discount, error: null }));
      return result.discount;
    }
    setState((s) => ({ ...s, status: 'invalid', discount: 0, error: result.error }));
    return null;
  }, []);

  const change = useCallback(
    (raw: string) => {
      const code = raw.slice(0, LIMITS.promo.inputMax);
      window.clearTimeout(timer.current);
      seq.current += 1;
      setState({ ...EMPTY, code });
      const trimmed = code.trim();
      if (trimmed.length >= PROMO_LOOKUP.from) {
        timer.current = window.setTimeout(() => void verify(trimmed), PROMO_LOOKUP.debounceMs);
      }
    },
    [verify],
  );

  /** Before an order: the code to send ('' for none), or null when a typed code is not usable
   * (it is checked now if it has not been; a code shorter than 4 characters is never found). */
  const confirm = async (): Promise<string | null> => {
    const code = state.code.trim();
    if (!code) return '';
    if (state.status === 'valid') return code;
    window.clearTimeout(timer.current);
    if (code.length < PROMO_LOOKUP.from) {
      seq.current += 1;
      setState((s) => ({ ...s, status: 'invalid', discount: 0, error: V.promoNotFound }));
      return null;
    }
    return (await verify(code)) ? code : null;
  };

  /** The server refused the code at payment time (412): it is no longer applied. */
  const reject = (message: string) => {
    seq.current += 1;
    setState((s) => ({ ...s, status: 'invalid', discount: 0, error: message }));
  };

  const trimmed = state.code.trim();
  return {
    ...state,
    change,
    confirm,
    reject,
    /** Percent to apply to the price: only a confirmed code counts. */
    applied: state.status === 'valid' ? state.discount : 0,
    /** The code to send with an order: only when confirmed and not empty. */
    toSend: state.status === 'valid' && trimmed ? trimmed : '',
    /** A typed code that is not confirmed (the purchase panel then refuses to pay, silently). */
    unconfirmed: trimmed !== '' && state.status !== 'valid',
  };
}

export type Promo = ReturnType<typeof usePromo>;
