import type { ShareLink } from '@app/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '@/test/render';
import { SupervisorLinks } from './supervisor-links';

const URL_SHOWN_ONCE = 'http://localhost:8000/s/qJ3m9Xw2cT8vYk1LpA7sZr4uB6dE0fGhN5oKiWxRtUc';

const link = (over: Partial<ShareLink> = {}): ShareLink => ({
  id: 5,
  version: null,
  created_at: '2026-11-20T10:00:00Z',
  expires_at: '2099-12-20T10:00:00Z',
  revoked_at: null,
  openings: 0,
  last_opened_at: null,
  ...over,
});

/** The API's links of paper 7: create, list, revoke, as the contract has them. */
function linksApi() {
  const links: ShareLink[] = [];
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetch = mockApi((url, init) => {
    const method = init.method ?? 'GET';
    calls.push({ method, path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : null });
    if (url.pathname === '/api/v1/papers/7/links/' && method === 'GET') return [200, { links }];
    if (url.pathname === '/api/v1/papers/7/links/' && method === 'POST') {
      const created = link({ id: 5 + links.length, openings: 0 });
      links.unshift(created);
      return [201, { ...created, url: URL_SHOWN_ONCE }];
    }
    const revoked = /^\/api\/v1\/papers\/7\/links\/(\d+)\/$/.exec(url.pathname);
    if (revoked && method === 'DELETE') {
      const found = links.find((l) => l.id === Number(revoked[1]))!;
      found.revoked_at = '2026-11-21T09:00:00Z';
      return [200, { ok: true }];
    }
    return [404, { detail: 'Ресурс не найден', code: 'not_found' }];
  });
  return { links, calls, fetch };
}

describe('the link for a supervisor', () => {
  it('creates a link for 30 days unless chosen, and shows its address once with the note that it is shown once', async () => {
    const api = linksApi();
    renderWithApp(<SupervisorLinks paperId={7} />);
    expect(await screen.findByText('Ссылок пока нет.')).toBeTruthy();
    expect((screen.getByLabelText('Срок действия') as HTMLSelectElement).value).toBe('30');
    fireEvent.click(screen.getByRole('button', { name: 'Создать ссылку' }));

    const created = await screen.findByTestId('created-link');
    expect((within(created).getByLabelText('Адрес ссылки') as HTMLInputElement).value).toBe(URL_SHOWN_ONCE);
    expect(created.textContent).toContain('Адрес показывается только один раз');
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ days: 30 });
    // The list has the new link, and no address: it is not kept.
    const row = await screen.findByTestId('share-link');
    expect(row.textContent).toContain('Действует');
    expect(row.textContent).toContain('ещё не открывали');
    expect(screen.getByTestId('share-links').textContent).not.toContain(URL_SHOWN_ONCE);

    // Another link, for 7 days: the first address is gone from the page, the new one shown.
    fireEvent.change(screen.getByLabelText('Срок действия'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать ссылку' }));
    await waitFor(() => expect(screen.getAllByTestId('share-link')).toHaveLength(2));
    expect(api.calls.filter((c) => c.method === 'POST')[1].body).toEqual({ days: 7 });
    expect(screen.getAllByDisplayValue(URL_SHOWN_ONCE)).toHaveLength(1);
  });

  it('revokes a link after asking, and the list says it is revoked', async () => {
    const api = linksApi();
    api.links.push(link({ id: 9, openings: 3, last_opened_at: '2026-11-21T08:00:00Z' }));
    renderWithApp(<SupervisorLinks paperId={7} />);
    const row = await screen.findByTestId('share-link');
    expect(row.textContent).toContain('открывали 3 раза');
    fireEvent.click(within(row).getByRole('button', { name: 'Отозвать' }));

    const confirm = await screen.findByRole('alertdialog', { name: 'Отозвать ссылку?' });
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Отозвать' }));
    });
    await waitFor(() => expect(screen.getByTestId('share-link').textContent).toContain('Отозвана'));
    expect(api.calls.find((c) => c.method === 'DELETE')!.path).toBe('/api/v1/papers/7/links/9/');
    expect(within(screen.getByTestId('share-link')).queryByRole('button', { name: 'Отозвать' })).toBeNull();
  });

  it("shows the API's reason when it refuses", async () => {
    mockApi((_url, init) =>
      init.method === 'POST' ? [404, { detail: 'У этой работы нет отчёта об источниках', code: 'not_found' }] : [200, { links: [] }],
    );
    renderWithApp(<SupervisorLinks paperId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Создать ссылку' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Не удалось создать ссылку. У этой работы нет отчёта об источниках');
  });
});
