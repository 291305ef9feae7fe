/** Accounts in the browser: registration with the code from the outbox, login, cabinet, password
 * change, recovery, and the error texts of the catalogue. */
import { expect, test } from './fixtures';
import { expectAccessible } from './support/check';
import { codeFromMail, mailCount } from './support/mail';
import { createVerifiedUser, uniqueUser } from './support/users';

test('register, verify with the e-mailed code, log in, see the cabinet, change the password', async ({ page }) => {
  const user = uniqueUser('reg');
  await page.goto('/register');

  // Submitting the empty form shows the contract's messages.
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Логин обязателен для заполнения')).toBeVisible();
  await expect(page.getByText('Пароль обязателен')).toBeVisible();
  await expect(page.getByText('Подтверждение пароля обязательно')).toBeVisible();
  await expect(page.getByText('Email обязателен')).toBeVisible();
  await expect(page.getByText('Это поле обязательно')).toBeVisible();

  await page.getByLabel('Логин').fill('ab');
  await page.getByLabel('Пароль', { exact: true }).fill(user.password);
  await page.getByLabel('Подтвердите пароль').fill('другой пароль');
  await page.getByLabel('Email').fill('not-an-email');
  await expect(page.getByText('Логин должен быть не менее 3 символов')).toBeVisible();
  await expect(page.getByText('Пароли должны совпадать')).toBeVisible();
  await expect(page.getByText('Некорректный формат email')).toBeVisible();

  // The password toggle shows what was typed.
  const password = page.getByLabel('Пароль', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Показать пароль' }).first().click();
  await expect(password).toHaveAttribute('type', 'text');

  await page.getByLabel('Логин').fill(user.username);
  await page.getByLabel('Подтвердите пароль').fill(user.password);
  await page.getByLabel('Email').fill(user.email);
  await page.getByText('Я принимаю').click({ position: { x: 4, y: 4 } });
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();

  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByTestId('resend-countdown')).toContainText('через 60 с');
  const code = await codeFromMail(user.email, 0);

  // Code validation, then a wrong code: the attempts left, in Russian plural.
  await page.getByLabel('Код из письма').fill('12ab');
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByText('Дожны быть только цифры')).toBeVisible();
  await page.getByLabel('Код из письма').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByText('Осталось 4 попытки')).toBeVisible();

  await page.getByLabel('Код из письма').fill(code);
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Почта подтверждена')).toBeVisible();

  await page.getByLabel('Логин или email').fill(user.username);
  await page.getByLabel('Пароль', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Неверный логин или пароль')).toBeVisible();
  await page.getByLabel('Пароль', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Личный кабинет' })).toBeVisible();

  await page.getByRole('link', { name: 'Личный кабинет' }).click();
  await expect(page.getByRole('heading', { name: user.username })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();

  await page.getByRole('link', { name: 'Сменить пароль' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  await page.getByLabel('Новый пароль').fill(user.password);
  await page.getByLabel('Подтвердите пароль').fill(user.password);
  await page.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(page.getByText('Новый пароль не может совпадать с текущим паролем')).toBeVisible();

  const newPassword = 'Another_pass2';
  await page.getByLabel('Новый пароль').fill(newPassword);
  await page.getByLabel('Подтвердите пароль').fill(newPassword);
  await page.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Пароль изменён')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Войти' })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Логин или email').fill(user.email);
  await page.getByLabel('Пароль', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('link', { name: 'Личный кабинет' })).toBeVisible();
});

test('registration conflicts are shown on their fields', async ({ page }) => {
  const taken = await createVerifiedUser(page.request, 'dup');
  await page.goto('/register');
  await page.getByLabel('Логин').fill(taken.username);
  await page.getByLabel('Пароль', { exact: true }).fill(taken.password);
  await page.getByLabel('Подтвердите пароль').fill(taken.password);
  await page.getByLabel('Email').fill(taken.email);
  await page.getByText('Я принимаю').click({ position: { x: 4, y: 4 } });
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Этот логин уже зарегистрирован')).toBeVisible();
  await expect(page.getByText('Этот email уже зарегистрирован')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('an unverified account is sent to the code screen; resend restarts the countdown', async ({ page }) => {
  const user = uniqueUser('unv');
  const reg = await page.request.post('/api/v1/registration/register/', {
    headers: { origin: process.env.E2E_BASE_URL! },
    data: { username: user.username, email: user.email, password: user.password },
  });
  expect(reg.status()).toBe(201);
  await page.context().clearCookies();

  await page.clock.install();
  await page.goto('/login');
  await page.getByLabel('Логин или email').fill(user.username);
  await page.getByLabel('Пароль', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText(user.email)).toBeVisible();
  const before = mailCount(user.email);

  // The resend link appears after 60 s; a resend mails a new code and restarts the countdown.
  await expect(page.getByTestId('resend-countdown')).toContainText('через 60 с');
  await page.clock.fastForward('01:01');
  // The server allows a resend 1 s after the login mailed a code; until then it answers 429.
  await expect(async () => {
    await page.getByRole('button', { name: 'Отправить код повторно' }).click();
    await expect(page.getByText('Новый код отправлен на почту')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page.getByTestId('resend-countdown')).toContainText('через 60 с');
  const code = await codeFromMail(user.email, before);

  await page.getByLabel('Код из письма').fill(code);
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('password recovery: unknown e-mail, wrong code, new password, login', async ({ page }) => {
  const user = await createVerifiedUser(page.request, 'rec');
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Забыли пароль?' }).click();
  await expect(page).toHaveURL(/\/recovery-request$/);

  const button = page.getByRole('button', { name: 'Получить письмо' });
  await expect(button).toBeDisabled();
  await page.getByLabel('Email').fill('nobody');
  await expect(page.getByText('Некорректный формат почты')).toBeVisible();
  await expect(button).toBeDisabled();
  await page.getByLabel('Email').fill(`nobody_${Date.now()}@example.ru`);
  await button.click();
  await expect(page.getByText('Пользователя с такой почтой не существует')).toBeVisible();

  await page.getByLabel('Email').fill(user.email);
  await button.click();
  await expect(page).toHaveURL(/\/recovery-verify$/);
  await expect(page.getByText(user.email)).toBeVisible();
  const code = await codeFromMail(user.email, 1);

  await page.getByLabel('Код из письма').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByText('Осталось 4 попытки')).toBeVisible();
  await page.getByLabel('Код из письма').fill(code);
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page).toHaveURL(/\/recovery-update$/);

  await page.getByLabel('Новый пароль').fill('short');
  await page.getByLabel('Подтвердите пароль').fill('short!');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.getByText('Пароль должен быть не менее 8 символов')).toBeVisible();
  await expect(page.getByText('Пароли должны совпадать')).toBeVisible();
  await expectAccessible(page);

  const newPassword = 'Recovered_pass3';
  await page.getByLabel('Новый пароль').fill(newPassword);
  await page.getByLabel('Подтвердите пароль').fill(newPassword);
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Пароль изменён')).toBeVisible();
  await page.getByLabel('Логин или email').fill(user.username);
  await page.getByLabel('Пароль', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('link', { name: 'Личный кабинет' })).toBeVisible();
});
