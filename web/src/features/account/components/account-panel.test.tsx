import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { AccountPanel } from './account-panel';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('Account actions in the cabinet', () => {
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

  it('binding on an installation without a bot says why, on screen', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.endsWith('/api/v1/config/'))
          return json(200, { support_email: 's@example.ru', telegram_bot_username: null, legal_entity: 'ИП' });
        if (url.endsWith('/api/v1/telegram/bind/'))
          return json(404, { detail: 'Привязка Telegram сейчас недоступна: бот сервиса не подключён', code: 'telegram_unavailable' });
        return json(404, { detail: 'Ресурс не найден' });
      }),
    );
    renderWithApp(<AccountPanel user={{ email: 'a@example.ru', username: 'student', telegram_uid: null }} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Привязать Telegram' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Привязка Telegram недоступна' });
    expect(dialog.textContent).toContain('бот сервиса не подключён');
  });

  it('a failed account deletion is reported, not only logged', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.endsWith('/api/v1/config/'))
          return json(200, { support_email: 's@example.ru', telegram_bot_username: 'bot', legal_entity: 'ИП' });
        if (url.endsWith('/api/v1/users/delete/')) return json(500, { detail: 'Внутренняя ошибка сервера', code: 'internal' });
        return json(404, { detail: 'Ресурс не найден' });
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithApp(<AccountPanel user={{ email: 'a@example.ru', username: 'student', telegram_uid: null }} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Удалить аккаунт' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Подтверждение удаления' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Не удалось удалить аккаунт' });
    expect(dialog.textContent).toContain('Внутренняя ошибка сервера');
  });
});
