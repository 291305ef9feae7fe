/** The client's record of the session, kept apart from the API client so both can use it. */
import type { QueryClient } from '@tanstack/react-query';

/** Query key of the signed-in user's profile (null when signed out). */
export const SESSION_KEY = ['session'] as const;

export interface LeaveTarget {
  path: string;
  notice?: string;
}

/** Where a private page sends the user after a deliberate sign-out (logout, password change,
 * deletion); null after a lost session, which goes to /login. */
let leaveTarget: LeaveTarget | null = null;
export const signOutTarget = (): LeaveTarget | null => leaveTarget;
export const clearSignOutTarget = (): void => {
  leaveTarget = null;
};

/** Forgets the user and everything cached for them. */
export function signOutLocally(client: QueryClient, to: LeaveTarget | null = null): void {
  leaveTarget = to;
  client.setQueryData(SESSION_KEY, null);
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] && q.queryKey[0] !== 'config' });
}
