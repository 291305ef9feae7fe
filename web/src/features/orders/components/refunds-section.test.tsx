import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch, renderWithApp } from '@/test/render';
import { RefundsSection } from './refunds-section';

const refund = (status: string, amount: number) => ({
  id: `r-${status}`,
  task_id: 't',
  topic: 'Цифровая трансформация малого бизнеса',
  paper_type: 'full',
  amount,
  status,
  reason: 'Не удалось создать работу',
  created_at: '2026-11-20T10:00:00Z',
});

describe('refunds in the cabinet', () => {
  it('each refund with its amount, reason, date and where it stands', async () => {
    answerFetch(200, { refunds: [refund('pending', 1990), refund('succeeded', 30)] });
    renderWithApp(<RefundsSection />);
    expect(await screen.findByRole('heading', { name: 'Возвраты' })).toBeTruthy();
    const cards = screen.getAllByTestId('refund');
    expect(cards.map((c) => c.textContent)).toEqual([
      expect.stringMatching(/1\s990\s₽.*Не удалось создать работу · 20 ноября 2026 г\..*Возврат в обработке/),
      expect.stringMatching(/30\s₽.*Деньги возвращены/),
    ]);
  });

  it('nothing at all without refunds', async () => {
    const fetch = answerFetch(200, { refunds: [] });
    const { container } = renderWithApp(<RefundsSection />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await act(async () => {});
    expect(container.textContent).toBe('');
  });
});
