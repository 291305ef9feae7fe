import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp, sentOrder } from '@/test/render';
import { Purchase } from './purchase';

const TARGET = {
  paperId: 12,
  topic: 'Цифровая трансформация малого бизнеса в России',
  generationModel: 'professional' as const,
  options: {
    min_publication_year: 2015,
    required_volume: 90,
    use_footnotes: true,
    separate_bibliography: true,
    references: ['Иванов И. И. Книга. — М., 2020. — 100 с.'],
  },
};

afterEach(() => vi.useRealTimers());

describe('purchase panel of a demo', () => {
  it('starts from the demo options, shows the tariff, and orders the full version from the demo', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetch = mockApi(() => [200, { ok: true, data: { confirmation_url: '/pay/full', task_id: 't', payment_id: 'p', amount: 4990 } }]);
    renderWithApp(<Purchase target={TARGET} wideQuery="(min-width: 900px)" />);
    expect(screen.getByText('Профессиональный')).toBeTruthy();
    expect(screen.getByText('2015')).toBeTruthy();
    expect(screen.getByText('Иванов И. И. Книга. — М., 2020. — 100 с.')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: /Разделённый/ }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /^Оплатить 4\s990\s₽$/ }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/pay/full'));
    const sent = sentOrder(fetch.mock.calls[0][1]!);
    expect(sent.purchase).toEqual({
      kind: 'from_demo',
      paper_id: 12,
      model_name: 'professional',
      paper_type: 'full',
      min_publication_year: 2015,
      required_volume: 90,
      use_footnotes: true,
      separate_bibliography: true,
      gost_citations: [],
    });
    expect(sent.fromTelegram).toBe('false');
    expect(sent.promo).toBeNull();
    expect(sent.files).toEqual([]);
  });

  it('a typed code that is not confirmed blocks paying without a request; a confirmed one is sent', async () => {
    vi.useFakeTimers();
    const fetch = mockApi((url) =>
      url.pathname.includes('promo-code/')
        ? [200, { ok: true, data: { discount: 50 } }]
        : [409, { detail: 'Уже идёт генерация', code: 'active_generation' }],
    );
    renderWithApp(<Purchase target={TARGET} wideQuery="(min-width: 900px)" />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Промокод' }), { target: { value: 'HALF' } });
    fireEvent.click(screen.getByRole('button', { name: /^Оплатить/ }));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(fetch).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(400));
    await vi.waitFor(() => screen.getByText('Промокод применён: скидка 50%'), { interval: 10 });
    await act(() => vi.advanceTimersByTimeAsync(800));
    fireEvent.click(screen.getByRole('button', { name: /^Оплатить 2\s495\s₽$/ }));
    await vi.waitFor(() => screen.getByText('У вас уже есть активная задача на генерацию'), { interval: 10 });
    expect(sentOrder(fetch.mock.lastCall![1]!).promo).toBe('HALF');
  });

  it("keeps «Оплатить» disabled while the estimate finds too few sources for the full version, counting the demo's files", async () => {
    vi.useFakeTimers();
    const advice =
      'Недостаточно источников для полной работы: по теме найдено 22 источника, а для работы нужно не меньше 30. Сформулируйте тему шире.';
    const fetch = mockApi((url) =>
      url.pathname === '/api/v1/sources/estimate/'
        ? [
            200,
            {
              searched: true,
              found: 22,
              russian: 21,
              foreign: 1,
              recent: 8,
              minimum_demo: 8,
              minimum_full: 30,
              // The demo's file is placed too; only 20 of the works found can be cited.
              planned: { demo: 12, full: 21 },
              enough_for_demo: true,
              enough_for_full: Number(url.searchParams.get('min_year')) < 2015,
              complete: true,
              sample: [],
              advice: { demo: null, full: Number(url.searchParams.get('min_year')) < 2015 ? null : advice },
            },
          ]
        : [409, { detail: 'Уже идёт генерация', code: 'active_generation' }],
    );
    renderWithApp(<Purchase target={TARGET} wideQuery="(min-width: 900px)" />);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await vi.waitFor(() => screen.getByText(advice), { interval: 10 });
    // The full version's plan, whatever the demo's.
    expect(screen.getByText('Найдено 22 источника (русских 21, иностранных 1), в работе будет не меньше 21')).toBeTruthy();
    const estimate = new URL(String(fetch.mock.calls[0][0]), 'http://x');
    expect(Object.fromEntries(estimate.searchParams)).toEqual({
      topic: TARGET.topic,
      min_year: '2015',
      required_volume: '90',
      attached: '1',
    });
    const pay = screen.getByRole('button', { name: /^Оплатить/ }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    fireEvent.click(pay);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/payment/create/'))).toHaveLength(0);
  });

  it('a code too short to be looked up stops paying with «Промокод не найден», without a request', async () => {
    const fetch = mockApi(() => [409, { detail: 'Уже идёт генерация', code: 'active_generation' }]);
    renderWithApp(<Purchase target={TARGET} wideQuery="(min-width: 900px)" />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Промокод' }), { target: { value: 'AB' } });
    fireEvent.click(screen.getByRole('button', { name: /^Оплатить/ }));
    await vi.waitFor(() => screen.getByText('Промокод не найден'), { interval: 10 });
    expect(fetch).not.toHaveBeenCalled();
  });
});
