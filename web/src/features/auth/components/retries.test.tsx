/** A rejected code shows the attempts left with the Russian plural (1 попытка, 2-4 попытки, else
 * попыток), or 'Повторите попытку позже' when the server gives no count. */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerFetch, renderWithApp } from '@/test/render';
import { VerifyEmail } from './verify-email';

async function submitWrongCode() {
  renderWithApp(<VerifyEmail />);
  fireEvent.change(screen.getByLabelText('Код из письма', { selector: 'input' }), { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
}

describe('attempts left after a wrong code', () => {
  it.each([
    [1, 'Осталось 1 попытка'],
    [2, 'Осталось 2 попытки'],
    [3, 'Осталось 3 попытки'],
    [4, 'Осталось 4 попытки'],
    [5, 'Осталось 5 попыток'],
    [0, 'Осталось 0 попыток'],
    [11, 'Осталось 11 попыток'],
    [12, 'Осталось 12 попыток'],
    [21, 'Осталось 21 попытка'],
    [22, 'Осталось 22 попытки'],
  ])('%i → %s', async (n, text) => {
    const fetch = answerFetch(400, { detail: 'Неверный код', code: 'code_wrong', data: { retries_left: n } });
    await submitWrongCode();
    expect(await screen.findByText(text)).toBeTruthy();
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('without a count: try later', async () => {
    answerFetch(400, { detail: 'Код устарел', code: 'code_expired' });
    await submitWrongCode();
    expect(await screen.findByText('Повторите попытку позже')).toBeTruthy();
  });
});
