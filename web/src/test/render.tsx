/** Renders a component inside the app's providers, at a route, with a fresh query cache. */
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { system } from '@/app/system';
import { tsr } from '@/lib/api-client';

export function renderWithApp(ui: React.ReactElement, { path = '/' }: { path?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <tsr.ReactQueryProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="*" element={ui} />
            </Routes>
          </MemoryRouter>
        </tsr.ReactQueryProvider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

/** Answers every fetch with `status` and a JSON `body`; returns the mock to inspect calls. */
export function answerFetch(status: number, body: unknown) {
  const mock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', mock);
  return mock;
}
