import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { useSystem } from './theme-store';

/** Chakra and TanStack Query. ts-rest's own provider is left out: it serves only `tsr.useQueryClient`,
 * which the app does not use, and it would put the API client into every page's first script. */
export function AppProvider({ children }: { children: React.ReactNode }) {
  return (
    <ChakraProvider value={useSystem()}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ChakraProvider>
  );
}
