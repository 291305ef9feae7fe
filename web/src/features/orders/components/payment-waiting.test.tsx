import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderWithApp } from '@/test/render';
import { PaymentWaiting } from './payment-waiting';

/** A WebSocket stand-in: the test plays the server's side. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  closed = false;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  close() {
    this.closed = true;
  }
  send() {}
  /** The server sends a message. */
  say(message: object) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
  /** The connection ends with `code`. */
  drop(code = 1006) {
    act(() => this.onclose?.({ code }));
  }
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1];
const progress = (status: string, stage: string, value: number, extra: object = {}) => ({
  status,
  stage,
  progress: value,
  error: null,
  type: 'demo',
  paper_id: null,
  ...extra,
});

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function renderWaiting(taskId: string | null = 'task-1') {
  return renderWithApp(
    <Routes>
      <Route path="/payment/waiting" element={<PaymentWaiting taskId={taskId} />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { path: '/payment/waiting' },
  );
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('payment waiting', () => {
  it('waits for the payment, then shows the stage and progress, and opens the demo preview', () => {
    renderWaiting();
    expect(last().url).toMatch(/^ws:\/\/localhost(:\d+)?\/api\/v1\/payment\/ws\/task-1$/);
    last().say({ status: 'pending' });
    expect(screen.getByText('Подождите, идёт подтверждение платежа')).toBeTruthy();

    const payment = last();
    payment.say({ status: 'succeeded' });
    expect(payment.closed).toBe(true);
    expect(last().url).toMatch(/\/api\/v1\/users\/ws\/task-1$/);
    last().say(progress('waiting', 'Ожидание начала генерации', 0));
    expect(screen.getByText('Ожидание начала генерации')).toBeTruthy();
    last().say(progress('in_progress', 'Пишем главу 1', 40));
    expect(screen.getByText('Пишем главу 1')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Ход генерации: 40%' }).getAttribute('aria-valuenow')).toBe('40');
    last().say(progress('completed', 'Готово', 100, { paper_id: 7 }));
    expect(screen.getByTestId('where').textContent).toBe('/preview/7');
  });

  it('a full paper goes to the cabinet with from_generation=true', () => {
    renderWaiting();
    last().say({ status: 'succeeded' });
    last().say(progress('completed', 'Готово', 100, { type: 'full', paper_id: 8 }));
    expect(screen.getByTestId('where').textContent).toBe('/home?from_generation=true');
  });

  it('a cancelled payment stops', () => {
    renderWaiting();
    last().say({ status: 'canceled' });
    expect(screen.getByText('Платёж отменён')).toBeTruthy();
    expect(last().closed).toBe(true);
  });

  it('an unknown payment: not found', () => {
    renderWaiting();
    last().say({ status: 'not_found' });
    expect(screen.getByText('Платёж не найден')).toBeTruthy();
  });

  it('failed: the error and an empty bar; an unknown status is reported', () => {
    renderWaiting();
    last().say({ status: 'succeeded' });
    last().say(progress('in_progress', 'Пишем главу 2', 60));
    last().say(progress('surprise', 'Что-то новое', 70));
    expect(screen.getByText('Получен неизвестный статус')).toBeTruthy();
    last().say(progress('failed', '', 0, { error: 'Не удалось создать работу' }));
    expect(screen.getByText('Не удалось создать работу')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(last().closed).toBe(true);
  });

  it('opens the socket again when it drops, and stops on 4404', () => {
    vi.useFakeTimers();
    renderWaiting();
    last().say({ status: 'succeeded' });
    last().say(progress('in_progress', 'Подбираем источники', 20));
    const first = last();
    first.drop();
    expect(FakeSocket.all).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(FakeSocket.all).toHaveLength(3);
    expect(last().url).toMatch(/\/api\/v1\/users\/ws\/task-1$/);
    // The stage stays on screen meanwhile; the server repeats the current state on connect.
    expect(screen.getByText('Подбираем источники')).toBeTruthy();
    last().say(progress('in_progress', 'Пишем введение', 30));
    expect(screen.getByText('Пишем введение')).toBeTruthy();

    last().drop(4404);
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(FakeSocket.all).toHaveLength(3);
    expect(screen.getByText('Платёж не найден')).toBeTruthy();
  });

  it('a server that stops (1012): connects again within half a second, however often it was dropped before', () => {
    vi.useFakeTimers();
    renderWaiting();
    last().say({ status: 'succeeded' });
    // Three drops in a row without an open connection: the next try waits 8 s.
    for (let i = 0; i < 3; i++) {
      last().drop();
      act(() => {
        vi.advanceTimersByTime(10_000);
      });
    }
    const before = FakeSocket.all.length;
    last().drop(1012);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(FakeSocket.all).toHaveLength(before + 1);
    expect(last().url).toMatch(/\/api\/v1\/users\/ws\/task-1$/);
  });

  it('without task_id: not found, no socket', () => {
    renderWaiting(null);
    expect(screen.getByText('Платёж не найден')).toBeTruthy();
    expect(FakeSocket.all).toHaveLength(0);
  });
});
