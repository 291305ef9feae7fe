import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaperOriginality as Report } from '@app/contract';
import { renderWithApp } from '@/test/render';
import { PaperOriginality } from './paper-originality';

const INTERNAL: Report = {
  method: 'internal',
  originality_percent: 87,
  source_percent: 10.5,
  self_percent: 2.5,
  quoted_percent: 4,
  words: 12000,
  fragments: [
    {
      text: 'рост малого бизнеса зависит от доступа к кредитам и налоговых льгот',
      words: 11,
      section: '1.2',
      kind: 'source',
      source_number: 3,
      source_title: 'Иванов И. И. Цифровая экономика (2021)',
    },
    {
      text: 'цифровая трансформация охватывает все отрасли',
      words: 5,
      section: 'conclusion',
      kind: 'self',
      source_number: null,
      source_title: null,
    },
  ],
  matches: [],
  note: null,
};

/** The figure is printed with a non-breaking space before "%". */
async function open(figure: string) {
  fireEvent.click(screen.getByRole('button', { name: `Оригинальность: ${figure}\u00a0%` }));
  await act(async () => {});
}

describe('originality on the preview', () => {
  it('shows the figure, the check used and the longest fragments with their source', async () => {
    renderWithApp(<PaperOriginality originality={INTERNAL} />);
    await open('87');
    expect(screen.getByText('Проверка: внутренняя, по источникам работы и повторам в её тексте')).toBeTruthy();
    expect(screen.getByText(/Совпадения с источниками: 10,5 %/)).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Самые длинные совпадения' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('«рост малого бизнеса зависит от доступа к кредитам и налоговых льгот»');
    expect(within(items[0]).getByText('Источник [3]')).toBeTruthy();
    expect(within(items[0]).getByText('Раздел 1.2, 11 сл.')).toBeTruthy();
    expect(within(items[0]).getByText('Иванов И. И. Цифровая экономика (2021)')).toBeTruthy();
    expect(within(items[1]).getByText('Повтор внутри работы')).toBeTruthy();
    expect(within(items[1]).getByText('Заключение, 5 сл.')).toBeTruthy();
  });

  it('names Text.ru with its matching pages, or says why it was not used', async () => {
    const { unmount } = renderWithApp(
      <PaperOriginality
        originality={{
          ...INTERNAL,
          method: 'text.ru',
          originality_percent: 91.3,
          matches: [{ url: 'https://example.ru/a', percent: 8.7 }],
        }}
      />,
    );
    await open('91,3');
    expect(screen.getByText('Проверка: Text.ru')).toBeTruthy();
    const link = within(screen.getByRole('list', { name: 'Совпадения в интернете' })).getByRole('link', { name: 'https://example.ru/a' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    unmount();
    const note = 'Проверка Text.ru не выполнена (Text.ru не ответил вовремя): показана внутренняя проверка';
    renderWithApp(<PaperOriginality originality={{ ...INTERNAL, fragments: [], note }} />);
    await open('87');
    expect(screen.getByText(note)).toBeTruthy();
    expect(screen.getByText('Совпадающих фрагментов не найдено.')).toBeTruthy();
  });

  it('is not shown for a paper made before the report was kept', () => {
    renderWithApp(<PaperOriginality originality={null} />);
    expect(screen.queryByRole('button', { name: /Оригинальность/ })).toBeNull();
  });
});
