/** Which Chakra system the app renders with: the first paint's (src/app/system.ts) until a page or
 * dialog that needs more recipes asks for the full one (src/app/full-system.ts). Swapping re-renders
 * with the same class names for what is already on screen (its recipes are the same). */
import { useSyncExternalStore } from 'react';
import { system } from './system';

let current = system;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadFullTheme(): Promise<void> {
  loading ??= import('./full-system').then(({ fullSystem }) => {
    current = fullSystem;
    for (const notify of listeners) notify();
  });
  return loading;
}

/** A lazily loaded module that renders components of the full theme: resolves once both are in. */
export async function withFullTheme<T>(load: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([load, loadFullTheme()]);
  return loaded;
}

const subscribe = (notify: () => void) => {
  listeners.add(notify);
  return () => listeners.delete(notify);
};
const snapshot = () => current;

export function useSystem() {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
