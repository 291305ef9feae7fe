import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '@/test/render';
import { PapersSection } from './papers-section';

/** A server with `total` papers of each type, answering 4 a page like the real one. */
function papersServer(total: number) {
  return mockApi((url) => {
    const offset = Number(url.searchParams.get('offset'));
    const type = url.searchParams.get('paper_type');
    const papers = Array.from({ length: Math.max(0, Math.min(4, total - offset)) }, (_, i) => ({
      id: offset + i + 1,
      title: `${type === 'full' ? 'Полная' : 'Демо'} работа №${offset + i + 1}`,
      annotation: 'Аннотация работы',
      download_url: type === 'full' ? `/api/v1/papers/${offset + i + 1}/docx/` : null,
    }));
    return [200, { papers, total_count: total }];
  });
}

const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'Страницы списка работ' }))
    .getAllByRole('button', { name: /^Страница/ })
    .map((b) => b.textContent);

async function press(element: HTMLElement) {
  fireEvent.click(element);
  await act(async () => {});
}

describe('papers in the cabinet', () => {
  it('asks for 4 a page with the tab, search and sort; pages through 11 pages with arrows and jumps', async () => {
    const fetch = papersServer(42);
    renderWithApp(<PapersSection initialTab="demo" />);
    expect(screen.getAllByTestId('paper-skeleton')).toHaveLength(4);
    expect(await screen.findByText('Демо работа №1')).toBeTruthy();
    expect(screen.getAllByTestId('paper-card')).toHaveLength(4);
    let url = new URL(String(fetch.mock.lastCall![0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ offset: '0', paper_type: 'demo', order_by: 'id_desc' });

    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5', '6']);
    // The list (and its pagination) is drawn again for every page: look the buttons up each time.
    const button = (name: string) =>
      within(screen.getByRole('navigation', { name: 'Страницы списка работ' })).getByRole('button', { name }) as HTMLButtonElement;
    expect(button('На 5 страниц назад').disabled).toBe(true);
    expect(button('Предыдущая страница').disabled).toBe(true);

    await press(button('На 5 страниц вперёд'));
    expect(await screen.findByText('Демо работа №21')).toBeTruthy();
    url = new URL(String(fetch.mock.lastCall![0]), 'http://x');
    expect(url.searchParams.get('offset')).toBe('20');
    expect(screen.getByRole('button', { name: 'Страница 6' }).getAttribute('aria-current')).toBe('page');
    expect(button('На 5 страниц назад').disabled).toBe(false);
    expect(button('На 5 страниц вперёд').disabled).toBe(false);

    await press(button('Следующая страница'));
    expect(await screen.findByText('Демо работа №25')).toBeTruthy();
    expect(pageButtons()).toEqual(['5', '6', '7', '8', '9', '10']);
    expect(button('На 5 страниц вперёд').disabled).toBe(true);
    await press(screen.getByRole('button', { name: 'Страница 10' }));
    expect(await screen.findByText('Демо работа №37')).toBeTruthy();
    await press(button('Следующая страница'));
    expect(await screen.findByText('Демо работа №41')).toBeTruthy();
    expect(screen.getAllByTestId('paper-card')).toHaveLength(2);
    expect(button('Следующая страница').disabled).toBe(true);
    expect(button('На 5 страниц назад').disabled).toBe(false);

    // Search (applied by the Find button) and sort start again from the first page.
    fireEvent.change(screen.getByRole('textbox', { name: 'Поиск по названию' }), { target: { value: 'экономика' } });
    expect(new URL(String(fetch.mock.lastCall![0]), 'http://x').searchParams.get('search')).toBeNull();
    await press(screen.getByRole('button', { name: 'Найти' }));
    await vi.waitFor(() => {
      url = new URL(String(fetch.mock.lastCall![0]), 'http://x');
      expect(Object.fromEntries(url.searchParams)).toEqual({ offset: '0', search: 'экономика', paper_type: 'demo', order_by: 'id_desc' });
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Сортировка' }), { target: { value: 'title_asc' } });
    await vi.waitFor(() => expect(new URL(String(fetch.mock.lastCall![0]), 'http://x').searchParams.get('order_by')).toBe('title_asc'));
    expect(Array.from((screen.getByRole('combobox', { name: 'Сортировка' }) as HTMLSelectElement).options).map((o) => o.value)).toEqual([
      'id_desc',
      'id_asc',
      'title_asc',
      'title_desc',
    ]);
  });

  it('no jump buttons up to 6 pages; none of the pagination for one page', async () => {
    papersServer(24);
    const { unmount } = renderWithApp(<PapersSection initialTab="demo" />);
    await screen.findByText('Демо работа №1');
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(screen.queryByRole('button', { name: 'На 5 страниц назад' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'На 5 страниц вперёд' })).toBeNull();
    unmount();
    papersServer(3);
    renderWithApp(<PapersSection initialTab="demo" />);
    await screen.findByText('Демо работа №1');
    expect(screen.queryByRole('navigation', { name: 'Страницы списка работ' })).toBeNull();
  });

  it('full tab: Скачать for paid papers; the placeholders when a tab is empty', async () => {
    papersServer(2);
    const { unmount } = renderWithApp(<PapersSection initialTab="full" />);
    expect(await screen.findByText('Полная работа №1')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Скачать' })).toHaveLength(2);
    // A new page with nothing cached: each tab's first answer is empty.
    unmount();
    mockApi(() => [200, { papers: [], total_count: 0 }]);
    renderWithApp(<PapersSection initialTab="full" />);
    await press(screen.getByRole('tab', { name: 'Демо работы' }));
    expect(await screen.findByText('Здесь могла бы быть ваша работа')).toBeTruthy();
    await press(screen.getByRole('tab', { name: 'Полные работы' }));
    expect(await screen.findByText('Здесь могли быть ваши заказы')).toBeTruthy();
  });
});
