import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { AccountPanel } from './account-panel';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('Telegram in the cabinet', () => {
  it('unbinding clears the binding and shows the success modal', async () => {
    let bound = true;
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/api/v1/users/me/'))
        return json(200, { email: 'a@example.ru', username: 'student', telegram_uid: bound ? '42' : null });
      if (url.endsWith('/api/v1/config/'))
        return json(200, { support_email: 's@example.ru', telegram_bot_username: 'bot', legal_entity: 'ИП' });
      if (url.endsWith('/api/v1/telegram/unbind/') && init?.method === 'POST') {
        bound = false;
        return json(200, { ok: true });
      }
      return json(404, { detail: 'Ресурс не найден' });
    });
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<AccountPanel user={{ email: 'a@example.ru', username: 'student', telegram_uid: '42' }} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Отвязать Telegram' }));
    const dialog = await screen.findByRole('dialog', { name: 'Успешно!' });
    expect(dialog.textContent).toContain('Telegram-аккаунт отвязан');
    // The modal hides the page from assistive technology; look behind it.
    expect(await screen.findByRole('button', { name: 'Привязать Telegram', hidden: true })).toBeTruthy();
  });
});
