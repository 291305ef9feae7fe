import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router-dom';
import { mockApi, renderWithApp } from '@/test/render';
import { ActiveGenerationCheck } from './active-generation-check';

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function renderStatus() {
  return renderWithApp(
    <Routes>
      <Route path="/home" element={<ActiveGenerationCheck />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { path: '/home' },
  );
}

async function check() {
  fireEvent.click(screen.getByRole('button', { name: 'Отслеживать процесс генерации' }));
  await act(async () => {});
}

const PENDING = {
  type: 'pending_payment',
  confirmation_url: '/pay',
  topic: 'Тема неоплаченного заказа',
  task_id: 'tid-1',
  payment_id: 'pid-1',
  minutes_to_cancel: 29,
  seconds_to_cancel: 5,
};

afterEach(() => vi.useRealTimers());

describe('generation status modal', () => {
  it('active generation: track it', async () => {
    mockApi(() => [200, { data: { type: 'active_generation', topic: 'Моя тема', confirmation_url: null, task_id: 'tid-9' } }]);
    renderStatus();
    await check();
    const dialog = await screen.findByRole('dialog', { name: 'Активная генерация' });
    expect(within(dialog).getByText(/Моя тема/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отслеживать генерацию' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/payment/waiting?task_id=tid-9');
  });

  it('no active generation: create a new project', async () => {
    mockApi(() => [
      400,
      {
        detail: 'Нет активных работ',
        code: 'no_active_generation',
        data: { type: 'no_active_generation', topic: null, confirmation_url: null, task_id: null },
      },
    ]);
    renderStatus();
    await check();
    const dialog = await screen.findByRole('dialog', { name: 'Нет активных работ' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Создать новый проект' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/demo');
  });

  it('any other answer: the error dialog', async () => {
    mockApi(() => [500, { detail: 'Внутренняя ошибка' }]);
    renderStatus();
    await check();
    const dialog = await screen.findByRole('alertdialog', { name: 'Ошибка' });
    expect(within(dialog).getByText('Произошла ошибка при проверке статуса генерации.')).toBeTruthy();
  });

  it('pending payment: minutes:seconds countdown; a cancel reports success and closes 1.5 s later', async () => {
    vi.useFakeTimers();
    const fetch = mockApi((url) =>
      url.pathname.endsWith('/payment/cancel/') ? [200, { ok: true, detail: 'Платеж успешно отменен' }] : [202, { data: PENDING }],
    );
    renderStatus();
    await check();
    await vi.waitFor(() => screen.getByRole('dialog', { name: 'Незавершенная покупка' }), { interval: 10 });
    const dialog = screen.getByRole('dialog', { name: 'Незавершенная покупка' });
    expect(within(dialog).getByText(/Тема неоплаченного заказа/)).toBeTruthy();
    expect(within(dialog).getByTestId('pending-countdown').textContent).toBe('29:05');
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(within(dialog).getByTestId('pending-countdown').textContent).toBe('28:59');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Отменить платёж' }));
    await vi.waitFor(() => within(dialog).getByText('Платеж успешно отменен'), { interval: 10 });
    const [, init] = fetch.mock.calls.find(([u]) => String(u).includes('/payment/cancel/'))!;
    expect(JSON.parse(String(init!.body))).toEqual({ payment_id: 'pid-1' });
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(dialog.dataset.state).toBe('open');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(dialog.dataset.state).toBe('closed');
  });

  it('pending payment: a payment already processed cannot be cancelled', async () => {
    mockApi((url) =>
      url.pathname.endsWith('/payment/cancel/') ? [400, { detail: 'x', code: 'payment_not_found' }] : [202, { data: PENDING }],
    );
    renderStatus();
    await check();
    const dialog = await screen.findByRole('dialog', { name: 'Незавершенная покупка' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отменить платёж' }));
    expect(await within(dialog).findByText('Платеж не найден или уже обработан')).toBeTruthy();
  });
});
