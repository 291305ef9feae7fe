import { QueryClient } from '@tanstack/react-query';

/** One client for the app; the API layer also uses it to drop the session on any 401. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
