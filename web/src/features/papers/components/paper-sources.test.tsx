import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { PaperSources } from './paper-sources';

const SOURCES = [
  {
    number: 1,
    text: 'Иванов, И. И. Цифровая трансформация малого бизнеса / И. И. Иванов // Вопросы экономики. – 2021. – № 5. – С. 45–60.',
    verified_by: 'doi' as const,
    url: 'https://doi.org/10.32609/0042-8736-2021-5-45-60',
  },
  {
    number: 2,
    text: 'Смирнова, А. В. Оценка экономической безопасности предприятий : методический подход // Вестник университета. – 2022. – № 2. – С. 34–41.',
    verified_by: 'library' as const,
    url: 'https://cyberleninka.ru/article/n/statya-1',
  },
  {
    number: 3,
    text: 'Сидоров, С. С. Цифровые платформы поддержки малого бизнеса / С. С. Сидоров. – Казань : Наука, 2023. – 210 с.',
    verified_by: 'user_file' as const,
    url: '/api/v1/papers/7/sources/3/file/',
  },
  {
    number: 4,
    text: 'Белов, А. В. Устойчивость сервиса к сбоям : риски и ограничения / А. В. Белов. – Текст : непосредственный // Вестник условных исследований. – 2015. – № 9. – С. 162–167. – Вымышленная запись режима разработки: такой публикации не существует.',
    verified_by: 'invented' as const,
    url: null,
  },
];

describe('sources on the preview', () => {
  it('lists every source with where it was verified and a link to open it, collapsed at first', async () => {
    renderWithApp(<PaperSources sources={SOURCES} />);
    const toggle = screen.getByRole('button', { name: 'Список источников (4)' });
    fireEvent.click(toggle);
    await act(async () => {});
    const items = within(screen.getByRole('list', { name: 'Источники работы' })).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0].textContent).toContain('1. Иванов, И. И. Цифровая трансформация малого бизнеса');
    expect(within(items[0]).getByText('Проверен по DOI')).toBeTruthy();
    expect(within(items[0]).getByRole('link', { name: 'Открыть источник' }).getAttribute('href')).toBe(SOURCES[0].url);
    expect(within(items[1]).getByText('Найден в научной библиотеке')).toBeTruthy();
    expect(within(items[1]).getByRole('link', { name: 'Открыть источник' }).getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(items[2]).getByText('Ваш файл')).toBeTruthy();
    expect(within(items[2]).getByRole('link', { name: 'Скачать файл' }).getAttribute('href')).toBe('/api/v1/papers/7/sources/3/file/');
    // A record the development stand-in invented says so, and has nothing to open.
    expect(within(items[3]).getByText('Вымышленная запись (режим разработки)')).toBeTruthy();
    expect(within(items[3]).queryByRole('link')).toBeNull();
  });

  it('is not shown for a paper made before its sources were kept', () => {
    renderWithApp(<PaperSources sources={[]} />);
    expect(screen.queryByRole('button', { name: /Список источников/ })).toBeNull();
  });
});
