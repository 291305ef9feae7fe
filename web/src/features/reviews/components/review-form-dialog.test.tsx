import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerFetch, renderWithApp } from '@/test/render';
import { ReviewFormDialog } from './review-form-dialog';

describe('review form', () => {
  it('starts at 5 stars, counts characters and checks the comment length', async () => {
    const fetch = answerFetch(201, {});
    renderWithApp(<ReviewFormDialog open review={null} onClose={() => {}} />);
    const five = await screen.findByRole('radio', { name: '5 из 5' });
    expect(five.getAttribute('aria-checked')).toBe('true');
    const comment = screen.getByLabelText('Комментарий');
    fireEvent.change(comment, { target: { value: 'Коротко' } });
    expect(screen.getByTestId('comment-counter').textContent).toBe('7 / 500');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(screen.getByText('Комментарий должен содержать от 10 до 500 символов')).toBeTruthy();
    // Spaces do not count towards the minimum.
    fireEvent.change(comment, { target: { value: '   Хорошо     ' } });
    expect(screen.getByText('Комментарий должен содержать от 10 до 500 символов')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the server reason when no review is available', async () => {
    answerFetch(400, { detail: 'Отзыв можно оставить после покупки полной версии работы', code: 'review_not_available' });
    renderWithApp(<ReviewFormDialog open review={null} onClose={() => {}} />);
    fireEvent.change(await screen.findByLabelText('Комментарий'), { target: { value: 'Отличный сервис, всё понравилось' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Отзыв можно оставить после покупки полной версии работы')).toBeTruthy();
  });

  it('other failures: the generic save error', async () => {
    answerFetch(500, { detail: 'boom' });
    renderWithApp(<ReviewFormDialog open review={null} onClose={() => {}} />);
    fireEvent.change(await screen.findByLabelText('Комментарий'), { target: { value: 'Отличный сервис, всё понравилось' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Произошла ошибка при сохранении отзыва')).toBeTruthy();
  });
});
