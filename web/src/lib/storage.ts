/** sessionStorage keys named by the specification. */
export const STORAGE = {
  email: 'email',
  recoveryEmail: 'email_recovery',
  cookieAccepted: 'cookie_accepted',
} as const;

export function readStored(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function store(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Private mode without storage: the flow still works, the screen just cannot show the address.
  }
}
