/** The forms show the specification's validation messages (section 5), from the contract. */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerFetch, renderWithApp } from '@/test/render';
import { LoginForm } from './login-form';
import { RecoveryRequestForm } from './recovery-request-form';
import { RecoveryUpdateForm } from './recovery-update-form';
import { RegisterForm } from './register-form';
import { VerifyEmail } from './verify-email';

const type = (label: string | RegExp, value: string) => {
  const input = screen.getByLabelText(label, { selector: 'input' });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('registration form', () => {
  it('names every missing field', () => {
    const fetch = answerFetch(201, {});
    renderWithApp(<RegisterForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    for (const text of [
      'Логин обязателен для заполнения',
      'Пароль обязателен',
      'Подтверждение пароля обязательно',
      'Email обязателен',
      'Это поле обязательно',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['Логин', 'ab', 'Логин должен быть не менее 3 символов'],
    ['Логин', 'a'.repeat(21), 'Логин должен быть не длиннее 20 символов'],
    ['Логин', 'имя с пробелом', 'Логин может содержать только буквы, цифры и подчеркивание'],
    [/^Пароль$/, 'short', 'Пароль должен быть не менее 8 символов'],
    [/^Пароль$/, 'x'.repeat(21), 'Пароль должен быть не длиннее 20 символов'],
    ['Email', 'student@', 'Некорректный формат email'],
  ])('%s "%s": %s', (label, value, message) => {
    renderWithApp(<RegisterForm />);
    type(label, value);
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('asks for matching passwords as soon as both are typed', () => {
    renderWithApp(<RegisterForm />);
    type(/^Пароль$/, 'Secret_pass1');
    type('Подтвердите пароль', 'Secret_pass2');
    expect(screen.getByText('Пароли должны совпадать')).toBeTruthy();
  });
});

describe('login form', () => {
  it('requires login and password', () => {
    renderWithApp(<LoginForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(screen.getByText('Логин обязателен')).toBeTruthy();
    expect(screen.getByText('Пароль обязателен')).toBeTruthy();
  });
});

describe('code form', () => {
  it.each([
    ['12a456', 'Дожны быть только цифры'],
    ['123', 'Код должен быть не менее 6 символов'],
    ['1234567', 'Код должен быть не длинее 6 символов'],
  ])('"%s": %s', (value, message) => {
    renderWithApp(<VerifyEmail />);
    type('Код из письма', value);
    expect(screen.getByText(message)).toBeTruthy();
  });
});

describe('recovery', () => {
  it('keeps the button disabled while the e-mail is empty or wrong', () => {
    renderWithApp(<RecoveryRequestForm />);
    const button = screen.getByRole('button', { name: 'Получить письмо' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    type('Email', 'student');
    expect(screen.getByText('Некорректный формат почты')).toBeTruthy();
    expect(button.disabled).toBe(true);
    type('Email', '');
    expect(screen.getByText('Поле обязательно для заполнения')).toBeTruthy();
    type('Email', 'student@example.ru');
    expect(button.disabled).toBe(false);
  });

  it('checks the new password', () => {
    renderWithApp(<RecoveryUpdateForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(screen.getByText('Пароль обязателен')).toBeTruthy();
    expect(screen.getByText('Подтверждение пароля обязательно')).toBeTruthy();
    type('Новый пароль', 'x'.repeat(21));
    expect(screen.getByText('Пароль должен быть не длиннее 20 символов')).toBeTruthy();
  });
});
