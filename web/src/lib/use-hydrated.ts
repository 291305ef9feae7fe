import { useSyncExternalStore } from 'react';

const never = () => () => {};

/** False while React hydrates a page pre-rendered at build time (and during that render itself),
 * true afterwards and in a page rendered only in the browser: what depends on the browser (storage,
 * window size) waits for it, so the hydrated tree matches the pre-rendered HTML. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
