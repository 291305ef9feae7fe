import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch, renderWithApp } from '@/test/render';
import type { Sample } from '../api/get-samples';
import { SampleCard } from './sample-card';

const sample: Sample = {
  title: 'Тема работы',
  type: 'Полный',
  tariff: 'Профессиональный',
  price: 4990,
  annotation: 'Аннотация',
  downloadUrl: null,
  hasBibliography: true,
  hasFootnotes: false,
  keywords: ['ГОСТ'],
};

describe('sample card', () => {
  it('shows type, tariff, price in rubles and the flags', () => {
    renderWithApp(<SampleCard sample={sample} onAnnotation={() => {}} />);
    expect(screen.getByText('Полный')).toBeTruthy();
    expect(screen.getByText('Профессиональный')).toBeTruthy();
    expect(screen.getByText(/4\s990\s₽/)).toBeTruthy();
    expect(screen.getByText('Оформление ссылок сносками: нет')).toBeTruthy();
    expect(screen.getByText('Разделённый список литературы: да')).toBeTruthy();
  });

  it('says when a full sample is an excerpt of its work, and how long a demo is', () => {
    const { unmount } = renderWithApp(<SampleCard sample={{ ...sample, pages: 20, volume: 80 }} onAnnotation={() => {}} />);
    expect(screen.getByText('Фрагмент работы: 20 с. из 80')).toBeTruthy();
    unmount();
    renderWithApp(<SampleCard sample={{ ...sample, type: 'Демо', pages: 12, volume: null }} onAnnotation={() => {}} />);
    expect(screen.getByText('Объём: 12 с.')).toBeTruthy();
  });

  it('says how many sources its list has and what wrote it', () => {
    renderWithApp(
      <SampleCard
        sample={{ ...sample, pages: 80, volume: 80, sources: 32, writtenBy: 'Написан языковой моделью GigaChat-2-Max' }}
        onAnnotation={() => {}}
      />,
    );
    expect(screen.getByText('Объём: 80 с.')).toBeTruthy();
    expect(screen.getByText('Источников в списке литературы: 32')).toBeTruthy();
    expect(screen.getByText('Написан языковой моделью GigaChat-2-Max')).toBeTruthy();
  });

  it('does nothing without a download link', () => {
    const fetch = answerFetch(200, {});
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderWithApp(<SampleCard sample={sample} onAnnotation={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Скачать' }));
    expect(fetch).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Скачать' })).toBeTruthy();
  });
});
