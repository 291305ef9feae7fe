import { describe, expect, it } from 'vitest';
import { purchaseOutcome } from './purchase-outcome';

const pending = { confirmation_url: '/pay', topic: 'Тема', task_id: 't', payment_id: 'p', minutes_to_cancel: 1, seconds_to_cancel: 2 };

describe('payment/create answers', () => {
  it('200 goes to the confirmation page; without one it is an unexpected answer', () => {
    expect(purchaseOutcome(200, { ok: true, data: { confirmation_url: '/pay/1' } })).toEqual({ kind: 'redirect', url: '/pay/1' });
    expect(purchaseOutcome(200, { ok: true, data: { confirmation_url: '' } })).toEqual({
      kind: 'error',
      message: 'Неожиданный ответ сервера',
    });
  });

  it('406 opens the pending dialog with its data', () => {
    expect(purchaseOutcome(406, { detail: 'У вас есть незавершенная покупка', code: 'pending_payment', data: pending })).toEqual({
      kind: 'pending',
      data: pending,
    });
  });

  it('422 not_enough_sources: the detail, which says what to change', () => {
    const detail =
      'Недостаточно источников для полной работы: по теме найдено 13 источников, а для работы нужно не меньше 30. Сформулируйте тему шире.';
    expect(purchaseOutcome(422, { detail, code: 'not_enough_sources' })).toEqual({ kind: 'error', message: detail });
  });

  it('401 and 404 go to /login', () => {
    expect(purchaseOutcome(401, { detail: 'x', code: 'unauthorized' })).toEqual({ kind: 'login' });
    expect(purchaseOutcome(404, { detail: 'Пользователь не найден', code: 'user_not_found' })).toEqual({ kind: 'login' });
  });

  it('400: a demo that is not found; an empty file with its detail', () => {
    expect(purchaseOutcome(400, { detail: 'Демо работа не найдена', code: 'demo_not_found' })).toEqual({
      kind: 'error',
      message: 'Демо работа не найдена',
    });
    expect(purchaseOutcome(400, { detail: 'a.txt: файл пустой', code: 'file_empty' })).toEqual({
      kind: 'error',
      message: 'a.txt: файл пустой',
    });
  });

  it('412: the promo is rejected by its code, never by the words of the detail', () => {
    expect(purchaseOutcome(412, { detail: 'Промокод не найден', code: 'promo_rejected' })).toEqual({
      kind: 'error',
      message: 'Промокод не найден',
      promoRejected: true,
    });
    const citations = purchaseOutcome(412, {
      detail: 'Для каждого файла нужна одна ГОСТ ссылка (промокод тут ни при чём)',
      code: 'citations_mismatch',
    });
    expect(citations).toEqual({
      kind: 'error',
      message: 'Ошибка валидации данных. Для каждого файла нужна одна ГОСТ ссылка (промокод тут ни при чём)',
    });
  });

  it('a bought demo: the server explains', () => {
    const detail = 'Полная версия этой работы уже куплена: скачайте её в личном кабинете';
    expect(purchaseOutcome(409, { detail, code: 'demo_already_bought' })).toEqual({ kind: 'error', message: detail });
    expect(purchaseOutcome(409, { detail: 'x', code: 'active_generation' })).toEqual({
      kind: 'error',
      message: 'У вас уже есть активная задача на генерацию',
    });
  });

  it('other statuses: the generic text', () => {
    expect(purchaseOutcome(500, { detail: 'boom', code: 'internal' })).toEqual({ kind: 'error', message: 'Внутренняя ошибка сервера' });
    expect(purchaseOutcome(418, { detail: 'Я чайник' })).toEqual({ kind: 'error', message: 'Я чайник' });
  });
});
