/** Registration: login, password with confirmation, e-mail and the agreement. */
import { Button, Checkbox, Input, Stack, Text } from '@chakra-ui/react';
import { E, forms } from '@app/contract';
import { useNavigate } from 'react-router-dom';
import { AppLink } from '@/components/app-link';
import { FormAlert } from '@/components/form-alert';
import { FormStack } from '@/components/form-stack';
import { FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { codeOf, errorText, fieldErrorsOf, isHttpFailure } from '@/lib/errors';
import { useZodForm } from '@/lib/form';
import { store, STORAGE } from '@/lib/storage';
import { useRegisterMutation } from '../api/register';

const initial = { username: '', password: '', password_confirm: '', email: '', agreement: false as boolean };

export function RegisterForm() {
  const navigate = useNavigate();
  const form = useZodForm(forms.registerForm, initial);
  const register = useRegisterMutation();

  const onSubmit = form.handleSubmit((values) => {
    const email = values.email.trim();
    register.mutate(
      { body: { username: values.username, email, password: values.password } },
      {
        onSuccess: () => {
          store(STORAGE.email, email);
          void navigate('/verify-email');
        },
        onError: (error) => {
          const code = codeOf(error);
          if (code === 'registration_conflict' && isHttpFailure(error)) {
            const conflicts = (error.body as { detail?: { conflicts?: string[] } }).detail?.conflicts ?? [];
            form.setServerErrors({
              username: conflicts.includes('username') ? E.usernameTaken : undefined,
              email: conflicts.includes('email') ? E.emailTaken : undefined,
            });
          } else if (code === 'code_too_early' || code === 'rate_limited') {
            // A code was sent moments ago: continue with it.
            store(STORAGE.email, email);
            void navigate('/verify-email');
          } else if (code === 'validation_failed' && Object.keys(fieldErrorsOf(error)).length > 0) {
            form.setServerErrors(fieldErrorsOf(error));
          } else {
            form.setFormError(errorText(error));
          }
        },
      },
    );
  });

  return (
    <FormStack onSubmit={onSubmit}>
      <FormField label="Логин" error={form.error('username')}>
        <Input {...form.text('username')} autoComplete="username" />
      </FormField>
      <FormField label="Пароль" error={form.error('password')}>
        <PasswordInput {...form.text('password')} autoComplete="new-password" />
      </FormField>
      <FormField label="Подтвердите пароль" error={form.error('password_confirm')}>
        <PasswordInput {...form.text('password_confirm')} autoComplete="new-password" />
      </FormField>
      <FormField label="Email" error={form.error('email')}>
        <Input {...form.text('email')} type="email" autoComplete="email" />
      </FormField>
      <Stack gap="1">
        <Checkbox.Root
          checked={form.values.agreement}
          onCheckedChange={(e) => form.set('agreement', e.checked === true)}
          invalid={Boolean(form.error('agreement'))}
          alignItems="flex-start"
        >
          <Checkbox.HiddenInput name="agreement" onBlur={() => form.blur('agreement')} />
          <Checkbox.Control mt="0.5" />
          <Checkbox.Label fontWeight="normal">
            Я принимаю{' '}
            <AppLink to="/terms" target="_blank" rel="noopener">
              пользовательское соглашение
            </AppLink>{' '}
            и{' '}
            <AppLink to="/privacy" target="_blank" rel="noopener">
              политику конфиденциальности
            </AppLink>
          </Checkbox.Label>
        </Checkbox.Root>
        {form.error('agreement') ? (
          <Text color="fg.error" fontSize="sm">
            {form.error('agreement')}
          </Text>
        ) : null}
      </Stack>
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      <Button type="submit" colorPalette="blue" loading={register.isPending}>
        Зарегистрироваться
      </Button>
      <Text fontSize="sm">
        Уже есть аккаунт? <AppLink to="/login">Войти</AppLink>
      </Text>
    </FormStack>
  );
}
