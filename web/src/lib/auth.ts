/** Client auth state (specification section 4): the profile is fetched at start; any failure to
 * fetch it, a 401 anywhere, logout, logout-all, password change and deletion sign the user out. */
import type { Profile } from '@app/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { clearSignOutTarget, SESSION_KEY } from './session-store';

/** The API client (ts-rest and the contract's schemas) is loaded with the first request rather than
 * with the page, so a pre-rendered page's first script does not carry it. */
async function fetchProfile(): Promise<Profile | null> {
  try {
    const { tsr } = await import('./api-client');
    const response = await tsr.users.me.query();
    return response.status === 200 ? response.body : null;
  } catch (error) {
    console.error('profile fetch failed', error);
    return null;
  }
}

export interface Session {
  user: Profile | null;
  isAuthenticated: boolean;
  isLoading: boolean;
}

export function useSession(): Session {
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: fetchProfile,
    staleTime: Infinity,
    // Coming back from the Telegram bot (or another tab) shows the current binding and session.
    refetchOnWindowFocus: 'always',
  });
  const user = query.data ?? null;
  return { user, isAuthenticated: user !== null, isLoading: query.isPending };
}

/** Loads the profile after a successful login; resolves once the session is known. */
export async function refreshSession(client: QueryClient): Promise<Profile | null> {
  clearSignOutTarget();
  return client.fetchQuery({ queryKey: SESSION_KEY, queryFn: fetchProfile, staleTime: 0 });
}
