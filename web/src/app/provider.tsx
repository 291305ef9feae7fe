import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { system } from './system';

export function AppProvider({ children }: { children: React.ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <tsr.ReactQueryProvider>{children}</tsr.ReactQueryProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
}
