import { fireEvent, screen } from '@testing-library/react';
import type { DefenceKitStatus } from '@app/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { DefenceKit } from './defence-kit';

const base: DefenceKitStatus = {
  state: 'none',
  available: true,
  price: 990,
  task_id: null,
  stage: null,
  progress: 0,
  error: null,
  files: null,
  summary: null,
};
const show = (kit: Partial<DefenceKitStatus>, making: { stage: string; progress: number } | null = null, onBuy = vi.fn()) =>
  renderWithApp(<DefenceKit title="Тема работы" kit={{ ...base, ...kit }} making={making} onBuy={onBuy} buying={false} buyError={null} />);

describe('«Подготовка к защите»', () => {
  it('offers the kit at its price', () => {
    const onBuy = vi.fn();
    show({}, null, onBuy);
    fireEvent.click(screen.getByRole('button', { name: /^Купить за 990\s₽$/ }));
    expect(onBuy).toHaveBeenCalledOnce();
  });

  it('not for a paper whose full version is not bought', () => {
    show({ available: false });
    expect(screen.getByText('Подготовка к защите доступна после покупки полной версии работы.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('its making: the stage and the percent from the socket', () => {
    show({ state: 'making', task_id: 't' }, { stage: 'Доклад к защите', progress: 75 });
    expect(screen.getByTestId('defence-stage').textContent).toBe('Доклад к защите');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75');
  });

  it('ready: what it holds and its three files', () => {
    show({
      state: 'ready',
      files: { slides: '/s.pptx', speech: '/d.docx', questions: '/q.docx', preview: '/p.pdf' },
      summary: { slides: 13, speech_words: 820, questions: 18 },
    });
    expect(screen.getByTestId('defence-ready').textContent).toBe(
      'Комплект готов: 13 слайдов, доклад на 820 слов, 18 вопросов комиссии с ответами.',
    );
    for (const name of ['Скачать презентацию', 'Скачать доклад', 'Скачать вопросы и ответы'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('failed: why, and it may be bought again', () => {
    show({ state: 'failed', error: 'Не удалось подготовить комплект к защите. Оплата будет возвращена автоматически.' });
    expect(screen.getByRole('alert').textContent).toContain('Оплата будет возвращена автоматически');
    expect(screen.getByRole('button', { name: /^Попробовать снова за 990\s₽$/ })).toBeTruthy();
  });
});
