/** Renders a component inside the app's providers, at a route, with a fresh query cache. */
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fullSystem } from '@/app/full-system';

export function renderWithApp(ui: React.ReactElement, { path = '/' }: { path?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ChakraProvider value={fullSystem}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
        </MemoryRouter>
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

export type ApiHandler = (url: URL, init: RequestInit) => [number, unknown] | Promise<[number, unknown]>;

/** Answers every fetch through `handler` (by URL and request), as the API would. */
export function mockApi(handler: ApiHandler) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const [status, body] = await handler(url, init);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The multipart fields of a payment/create request. */
export function sentOrder(init: RequestInit) {
  const form = init.body as FormData;
  return {
    purchase: JSON.parse(String(form.get('purchase_json'))) as Record<string, unknown>,
    files: form.getAll('files') as File[],
    promo: form.get('promo_code'),
    fromTelegram: form.get('from_telegram'),
  };
}
