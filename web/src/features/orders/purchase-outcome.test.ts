import { describe, expect, it } from 'vitest';
import { purchaseOutcome } from './purchase-outcome';

const pending = { confirmation_url: '/pay', topic: 'Тема', task_id: 't', payment_id: 'p', minutes_to_cancel: 1, seconds_to_cancel: 2 };

describe('payment/create answers', () => {
  it('200 goes to the confirmation page; without one it is an unexpected answer', () => {
    expect(purchaseOutcome(200, { ok: true, data: { confirmation_url: '/pay/1' } })).toEqual({ kind: 'redirect', url: '/pay/1' });
    expect(purchaseOutcome(200, { ok: true, data: { confirmation_url: '' } })).toEqual({ kind: 'error', message: 'Неожиданный ответ сервера' });
  });

  it('406 opens the pending dialog with its data', () => {
    expect(purchaseOutcome(406, { detail: 'У вас есть незавершенная покупка', data: pending })).toEqual({ kind: 'pending', data: pending });
  });

  it('401 and 404 go to /login', () => {
    expect(purchaseOutcome(401, { detail: 'x' })).toEqual({ kind: 'login' });
    expect(purchaseOutcome(404, { detail: 'Пользователь не найден' })).toEqual({ kind: 'login' });
  });

  it('400: the detail (a demo that is not found, an empty file)', () => {
    expect(purchaseOutcome(400, { detail: 'Демо работа не найдена' })).toEqual({ kind: 'error', message: 'Демо работа не найдена' });
  });

  it('412: a promo code detail rejects the promo; any other is a validation error with the detail', () => {
    expect(purchaseOutcome(412, { detail: 'Промокод не найден' })).toEqual({ kind: 'error', message: 'Промокод не найден', promoRejected: true });
    expect(purchaseOutcome(412, { detail: 'Для каждого файла нужна одна ГОСТ ссылка' })).toEqual({
      kind: 'error',
      message: 'Ошибка валидации данных. Для каждого файла нужна одна ГОСТ ссылка',
    });
  });

  it('other statuses: the generic text', () => {
    expect(purchaseOutcome(500, { detail: 'boom' })).toEqual({ kind: 'error', message: 'Внутренняя ошибка сервера' });
    expect(purchaseOutcome(418, { detail: 'Я чайник' })).toEqual({ kind: 'error', message: 'Я чайник' });
  });
});
